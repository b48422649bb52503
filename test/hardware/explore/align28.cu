// Exploration: adjacent 4-byte accesses whose base is offset by a kernel
// argument (TensorRT's roiPooling writes four ints at `(int *)&smem[n]`).
// ptxas merges only accesses it can prove aligned (pairs.cu, idioms10.cu);
// here only the argument decides, so ldslint says they stay apart: each
// 4-byte access as written (4-way, lanes 16 bytes apart). Launched with
// n = 0 (16-byte aligned at run time) and n = 1. A control with the offset
// a multiple of 4 words (`4 * n`), which ptxas can prove, is one STS.128.
// test/hardware/explore/run.sh measures it (CASES=align28).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void quads_at_argument(const float4 *in, float *out, int n) {
  extern __shared__ float smem[];
  int *r = (int *)&smem[n];
  const int o = threadIdx.x << 2;
  const float4 b = in[threadIdx.x];
  r[o] = (int)b.x;
  r[o + 1] = (int)b.y;
  r[o + 2] = (int)b.z;
  r[o + 3] = (int)b.w;
  __syncthreads();
  out[threadIdx.x] = (float)r[threadIdx.x];
}

__global__ void pairs_at_argument(const float2 *in, float *out, int n) {
  extern __shared__ float smem[];
  float *r = &smem[n];
  const int o = threadIdx.x << 1;
  const float2 b = in[threadIdx.x];
  r[o] = b.x;
  r[o + 1] = b.y;
  __syncthreads();
  out[threadIdx.x] = r[o] + r[o + 1];
}

__global__ void quads_at_aligned_argument(const float4 *in, float *out, int n) {
  extern __shared__ float smem[];
  int *r = (int *)&smem[4 * n];
  const int o = threadIdx.x << 2;
  const float4 b = in[threadIdx.x];
  r[o] = (int)b.x;
  r[o + 1] = (int)b.y;
  r[o + 2] = (int)b.z;
  r[o + 3] = (int)b.w;
  __syncthreads();
  out[threadIdx.x] = (float)r[threadIdx.x];
}

int main() {
  float *out;
  cudaMalloc(&out, 1 << 16);
  cudaMemset(out, 0, 1 << 16);
  const size_t Bytes = 32 * 4 * sizeof(float) + 64;
  for (int n = 0; n < 2; ++n) {
    quads_at_argument<<<1, 32, Bytes>>>((const float4 *)out, out + 8192, n);
    pairs_at_argument<<<1, 32, Bytes>>>((const float2 *)out, out + 8192, n);
    quads_at_aligned_argument<<<1, 32, Bytes>>>((const float4 *)out, out + 8192, n);
  }
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
