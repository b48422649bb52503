// Exploration (not part of the validated kit): values a loop leaves behind
// and conflicts whose degree depends on a value, from the sixteenth session,
// measured on an H200 against ldslint's predictions.
// test/hardware/explore/run.sh measures them (CASES=scan16). `n` comes from
// the command line, so ldslint cannot know it.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 512

// The work-efficient (Blelloch) scan over a constant size: the down-sweep
// starts from the `offset` the up-sweep leaves, which ldslint now steps to
// the loop's exit (predicted: exact means for both sweeps).
__global__ void blelloch_const(float *d) {
  __shared__ float temp[N];
  const int thid = threadIdx.x;
  int offset = 1;
  temp[thid] = d[thid];
  temp[thid + N / 2] = d[thid + N / 2];
  for (int dd = N >> 1; dd > 0; dd >>= 1) {
    __syncthreads();
    if (thid < dd) {
      const int ai = offset * (2 * thid + 1) - 1;
      const int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[N - 1] = 0;
  for (int dd = 1; dd < N; dd *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < dd) {
      const int ai = offset * (2 * thid + 1) - 1;
      const int bi = offset * (2 * thid + 2) - 1;
      const float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  d[thid] = temp[thid];
  d[thid + N / 2] = temp[thid + N / 2];
}

// The same up-sweep over a size from the command line (rocm-examples'
// prefix_sum): every value of the tree offset conflicts, from 2-way
// (offset 1) to 32-way (offset a multiple of 16) (predicted: a 2- to 32-way
// conflict, no mean).
__global__ void upsweep_runtime(float *d, int n) {
  __shared__ float block[N];
  const int t = threadIdx.x;
  block[t] = d[t];
  block[t + N / 2] = d[t + N / 2];
  int offset = 1;
  for (int size = n >> 1; size > 0; size >>= 1) {
    __syncthreads();
    if (t < size) {
      const int from = offset * (2 * t + 1) - 1;
      const int to = offset * (2 * t + 2) - 1;
      block[to] += block[from];
    }
    offset <<= 1;
  }
  __syncthreads();
  d[t] = block[t];
}

// A warp's ping-pong buffer: `offset ^= 32` over a constant number of
// passes leaves 0 or 32, read after the loop (Learn-CUDA's warp radix
// sort) (predicted: exact, no conflict).
__global__ void pingpong(unsigned *d) {
  __shared__ unsigned s[64];
  const unsigned t = threadIdx.x;
  s[t] = d[t];
  unsigned offset = 0;
  for (int bit = 0; bit < 5; ++bit) {
    const unsigned v = s[offset + (31 - t)];
    offset ^= 32;
    s[offset + t] = v ^ (1u << bit);
    __syncwarp();
  }
  d[t] = s[t + offset];
}

// A value a loop over a runtime bound leaves, the same in every lane
// (predicted: no conflict, whatever `n` is).
__global__ void uniform_after_loop(float *d, int n) {
  __shared__ float s[64];
  const int t = threadIdx.x;
  int off = 1;
  for (int a = n >> 1; a > 0; a >>= 1)
    off <<= 1;
  s[(t + off) & 63] = d[t];
  __syncwarp();
  d[t] = s[t];
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : N;
  float *f;
  cudaMalloc(&f, N * sizeof(float));
  cudaMemset(f, 0, N * sizeof(float));
  blelloch_const<<<1, N / 2>>>(f);
  upsweep_runtime<<<1, N / 2>>>(f, n);
  pingpong<<<1, 32>>>(reinterpret_cast<unsigned *>(f));
  uniform_after_loop<<<1, 32>>>(f, n);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
