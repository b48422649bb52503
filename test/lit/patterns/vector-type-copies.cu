// `FLOAT4(x)` (reinterpret_cast<float4 *>(&x)[0]) on a float array: clang's
// IR has the element's 4-byte alignment on both sides of the copy, but nvcc
// trusts the float4 type. Measured on the H200
// (test/hardware/idioms/vector_copies.cu): a copy whose four fields are all
// used is one STS.128 / LDS.128, conflict-free here; a read of which only
// `.x` and `.w` are used is two 4-byte loads, each 4-way here.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:
#define FLOAT4(value) (reinterpret_cast<float4 *>(&(value))[0])

__global__ void copies(float *out) {
  __shared__ float s_b[8][128];
  float r[4];
  for (int i = 0; i < 4; ++i)
    r[i] = out[threadIdx.x * 4 + i];
  const int k = threadIdx.x / 32, n = (threadIdx.x % 32) * 4;
  FLOAT4(s_b[k][n]) = FLOAT4(r[0]);
  // CHECK: vector-type-copies.cu:[[@LINE-1]]:3: remark: writing shared array 's_b' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  __syncthreads();
  float4 v = FLOAT4(s_b[k][n]);
  // CHECK: vector-type-copies.cu:[[@LINE-1]]:21: remark: reading shared array 's_b' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  float4 w;
  w = FLOAT4(s_b[k][(n + 4) % 128]);
  // CHECK: vector-type-copies.cu:[[@LINE-1]]:14: warning: 4-way bank conflict reading shared array 's_b' on sm_{{[0-9]+}}: 4 wavefronts per warp instruction, ideal 1
  out[threadIdx.x] = v.x + v.y + v.z + v.w + w.x + w.w;
}

void launch(float *o) { copies<<<1, 256>>>(o); }
