// Hardware test kernels for ldslint: 32x32 float transpose through shared memory.
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

// Block 32x32. bank-models.md: tile[32][32] read tile[x][y] -> 32 per warp;
// tile[32][33] -> 1. The row write tile[y][x] is conflict-free in both.
template <int PAD>
__global__ void transpose_tile(float* out) {
  __shared__ float tile[32][32 + PAD];
  int x = threadIdx.x;
  int y = threadIdx.y;
  tile[y][x] = (float)(y * 32 + x);  // @tt.write
  __syncthreads();
  float v = tile[x][y];  // @tt.read
  out[y * 32 + x] = v;
}

// Block 32x32. bank-models.md: XOR swizzle write tile[y][x^y], read
// tile[x][y^x] -> 1 wavefront each.
__global__ void transpose_xor(float* out) {
  __shared__ float tile[32][32];
  int x = threadIdx.x;
  int y = threadIdx.y;
  tile[y][x ^ y] = (float)(y * 32 + x);  // @tx.write
  __syncthreads();
  float v = tile[x][y ^ x];  // @tx.read
  out[y * 32 + x] = v;
}

// Block 32x8, each thread moves 4 rows (the classic tiled transpose; nvcc
// unrolls both loops, so each tagged line becomes 4 instructions).
template <int PAD>
__global__ void transpose_32x8(float* out) {
  __shared__ float tile[32][32 + PAD];
  int x = threadIdx.x;
  int y = threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[y + j][x] = (float)((y + j) * 32 + x);  // @t8.write
  __syncthreads();
  for (int j = 0; j < 32; j += 8) {
    float v = tile[x][y + j];  // @t8.read
    out[(y + j) * 32 + x] = v;
  }
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  transpose_tile<0><<<1, dim3(32, 32)>>>(out);
  transpose_tile<1><<<1, dim3(32, 32)>>>(out);
  transpose_xor<<<1, dim3(32, 32)>>>(out);
  transpose_32x8<0><<<1, dim3(32, 8)>>>(out);
  transpose_32x8<1><<<1, dim3(32, 8)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("transpose: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
