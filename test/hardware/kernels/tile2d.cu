// Hardware test kernels for ldslint: 2-D blocks narrower than a warp, where one
// warp spans several rows (16x16: 2 rows per warp, 8x8: 4 rows per warp).
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

// Block 16x16. tile[16][16]: write tile[ty][tx] -> 1, read tile[tx][ty] -> 8.
// tile[16][17]: the padding does NOT fully help here, because a warp holds two
// rows (ty, ty+1): write -> 2, read -> 2 (see README for the derivation).
template <int PAD>
__global__ void tile16(float* out) {
  __shared__ float tile[16][16 + PAD];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  tile[ty][tx] = (float)(ty * 16 + tx);  // @t16.write
  __syncthreads();
  float v = tile[tx][ty];  // @t16.read
  out[ty * 16 + tx] = v;
}

// Block 8x8. tile[8][8]: write -> 1, read tile[tx][ty] -> 2.
// tile[8][9]: write -> 2 (words 0 and 9*3+5 = 32 share bank 0), read -> 2
// (words 0 and 9*7+1 = 64): a pad of one word is not enough for 4 rows a warp.
template <int PAD>
__global__ void tile8(float* out) {
  __shared__ float tile[8][8 + PAD];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  tile[ty][tx] = (float)(ty * 8 + tx);  // @t8x.write
  __syncthreads();
  float v = tile[tx][ty];  // @t8x.read
  out[ty * 8 + tx] = v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  tile16<0><<<1, dim3(16, 16)>>>(out);
  tile16<1><<<1, dim3(16, 16)>>>(out);
  tile8<0><<<1, dim3(8, 8)>>>(out);
  tile8<1><<<1, dim3(8, 8)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("tile2d: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
