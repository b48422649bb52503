// Exploration: arrays no larger than one row of the banks (32 words on
// NVIDIA) have each word in a bank of its own, so no index, even one
// loaded at run time or divided by a kernel argument, conflicts. ldslint
// says "no bank conflict" for them (test/lit/patterns/small-arrays.cu);
// a 64-word table read at the same data-dependent keys stays `unknown`
// (measured here: the keys below put lanes 0 and 1 at words 0 and 32).
// test/hardware/explore/run.sh measures it (CASES=small28).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void table32(float *out, const int *keys) {
  __shared__ float table[32];
  table[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = table[keys[threadIdx.x] & 31];
}

__global__ void groups(float *out, int group) {
  __shared__ float sum[4];
  const int g = threadIdx.x / group;
  if (threadIdx.x % group == 0)
    sum[g] = g;
  __syncthreads();
  out[threadIdx.x] = sum[g];
}

__global__ void table64(float *out, const int *keys) {
  __shared__ float table[64];
  table[threadIdx.x] = threadIdx.x;
  table[threadIdx.x + 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = table[keys[threadIdx.x] & 63];
}

int main() {
  float *out;
  int *keys;
  cudaMalloc(&out, 4096);
  cudaMalloc(&keys, 32 * sizeof(int));
  int h[32];
  for (int i = 0; i < 32; ++i)
    h[i] = (i * 32) % 64; // words 0, 32, 0, 32, ...: every lane in bank 0
  cudaMemcpy(keys, h, sizeof h, cudaMemcpyHostToDevice);
  table32<<<1, 32>>>(out, keys);
  groups<<<1, 32>>>(out, 8);
  table64<<<1, 32>>>(out, keys);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
