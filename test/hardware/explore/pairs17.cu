// Exploration (not part of the validated kit): two 8-byte shared accesses
// to adjacent doubles, 16-byte aligned for every thread (HeCBench's zmddft:
// `T3[a] = x; T3[a + 1] = y` with a = 512 * (t / 16) + 32 * (t % 16)). Does
// ptxas make one STS.128 / LDS.128 of them, as it makes one LDS.64 of two
// adjacent 4-byte words (pairs.cu)? ldslint calls such pairs `unknown`
// ("the compiler may merge this access"). One case per kernel, one warp;
// test/hardware/explore/run.sh measures them (CASES=pairs17), and the SASS
// column of the report names the instructions.
#include <cstdio>
#include <cuda_runtime.h>

#define FILL(s, n)                                                             \
  for (int j = threadIdx.x; j < (n); j += blockDim.x)                          \
    (s)[j] = (double)j;                                                        \
  __syncthreads();

// zmddft's store: 16-way as two STS.64 (rows of 32 doubles).
__global__ void dpair_store_fft(double *out, const double *in) {
  __shared__ double s[2048];
  const int t = threadIdx.x;
  const int a = 512 * (t / 16) + 32 * (t % 16);
  s[a] = in[t];
  s[a + 1] = in[t + 32];
  __syncthreads();
  out[t] = s[32 * t] + s[32 * t + 1];
}

// Adjacent doubles read back to back, 16-byte aligned.
__global__ void dpair_load(double *out) {
  __shared__ double s[64];
  FILL(s, 64)
  const int t = threadIdx.x;
  const double a = s[2 * t];
  const double b = s[2 * t + 1];
  out[t] = a + b;
}

// Odd pairs: the lower double is 8 mod 16, no 16-byte instruction exists.
__global__ void dpair_load_odd(double *out) {
  __shared__ double s[72];
  FILL(s, 72)
  const int t = threadIdx.x;
  const double a = s[2 * t + 1];
  const double b = s[2 * t + 2];
  out[t] = a + b;
}

// Stores of adjacent doubles at a stride of 4 doubles (2-way as STS.64).
__global__ void dpair_store_stride4(double *out, const double *in) {
  __shared__ double s[128];
  const int t = threadIdx.x;
  s[4 * t] = in[t];
  s[4 * t + 1] = in[t + 32];
  __syncthreads();
  out[t] = s[t] + s[t + 32];
}

// Dynamic shared memory.
__global__ void dpair_load_extern(double *out) {
  extern __shared__ double dyn[];
  FILL(dyn, 64)
  const int t = threadIdx.x;
  const double a = dyn[2 * t];
  const double b = dyn[2 * t + 1];
  out[t] = a * b;
}

int main() {
  double *out = nullptr;
  cudaMalloc(&out, 1 << 20);
  dpair_store_fft<<<1, 32>>>(out, out + 4096);
  dpair_load<<<1, 32>>>(out);
  dpair_load_odd<<<1, 32>>>(out);
  dpair_store_stride4<<<1, 32>>>(out, out + 4096);
  dpair_load_extern<<<1, 32, 64 * sizeof(double)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  printf("pairs17: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
