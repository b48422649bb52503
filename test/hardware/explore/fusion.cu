// Exploration (not part of the validated kit): when do nvcc/ptxas fuse the
// 4-byte shared accesses of consecutive loop iterations into LDS.64/LDS.128
// (STS.64/STS.128)? One case per line; test/hardware/explore/run.sh measures
// them (the SASS column of the report names the instructions).
#include <cstdio>
#include <cuda_runtime.h>

#define FILL(s, n)                                                             \
  for (int j = threadIdx.x + blockDim.x * threadIdx.y; j < (n);               \
       j += blockDim.x * blockDim.y)                                           \
    (s)[j] = (float)j;                                                         \
  __syncthreads();

// Rows of 8 floats, 4 lanes per row (SGEMM_CUDA's regM reads): 2-way as
// scalar loads, no conflict as LDS.128.
__global__ void rows8(float *out) {
  __shared__ float s[256];
  FILL(s, 256)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + i];
  out[t] = acc;
}

// The same rows, one float later: the row start is 4-byte aligned only.
__global__ void rows8_off1(float *out) {
  __shared__ float s[264];
  FILL(s, 264)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + 1 + i];
  out[t] = acc;
}

// Two floats later: 8-byte aligned.
__global__ void rows8_off2(float *out) {
  __shared__ float s[264];
  FILL(s, 264)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + 2 + i];
  out[t] = acc;
}

// One row per lane, 32 floats: 32-way as scalar loads, 8-way as LDS.128.
__global__ void row32(float *out) {
  __shared__ float s[32][32];
  FILL(&s[0][0], 1024)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll
  for (int k = 0; k < 32; ++k)
    acc += s[t][k];
  out[t] = acc;
}

// The padded row: rows start at t * 33 floats, never 16-byte aligned.
__global__ void row33(float *out) {
  __shared__ float s[32][33];
  FILL(&s[0][0], 32 * 33)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll
  for (int k = 0; k < 32; ++k)
    acc += s[t][k];
  out[t] = acc;
}

// Without #pragma unroll, 8 iterations (the compiler's own choice).
__global__ void rows8_nopragma(float *out) {
  __shared__ float s[256];
  FILL(s, 256)
  const int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 8; ++i)
    acc += s[(t / 4) * 8 + i];
  out[t] = acc;
}

// A trip count known only at run time (n = 64): runtime unrolling?
__global__ void rows_runtime(float *out, int n) {
  __shared__ float s[32 * 64];
  FILL(s, 32 * 64)
  const int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < n; ++i)
    acc += s[(t / 4) * 64 + i];
  out[t] = acc;
}

// A long constant loop (256 iterations).
__global__ void rows_long(float *out) {
  __shared__ float s[8 * 256];
  FILL(s, 8 * 256)
  const int t = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 256; ++i)
    acc += s[(t / 4) * 256 + i];
  out[t] = acc;
}

// Stores of consecutive iterations.
__global__ void store_rows8(float *out) {
  __shared__ float s[256];
  const int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    s[(t / 4) * 8 + i] = (float)(t + i);
  __syncthreads();
  out[t] = s[(t * 7) % 256];
}

// Dynamic shared memory (extern, declared alignment 16).
__global__ void rows8_extern(float *out) {
  extern __shared__ __align__(16) float dyn[];
  FILL(dyn, 256)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += dyn[(t / 4) * 8 + i];
  out[t] = acc;
}

// Two warps: the row of a thread is threadIdx.y (a broadcast per warp).
__global__ void bcast_row(float *out) {
  __shared__ float s[8][32];
  FILL(&s[0][0], 256)
  float acc = 0;
#pragma unroll
  for (int k = 0; k < 32; ++k)
    acc += s[threadIdx.y][k];
  out[threadIdx.x + 32 * threadIdx.y] = acc;
}

int main() {
  float *out = nullptr;
  cudaMalloc(&out, 1 << 20);
  rows8<<<1, 32>>>(out);
  rows8_off1<<<1, 32>>>(out);
  rows8_off2<<<1, 32>>>(out);
  row32<<<1, 32>>>(out);
  row33<<<1, 32>>>(out);
  rows8_nopragma<<<1, 32>>>(out);
  rows_runtime<<<1, 32>>>(out, 64);
  rows_long<<<1, 32>>>(out);
  store_rows8<<<1, 32>>>(out);
  rows8_extern<<<1, 32, 256 * sizeof(float)>>>(out);
  bcast_row<<<1, dim3(32, 8)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  printf("fusion: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
