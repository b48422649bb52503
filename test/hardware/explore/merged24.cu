// Reads of one array in both branches of an `if`, which clang's
// instcombine merges into one read after the branches (cudpp's
// compress_kernel: `sdata[...]` by `tid1 % 2`); whether nvcc does too,
// issue 9, twenty-fourth session.
#include <cstdio>
__global__ void halves(unsigned char *out, unsigned n) {
  __shared__ unsigned char sdata[16 * 264];
  for (unsigned k = threadIdx.x; k < 16 * 264; k += blockDim.x)
    sdata[k] = k;
  __syncthreads();
  const unsigned t = threadIdx.x;
  unsigned char v, acc = 0;
  for (unsigned i = 0; i < n; i++) {
    if (t % 2 == 0)
      v = sdata[264 * (t / 2) + i];
    else
      v = sdata[(t + 1) / 2 * 264 - 256 + i];
    acc += v / 32;
  }
  out[t] = acc;
}

// The same with words, and the branch taken by half-warps.
__global__ void words(float *out, unsigned n) {
  __shared__ float s[64 * 33];
  for (unsigned k = threadIdx.x; k < 64 * 33; k += blockDim.x)
    s[k] = k;
  __syncthreads();
  const unsigned t = threadIdx.x;
  float v, acc = 0;
  for (unsigned i = 0; i < n; i++) {
    if (t < 16)
      v = s[t * 32 + i];
    else
      v = s[(t - 16) * 32 + 16 + i];
    acc += v;
  }
  out[t] = acc;
}

int main() {
  unsigned char *o;
  float *f;
  cudaMalloc(&o, 64);
  cudaMalloc(&f, 256);
  halves<<<1, 32>>>(o, 8);
  words<<<1, 32>>>(f, 8);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
