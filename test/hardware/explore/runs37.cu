// Exploration: runs of more than two adjacent 4-byte words. Measured on an
// H100 (nvcc 13, -O3, 2026-12-07; measured/runs37.csv.gz, compared by
// check-recorded.sh): ptxas splits a run lowest first, four words from a
// 16-byte aligned address into one LDS.128, two from an 8-byte aligned one
// into one LDS.64/STS.64, and leaves a word without aligned partners alone
// (nvdiffrast's `bary[0..5]` in rows of 18 floats: three STS.64; three words
// from 4 modulo 8: LDS then LDS.64; five from 16: LDS.128 then LDS).
// mmcv's `a[x1] += a[x2]; a[x1 + 1] += a[x2 + 1]` stays four LDS and two
// STS. One case per kernel, one warp each; test/hardware/explore/run.sh
// measures them (CASES=runs37), and the SASS column names the
// instructions. (Line numbers must stay as measured.)
#include <cstdio>
#include <cuda_runtime.h>

#define FILL(s, n)                                                             \
  for (int j = threadIdx.x; j < (n); j += blockDim.x)                          \
    (s)[j] = (float)j;                                                         \
  __syncthreads();

// nvdiffrast's setup: six stores into a row of 18 floats.
__global__ void frun_store6_rows18(float *out) {
  __shared__ float s[32 * 18];
  float *bary = s + 18 * threadIdx.x;
  bary[0] = 0.0f, bary[1] = 0.0f;
  bary[2] = 1.0f, bary[3] = 0.0f;
  bary[4] = 0.0f, bary[5] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 64];
}

// Four reads of a row of 18 floats, in order.
__global__ void frun_load4_rows18(float *out) {
  __shared__ float s[32 * 18];
  FILL(s, 32 * 18)
  const float *bary = s + 18 * threadIdx.x;
  const float a = bary[0], b = bary[1], c = bary[2], d = bary[3];
  out[threadIdx.x] = a * b + c * d;
}

// Three reads from an 8-byte aligned start: a pair, then a word alone.
__global__ void frun_load3_rows18(float *out) {
  __shared__ float s[32 * 18];
  FILL(s, 32 * 18)
  const float *bary = s + 18 * threadIdx.x;
  const float a = bary[0];
  const float b = bary[1];
  const float c = bary[2];
  out[threadIdx.x] = a + b * c;
}

// Three reads whose first word is 4 modulo 8: a word alone, then a pair.
__global__ void frun_load3_odd(float *out) {
  __shared__ float s[32 * 18];
  FILL(s, 32 * 18)
  const float *bary = s + 18 * threadIdx.x;
  const float a = bary[1];
  const float b = bary[2];
  const float c = bary[3];
  out[threadIdx.x] = a + b * c;
}

// Eight reads from a 16-byte aligned start (rows of 8 floats).
__global__ void frun_load8_rows8(float *out) {
  __shared__ float s[32 * 8];
  FILL(s, 32 * 8)
  const float *r = s + 8 * threadIdx.x;
  float acc = 0.0f;
  acc += r[0] * r[1];
  acc += r[2] * r[3];
  acc += r[4] * r[5];
  acc += r[6] * r[7];
  out[threadIdx.x] = acc;
}

// Four stores from words 2..5 of a 16-byte aligned row: 8 modulo 16.
__global__ void frun_store4_from2(float *out) {
  __shared__ float s[32 * 8];
  float *r = s + 8 * threadIdx.x;
  r[2] = 1.0f;
  r[3] = 2.0f;
  r[4] = 3.0f;
  r[5] = 4.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 128];
}

// Five reads from a 16-byte aligned start: four, then a word alone.
__global__ void frun_load5_rows8(float *out) {
  __shared__ float s[32 * 8];
  FILL(s, 32 * 8)
  const float *r = s + 8 * threadIdx.x;
  const float a = r[0], b = r[1], c = r[2], d = r[3];
  const float e = r[4];
  out[threadIdx.x] = a + b * c + d * e;
}

// mmcv's reduction step: read two, add, write two; the loads of a pair
// are separated by a store to another word of the array.
__global__ void frun_add_pairs(float *out) {
  __shared__ float s[128];
  FILL(s, 128)
  const unsigned tid = threadIdx.x;
  const unsigned x1 = tid << 1, x2 = (tid + 32) << 1;
  s[x1] += s[x2];
  s[x1 + 1] += s[x2 + 1];
  __syncthreads();
  out[tid] = s[tid];
}

// Rows of 6 floats (24 bytes, 8-byte aligned, 16 for every other row).
__global__ void frun_load6_rows6(float *out) {
  __shared__ float s[32 * 6];
  FILL(s, 32 * 6)
  const float *r = s + 6 * threadIdx.x;
  out[threadIdx.x] = r[0] * r[1] + r[2] * r[3] + r[4] * r[5];
}

int main() {
  float *out = nullptr;
  cudaMalloc(&out, 1 << 20);
  frun_store6_rows18<<<1, 32>>>(out);
  frun_load4_rows18<<<1, 32>>>(out);
  frun_load3_rows18<<<1, 32>>>(out);
  frun_load3_odd<<<1, 32>>>(out);
  frun_load8_rows8<<<1, 32>>>(out);
  frun_store4_from2<<<1, 32>>>(out);
  frun_load5_rows8<<<1, 32>>>(out);
  frun_add_pairs<<<1, 32>>>(out);
  frun_load6_rows6<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  printf("runs37: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
