// Compare-and-swap through references: the swap's reads reuse the test's.
#include <cstdio>

__device__ inline void swapIfGreater(unsigned &keyA, unsigned &keyB) {
  if (keyA > keyB) {
    unsigned t = keyA;
    keyA = keyB;
    keyB = t;
  }
}

__global__ void sortPairs(unsigned *d) {
  __shared__ unsigned s[192];
  s[threadIdx.x] = d[threadIdx.x];
  s[threadIdx.x + 64] = d[threadIdx.x + 64];
  s[threadIdx.x + 128] = d[threadIdx.x + 128];
  __syncthreads();
  swapIfGreater(s[2 * threadIdx.x], s[2 * threadIdx.x + 64]);
  __syncthreads();
  d[threadIdx.x] = s[threadIdx.x];
}

__global__ void fill(unsigned *d) { d[threadIdx.x] = 1000u - threadIdx.x; }

int main() {
  unsigned *d;
  cudaMalloc(&d, 192 * sizeof(unsigned));
  fill<<<1, 192>>>(d);
  sortPairs<<<1, 64>>>(d);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("reused_reads: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
