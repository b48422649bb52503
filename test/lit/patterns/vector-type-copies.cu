// `FLOAT4(x)` (reinterpret_cast<float4 *>(&x)[0]) on a float array: clang's
// IR has the element's 4-byte alignment on both sides of the copy, but nvcc
// trusts the float4 type and emits one STS.128 / LDS.128 (as the H200
// measures for test/hardware/kernels/patterns.cu `cast_store`). Each copy
// is one 16-byte access, also when only some of its fields are used later:
// conflict-free here, where each 4-byte piece alone would be 4-way.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="4-byte"
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
  // CHECK: vector-type-copies.cu:[[@LINE-1]]:14: remark: reading shared array 's_b' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  out[threadIdx.x] = v.x + v.w + w.y;
}

void launch(float *o) { copies<<<1, 256>>>(o); }
