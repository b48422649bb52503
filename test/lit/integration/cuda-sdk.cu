// With the real CUDA 13 headers (clang 22 parses them with a version
// warning): builtins, dim3 launch sites, float4 and __half accesses.
// REQUIRES: cuda-sdk
// RUN: %clang -x cuda --cuda-gpu-arch=sm_90 --cuda-device-only -fsyntax-only --cuda-path=%cuda_path %plugin %s 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <cuda_runtime.h>
#include <cuda_fp16.h>

template <int S>
__global__ void vec4(float4 *out) {
  __shared__ float4 s[8 * 32];
  s[threadIdx.x] = make_float4(1, 2, 3, 4);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * S];
  // CHECK: cuda-sdk.cu:[[@LINE-1]]:22: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 4 [ldslint]
}

__global__ void halves(__half *out) {
  __shared__ __half h[64];
  h[threadIdx.x] = __float2half(1.0f);
  __syncthreads();
  out[threadIdx.x] = h[threadIdx.x * 2];
}

int main() {
  dim3 block(32);
  vec4<8><<<1, block>>>(nullptr);
  vec4<9><<<1, block>>>(nullptr);
  halves<<<1, 32>>>(nullptr);
}
