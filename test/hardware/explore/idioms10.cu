// Exploration (not part of the validated kit): patterns the tenth session
// decided, from real code (moderngpu's segmented sort and load balancing,
// a do-while double buffer), measured on an H200 against ldslint's
// predictions. test/hardware/explore/run.sh measures them (CASES=idioms10).
#include <cstdio>
#include <cuda_runtime.h>

// Unrolled reads at 15 * t / 4 + i words: lanes disagree on 8-byte
// alignment, so ptxas keeps 4-byte LDS (predicted 2-way per instruction).
__global__ void __launch_bounds__(128) lane_alignment(const int *in, int *out) {
  __shared__ int s[128 * 4 + 8];
  const int t = threadIdx.x;
  for (int i = t; i < 128 * 4 + 8; i += 128)
    s[i] = in[i];
  __syncthreads();
  const int offset = (15 * t) / 4;
  int h = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    h ^= s[offset + 1 + i] << i;
  out[t] = h;
}

// A row offset merged from three paths that every lane takes alike.
__global__ void uniform_merge(const int *starts, int *out, int n) {
  __shared__ int s[512];
  int e = starts[blockIdx.x];
  if (e < n && e < 7 * n)
    ++e;
  for (int i = threadIdx.x; i < 300 - e; i += 128)
    s[e + i] = n;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The double buffer before and after ldslint's fix (padding from the
// device-IR model: rows of 33 floats).
template <int Row>
__global__ void double_buffer(float *out, int K) {
  __shared__ float buf[2][32][Row];
  int stage = 0, k = 0;
  do {
    buf[stage][threadIdx.x][0] = k;
    __syncthreads();
    out[threadIdx.x] += buf[stage][0][threadIdx.x];
    stage ^= 1;
    ++k;
  } while (k < K);
}

int main() {
  int *i, *o;
  float *f;
  cudaMalloc(&i, 4096 * sizeof(int));
  cudaMalloc(&o, 4096 * sizeof(int));
  cudaMalloc(&f, 4096 * sizeof(float));
  cudaMemset(i, 0, 4096 * sizeof(int));
  cudaMemset(o, 0, 4096 * sizeof(int));
  cudaMemset(f, 0, 4096 * sizeof(float));
  lane_alignment<<<1, 128>>>(i, o);
  uniform_merge<<<4, 128>>>(i, o, 100);
  double_buffer<32><<<1, 32>>>(f, 4);
  double_buffer<33><<<1, 32>>>(f, 4);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
