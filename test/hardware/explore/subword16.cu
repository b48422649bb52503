// Exploration (not part of the validated kit): 1- and 2-byte accesses of a
// loop nvcc unrolls, from the sixteenth session (FlashAttention 2's
// `cute::fill` of a half tile). ldslint answers `unknown` where consecutive
// iterations are adjacent (the compiler may make one wider access of them)
// and evaluates the others as written. test/hardware/explore/run.sh
// measures them (CASES=subword16).
#include <cstdio>
#include <cuda_runtime.h>

// 8 halves per lane: 4-way as 2-byte stores, 2-way as 8-byte ones, none as
// 16-byte ones (predicted: unknown; measured: 2 STS.64, 2-way).
__global__ void fill_halves(short *out) {
  __shared__ short tile[32 * 8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
    tile[threadIdx.x * 8 + i] = 0;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x * 8 + (threadIdx.x & 7)];
}

// Each lane owns 4 consecutive bytes at a 64-byte stride: 16-way as 1-byte
// stores and as one 4-byte store (predicted: unknown; measured: four
// STS.U8, 16-way).
__global__ void fill_bytes(unsigned char *out) {
  __shared__ unsigned char b[32 * 64];
#pragma unroll
  for (int i = 0; i < 4; ++i)
    b[threadIdx.x * 64 + i] = 1;
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x * 64];
}

// Iterations 64 bytes apart are never adjacent: as written (predicted: no
// conflict, exact).
__global__ void spaced_halves(short *out) {
  __shared__ short h[32 * 2 * 4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
    h[threadIdx.x * 2 + 64 * i] = 1;
  __syncthreads();
  out[threadIdx.x] = h[threadIdx.x * 2];
}

int main() {
  short *s;
  cudaMalloc(&s, 4096);
  fill_halves<<<1, 32>>>(s);
  fill_bytes<<<1, 32>>>(reinterpret_cast<unsigned char *>(s));
  spaced_halves<<<1, 32>>>(s);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
