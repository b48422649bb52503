// NVIDIA: ptxas fuses the 4-byte accesses of consecutive loop iterations into
// LDS.128/STS.128 (measured on the H200: test/hardware/explore/fusion.cu,
// docs/results/loop-fusion.md); the finding is per fused instruction. Loops
// kept rolled (`#pragma unroll 1`) stay 4-byte accesses; cases not measured
// claim only what every way of emitting them shares. AMD is unchanged.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// (One engine: the findings are the device IR's, per fused instruction.)
// Inside clang (the plugin) the PTX is clang's, of which ptxas fuses only
// some iterations (measured: rows8 became LDS.128 + LDS.64 + 2 LDS): only
// verdicts every way of emitting the access shares are claimed.
// RUN: %clang -x cuda -nocudainc -nocudalib -fsyntax-only -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch %plugin -Xclang -plugin-arg-ldslint -Xclang report-all %s 2>&1 | FileCheck %s --check-prefix=CLANG
// CLANG: loop-fusion.cu:29:12: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: ptxas may fuse {{.*}}of clang's PTX it fuses only some, measured); as written (4-byte): 2-way; as LDS.64 pairs: no conflict; as LDS.128: no conflict
// CLANG: loop-fusion.cu:42:12: warning: 2-way bank conflict reading shared array 's'
// CLANG: loop-fusion.cu:54:12: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 32+ wavefronts per warp instruction, ideal 4
// Relocatable device code (-fgpu-rdc; nvcc -rdc=true or -dc through a
// compile database): ptxas fuses nothing then (measured on the H200:
// NVIDIA's matrixMul keeps 32 LDS with -rdc=true, 8 LDS.128 without), so
// the access is costed as written.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: loop-fusion.cu:29:12: warning: 2-way bank conflict reading shared array 's'
// RDC: note: relocatable device code (-fgpu-rdc, nvcc -rdc=true): ptxas does not fuse iterations of 'i' into wider accesses (measured on the H200), so the access runs as written

// Rows of 8 floats, 4 lanes a row: 2-way as written, conflict-free fused.
__global__ void rows8(float *out) {
  __shared__ float s[256];
  const int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + i];
  // CHECK: loop-fusion.cu:[[@LINE-1]]:12: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // CHECK: note: ptxas fuses 4 consecutive iterations of 'i' into one 16-byte LDS.128
  out[t] = acc;
}

// The same loop kept rolled: four-byte loads, 2-way.
__global__ void rows8_rolled(float *out) {
  __shared__ float s[256];
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll 1
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + i];
  // CHECK: loop-fusion.cu:[[@LINE-1]]:12: warning: 2-way bank conflict reading shared array 's'
  // CHECK-NOT: ptxas
  out[t] = acc;
}

// A row per lane of float[32][32]: 8 lanes of a quarter-warp in banks 0-3.
__global__ void row32(float *out) {
  __shared__ float s[32][32];
  const int t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 32; ++k)
    acc += s[t][k];
  // CHECK: loop-fusion.cu:[[@LINE-1]]:12: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 4
  // CHECK: note: ptxas fuses 4 consecutive iterations of 'k' into one 16-byte LDS.128
  out[t] = acc;
}

// Padded rows are never 16-byte aligned: four-byte loads, no conflict.
__global__ void row33(float *out) {
  __shared__ float s[32][33];
  const int t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 32; ++k)
    acc += s[t][k];
  // CHECK: loop-fusion.cu:[[@LINE-1]]:12: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  out[t] = acc;
}

// One float off the aligned rows: 2-way as written, fused otherwise by
// ptxas (measured: LDS + LDS.128 x2): not claimed.
__global__ void rows8_off1(float *out) {
  __shared__ float s[264];
  const int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + 1 + i];
  // CHECK: loop-fusion.cu:[[@LINE-1]]:12: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: ptxas may fuse the accesses of consecutive iterations of 'i' into wider ones {{.*}}; as written (4-byte): 2-way
  out[t] = acc;
}

// Stores fuse too (STS.128).
__global__ void store_rows8(float *out) {
  __shared__ float s[256];
  const int t = threadIdx.x;
  for (int i = 0; i < 8; ++i)
    s[(t / 4) * 8 + i] = (float)(t + i);
  // CHECK: loop-fusion.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  // CHECK: note: ptxas fuses 4 consecutive iterations of 'i' into one 16-byte STS.128
  __syncthreads();
  out[t] = s[t];
}

void launch(float *o) {
  rows8<<<1, 32>>>(o);
  rows8_rolled<<<1, 32>>>(o);
  row32<<<1, 32>>>(o);
  row33<<<1, 32>>>(o);
  rows8_off1<<<1, 32>>>(o);
  store_rows8<<<1, 32>>>(o);
}
