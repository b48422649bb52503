// Exploration (not part of the validated kit): runs of more than two
// adjacent doubles. Does ptxas split such a run into the pairs whose lower
// address is 16-byte aligned, each one STS.128 / LDS.128, and leave a member
// without an aligned partner one STS.64 / LDS.64? HeCBench's zmddft stores
// the 32 doubles of a row `T3[a + k]` (a = 512 * (t / 16) + 32 * (t % 16)),
// pairs (k, k + 1) in a scrambled order. One case per kernel, one warp;
// test/hardware/explore/run.sh measures them (CASES=runs18), and the SASS
// column of the report names the instructions.
#include <cstdio>
#include <cuda_runtime.h>

#define FILL(s, n)                                                             \
  for (int j = threadIdx.x; j < (n); j += blockDim.x)                          \
    (s)[j] = (double)j;                                                        \
  __syncthreads();

// zmddft's row: 16 pairs stored in the order the FFT computes them.
__global__ void drun_store_fft32(double *out, const double *in) {
  __shared__ double s[2048];
  const int t = threadIdx.x;
  const int a = 512 * (t / 16) + 32 * (t % 16);
  const double *v = in + 32 * t;
  s[a + 0] = v[0];
  s[a + 1] = v[1];
  s[a + 16] = v[2];
  s[a + 17] = v[3];
  s[a + 8] = v[4];
  s[a + 9] = v[5];
  s[a + 24] = v[6];
  s[a + 25] = v[7];
  s[a + 2] = v[8];
  s[a + 3] = v[9];
  s[a + 18] = v[10];
  s[a + 19] = v[11];
  s[a + 10] = v[12];
  s[a + 11] = v[13];
  s[a + 26] = v[14];
  s[a + 27] = v[15];
  s[a + 4] = v[16];
  s[a + 5] = v[17];
  s[a + 20] = v[18];
  s[a + 21] = v[19];
  s[a + 12] = v[20];
  s[a + 13] = v[21];
  s[a + 28] = v[22];
  s[a + 29] = v[23];
  s[a + 6] = v[24];
  s[a + 7] = v[25];
  s[a + 22] = v[26];
  s[a + 23] = v[27];
  s[a + 14] = v[28];
  s[a + 15] = v[29];
  s[a + 30] = v[30];
  s[a + 31] = v[31];
  __syncthreads();
  out[t] = s[t] + s[t + 1024];
}

// Four adjacent doubles read in order, the first 16-byte aligned.
__global__ void drun_load4(double *out) {
  __shared__ double s[128];
  FILL(s, 128)
  const int t = threadIdx.x;
  const double a = s[4 * t];
  const double b = s[4 * t + 1];
  const double c = s[4 * t + 2];
  const double d = s[4 * t + 3];
  out[t] = a * b + c * d;
}

// Three adjacent doubles, the first at 8 modulo 16: one alone, one pair.
__global__ void drun_store3_odd(double *out, const double *in) {
  __shared__ double s[136];
  const int t = threadIdx.x;
  s[4 * t + 1] = in[t];
  s[4 * t + 2] = in[t + 32];
  s[4 * t + 3] = in[t + 64];
  __syncthreads();
  out[t] = s[t] + s[t + 64];
}

// Three adjacent doubles, the first 16-byte aligned: one pair, one alone.
__global__ void drun_load3(double *out) {
  __shared__ double s[128];
  FILL(s, 128)
  const int t = threadIdx.x;
  const double a = s[4 * t];
  const double b = s[4 * t + 1];
  const double c = s[4 * t + 2];
  out[t] = a + b * c;
}

int main() {
  double *out = nullptr;
  cudaMalloc(&out, 1 << 20);
  drun_store_fft32<<<1, 32>>>(out, out + 4096);
  drun_load4<<<1, 32>>>(out);
  drun_store3_odd<<<1, 32>>>(out, out + 4096);
  drun_load3<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  printf("runs18: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
