// Hardware test kernels for ldslint: broadcasts (same 32-bit word) vs distinct
// words in one bank. One warp. See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

#define BC_N 128

// bank-models.md: s[0] from all lanes -> 1 wavefront.
__global__ void bcast_zero(float* out) {
  __shared__ float s[BC_N];
  int t = threadIdx.x;
  for (int i = t; i < BC_N; i += blockDim.x)
    s[i] = (float)i;  // @bz.init
  __syncthreads();
  float v = s[0];  // @bz.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// bank-models.md: s[t/8] (8 lanes per word, 4 words) -> 1 wavefront.
__global__ void bcast_div8(float* out) {
  __shared__ float s[BC_N];
  int t = threadIdx.x;
  for (int i = t; i < BC_N; i += blockDim.x)
    s[i] = (float)i;  // @bd.init
  __syncthreads();
  float v = s[t / 8];  // @bd.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// 4 distinct words, all in bank 0, 8 lanes each -> 4 wavefronts
// (broadcast within a word, conflict between words).
__global__ void bcast_same_bank(float* out) {
  __shared__ float s[BC_N];
  int t = threadIdx.x;
  for (int i = t; i < BC_N; i += blockDim.x)
    s[i] = (float)i;  // @bb.init
  __syncthreads();
  float v = s[(t % 4) * 32];  // @bb.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// Store where 8 lanes write the same word: no conflict expected -> 1.
__global__ void bcast_store(float* out) {
  __shared__ float s[BC_N];
  int t = threadIdx.x;
  s[t / 8] = (float)t;  // @bs.store
  __syncthreads();
  float v = s[t % 4];  // @bs.load
  out[blockIdx.x * blockDim.x + t] = v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  bcast_zero<<<1, 32>>>(out);
  bcast_div8<<<1, 32>>>(out);
  bcast_same_bank<<<1, 32>>>(out);
  bcast_store<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("broadcast: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
