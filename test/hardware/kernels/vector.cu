// Hardware test kernels for ldslint: 8-byte (float2) and 16-byte (float4)
// accesses, one warp. 8 B: 2 phases of 16 lanes; 16 B: 4 phases of 8 lanes.
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

#define F2_N (32 * 17)
#define F4_N (32 * 9)

// bank-models.md: float2 s[t*S], S = 1 / 2 / 16 / 17 -> 2 / 4 / 32 / 2.
template <int S>
__global__ void load_float2(float* out) {
  __shared__ float2 s[F2_N];
  int t = threadIdx.x;
  for (int i = t; i < F2_N; i += blockDim.x)
    s[i] = make_float2((float)i, (float)-i);  // @f2.init
  __syncthreads();
  float2 v = s[t * S];  // @f2.load
  out[blockIdx.x * blockDim.x + t] = v.x + v.y;
}

// bank-models.md: float4 s[t*S], S = 1 / 2 / 8 / 9 -> 4 / 8 / 32 / 4.
template <int S>
__global__ void load_float4(float* out) {
  __shared__ float4 s[F4_N];
  int t = threadIdx.x;
  for (int i = t; i < F4_N; i += blockDim.x)
    s[i] = make_float4((float)i, (float)-i, 1.0f, 2.0f);  // @f4.init
  __syncthreads();
  float4 v = s[t * S];  // @f4.load
  out[blockIdx.x * blockDim.x + t] = v.x + v.y + v.z + v.w;
}

// float4 stores s[t*S], S = 1 / 2 -> 4 / 8 (same model as the loads).
template <int S>
__global__ void store_float4(float* out) {
  __shared__ float4 s[32 * 2];
  int t = threadIdx.x;
  s[t * S] = make_float4((float)t, 1.0f, 2.0f, 3.0f);  // @s4.store
  __syncthreads();
  float4 v = s[t];  // @s4.load
  out[blockIdx.x * blockDim.x + t] = v.x + v.y + v.z + v.w;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  load_float2<1><<<1, 32>>>(out);
  load_float2<2><<<1, 32>>>(out);
  load_float2<16><<<1, 32>>>(out);
  load_float2<17><<<1, 32>>>(out);
  load_float4<1><<<1, 32>>>(out);
  load_float4<2><<<1, 32>>>(out);
  load_float4<8><<<1, 32>>>(out);
  load_float4<9><<<1, 32>>>(out);
  store_float4<1><<<1, 32>>>(out);
  store_float4<2><<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("vector: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
