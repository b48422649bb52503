// Hardware test kernels for ldslint: the inner loop of a tiled SGEMM,
// block TILE x TILE. The k loop is kept rolled (#pragma unroll 1) so that
// As[ty][k], As[ty][k+1], ... cannot be merged into one 16-byte LDS.128 (nvcc
// 13 keeps them scalar in PTX when unrolled, but ptxas' SASS is not checked).
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

// As[ty][k]: one word per row, broadcast -> 1. Bs[k][tx]: a row -> 1.
// Writes: [16][17] with a 16x16 block -> 2 (a warp holds two rows), else 1.
template <int TILE, int PAD>
__global__ void sgemm_tile(float* out) {
  __shared__ float As[TILE][TILE + PAD];
  __shared__ float Bs[TILE][TILE + PAD];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  As[ty][tx] = (float)(ty - tx);  // @sg.wa
  Bs[ty][tx] = (float)(ty + tx);  // @sg.wb
  __syncthreads();
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < TILE; ++k) {
    float a = As[ty][k];  // @sg.a
    float b = Bs[k][tx];  // @sg.b
    acc += a * b;
  }
  out[ty * TILE + tx] = acc;
}

// Same, but B read column-wise, Bs[tx][k] (a transposed B tile):
// [32][32] -> 32, [32][33] -> 1, [16][16] -> 8, [16][17] -> 1.
template <int TILE, int PAD>
__global__ void sgemm_bt(float* out) {
  __shared__ float As[TILE][TILE + PAD];
  __shared__ float Bs[TILE][TILE + PAD];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  As[ty][tx] = (float)(ty - tx);  // @sb.wa
  Bs[ty][tx] = (float)(ty + tx);  // @sb.wb
  __syncthreads();
  float acc = 0.0f;
#pragma unroll 1
  for (int k = 0; k < TILE; ++k) {
    float a = As[ty][k];  // @sb.a
    float b = Bs[tx][k];  // @sb.b
    acc += a * b;
  }
  out[ty * TILE + tx] = acc;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  sgemm_tile<16, 0><<<1, dim3(16, 16)>>>(out);
  sgemm_tile<16, 1><<<1, dim3(16, 16)>>>(out);
  sgemm_tile<32, 0><<<1, dim3(32, 32)>>>(out);
  sgemm_tile<32, 1><<<1, dim3(32, 32)>>>(out);
  sgemm_bt<16, 0><<<1, dim3(16, 16)>>>(out);
  sgemm_bt<16, 1><<<1, dim3(16, 16)>>>(out);
  sgemm_bt<32, 0><<<1, dim3(32, 32)>>>(out);
  sgemm_bt<32, 1><<<1, dim3(32, 32)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("sgemm: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
