// Exploration (not part of the validated kit): loops whose bound is a
// kernel argument and whose variable halves (bitonic sorts: NVIDIA's
// sortingNetworks, ggml's argsort, HIP's bitonic sort), decided by the
// thirteenth session for every value the variable can take, measured on an
// H200 against ldslint's predictions. test/hardware/explore/run.sh
// measures them (CASES=idioms13). `n` comes from the command line, so
// ldslint cannot know it.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// The partner exchange of a bitonic sort: lanes whose bit `j` is clear read
// and write element t ^ j, a permutation within or between warps
// (predicted: no conflict for every j).
__global__ void bitonic_partner(float *d, int n) {
  __shared__ float s[512];
  const int t = threadIdx.x;
  s[t] = d[t];
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      __syncthreads();
      const int ixj = t ^ j;
      if (ixj > t) {
        const float a = s[t], b = s[ixj];
        if (((t & k) == 0) == (a > b)) {
          s[t] = b;
          s[ixj] = a;
        }
      }
    }
  __syncthreads();
  d[t] = s[t];
}

// Every lane reads element 2 * (t ^ j): two lanes per bank for every j
// (predicted: 2-way).
__global__ void xor_stride2(float *d, int n) {
  __shared__ float s[2048];
  const int t = threadIdx.x;
  for (int i = t; i < 2048; i += 512)
    s[i] = d[i];
  float acc = 0;
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      __syncthreads();
      acc += s[2 * (t ^ j)];
    }
  d[t] = acc;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 512;
  float *f;
  cudaMalloc(&f, 4096 * sizeof(float));
  cudaMemset(f, 0, 4096 * sizeof(float));
  bitonic_partner<<<1, 512>>>(f, n);
  xor_stride2<<<1, 512>>>(f, n);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
