// A 16-byte copy through a pointer cast to a vector type on a 2-byte array
// (`LDST128BITS(s[r][c]) = ...`, common in half-precision GEMMs): nvcc emits
// one STS.128 per lane; clang's IR keeps the vector's alignment on one side
// only, and the other side's (2, the element's) would split it into eight
// 2-byte stores (4-way each here). The device-IR engine costs it as nvcc
// emits it.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:

#define LDST128BITS(value) (reinterpret_cast<float4 *>(&(value))[0])

__global__ void tileLoad(const float4 *in, float4 *out) {
  __shared__ short s[16][16];
  const int row = threadIdx.x / 2, col = (threadIdx.x % 2) * 8;
  LDST128BITS(s[row][col]) = in[threadIdx.x];
  // CHECK: vector-cast-copy.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
  __syncthreads();
  out[threadIdx.x] = LDST128BITS(s[row][col]);
  // CHECK: vector-cast-copy.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
}

void launch(const float4 *in, float4 *out) { tileLoad<<<1, 32>>>(in, out); }
