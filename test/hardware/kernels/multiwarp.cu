// Hardware test kernels for ldslint: 1-D blocks of several warps (64, 128),
// a partial last warp (48 threads) and a pattern that differs per warp.
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

#define MW_N (128 * 33)

// s[t*S] with more than one warp; every warp sees the same bank pattern,
// except a partial warp (block 48: warp 1 has 16 lanes).
// <2> block 64 x grid 2 -> 2; <32> block 128 -> 32; <33> block 128 -> 1;
// <4> block 48 -> (4 + 2) / 2 = 3.
template <int S>
__global__ void load_stride_warps(float* out) {
  __shared__ float s[MW_N];
  int t = threadIdx.x;
  for (int i = t; i < MW_N; i += blockDim.x)
    s[i] = (float)i;  // @mw.init
  __syncthreads();
  float v = s[t * S];  // @mw.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// Stride grows with the warp index: warp w reads s[t * (w + 1)].
// Block 128: warps see stride 1, 2, 3, 4 -> 1, 2, 1, 4: mean 2.
__global__ void warp_dependent_stride(float* out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  for (int i = t; i < 512; i += blockDim.x)
    s[i] = (float)i;  // @wd.init
  __syncthreads();
  float v = s[t * (1 + t / 32)];  // @wd.load
  out[blockIdx.x * blockDim.x + t] = v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  load_stride_warps<2><<<2, 64>>>(out);
  load_stride_warps<32><<<1, 128>>>(out);
  load_stride_warps<33><<<1, 128>>>(out);
  load_stride_warps<4><<<1, 48>>>(out);
  warp_dependent_stride<<<1, 128>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("multiwarp: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
