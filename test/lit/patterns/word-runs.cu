// A run of more than two adjacent 4-byte words is split as ptxas splits it,
// lowest first: four words from a 16-byte aligned address are one
// LDS.128/STS.128, two from an 8-byte aligned address one LDS.64/STS.64,
// and a word left without aligned partners is one instruction (measured:
// test/hardware/explore/runs37.cu, on an H100; nvdiffrast writes `bary[0..5]` into rows
// of 18 floats, 8-byte aligned for every thread, 16 for every other).
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// With relocatable device code ptxas merges no accesses of a static array:
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: word-runs.cu:[[@LINE+6]]:3: warning: 2-way bank conflict writing shared array 's'
// RDC: note: not merged with the other accesses of this run: with relocatable device code

__global__ void store6_rows18(float *out) {
  __shared__ float s[32 * 18];
  float *bary = s + 18 * threadIdx.x;
  bary[0] = 0.0f, bary[1] = 0.0f;
  // CHECK: word-runs.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-2]], column 19 into one 8-byte STS.64
  bary[2] = 1.0f, bary[3] = 0.0f;
  // CHECK: word-runs.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-2]], column 19 into one 8-byte STS.64
  bary[4] = 0.0f, bary[5] = 1.0f;
  // CHECK: word-runs.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-2]], column 19 into one 8-byte STS.64
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 64];
}

// The first word is 4 modulo 8: alone (2-way, rows of 18 words), then a pair.
__global__ void load3_odd(float *out, const float *in) {
  __shared__ float s[32 * 18];
  for (int j = threadIdx.x; j < 32 * 18; j += blockDim.x)
    s[j] = in[j];
  __syncthreads();
  const float *bary = s + 18 * threadIdx.x;
  const float a = bary[1], b = bary[2], c = bary[3];
  // CHECK: word-runs.cu:[[@LINE-1]]:19: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 2 wavefronts per warp instruction, ideal 1
  // CHECK: note: not merged: its address is 4 modulo 8 for every thread, so no 8-byte instruction starts at it
  // CHECK: word-runs.cu:[[@LINE-3]]:32: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-4]], column 45 into one 8-byte LDS.64
  out[threadIdx.x] = a + b * c;
}

// Rows of 8 words, 16-byte aligned: four words in one LDS.128 (2-way at a
// 32-byte lane stride), the fifth alone (8-way).
__global__ void load5_rows8(float *out, const float *in) {
  __shared__ float s[32 * 8];
  for (int j = threadIdx.x; j < 32 * 8; j += blockDim.x)
    s[j] = in[j];
  __syncthreads();
  const float *r = s + 8 * threadIdx.x;
  out[threadIdx.x] = r[0] + r[1] * r[2] + r[3] * r[4];
  // CHECK: word-runs.cu:[[@LINE-1]]:22: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 4
  // CHECK: note: ptxas merges this access with the ones at line [[@LINE-2]], column 29, line [[@LINE-2]], column 36, line [[@LINE-2]], column 43 into one 16-byte LDS.128
  // CHECK: word-runs.cu:[[@LINE-3]]:50: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 8 wavefronts per warp instruction, ideal 1
  // CHECK: note: not merged: ptxas starts an 8-byte instruction only at an 8-byte aligned address
}

// Six words at `&smem[n]`, n a kernel argument (TensorRT's roiPooling
// writes four so): ptxas cannot prove any alignment and merges none.
__global__ void at_argument(const float *in, float *out, int n) {
  extern __shared__ float smem[];
  float *r = &smem[n + 6 * threadIdx.x];
  r[0] = in[0], r[1] = in[1], r[2] = in[2], r[3] = in[3], r[4] = in[4], r[5] = in[5];
  // CHECK: word-runs.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 'smem'
  // CHECK: note: not merged with the other accesses of this run: whether the run's lowest address is a multiple of 8 bytes depends on `n`, which ptxas cannot know
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x];
}

void launch(float *o, const float *i, int n) {
  at_argument<<<1, 32, 4096>>>(i, o, n);
  store6_rows18<<<1, 32>>>(o);
  load3_odd<<<1, 32>>>(o, i);
  load5_rows8<<<1, 32>>>(o, i);
}
