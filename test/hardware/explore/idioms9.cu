// Exploration (not part of the validated kit): patterns the ninth session
// added to ldslint, from real code (CUB's radix-sort upsweep agent,
// rocPRIM's odd-even transposition sort, switch statements), measured on
// an H200 against ldslint's predictions. One case per kernel;
// test/hardware/explore/run.sh measures them (CASES=idioms9).
#include <cstdio>
#include <cuda_runtime.h>

// CUB's agents keep `TempStorage &` in a local object beside an array
// indexed at run time (test/lit/patterns/agent-reference.cu).
struct Storage { unsigned counters[32][32]; };
struct Agent {
  Storage &storage;
  unsigned local[4][2];
  const unsigned *keys;
  __device__ Agent(Storage &s) : storage(s), keys(nullptr) {}
  __device__ void reset() {
    for (int r = 0; r < 4; ++r)
      storage.counters[threadIdx.x][r] = 0; // a row of 4 words per lane
  }
  __device__ void count(unsigned key) {
    for (int i = 0; i < 2; ++i)
      local[key & 3][i] += storage.counters[i][threadIdx.x];
  }
};
__global__ void agent_reference(unsigned *out, const unsigned *in) {
  __shared__ Storage s;
  Agent a(s);
  a.keys = in;
  a.reset();
  __syncthreads();
  a.count(a.keys[threadIdx.x]);
  out[threadIdx.x] = a.local[in[threadIdx.x] & 3][1];
}

// rocPRIM's odd-even sort: the partner `max(t, 1) - 1` (a saturating
// subtraction in the IR) or `min(t + 1, 255)`; 256 threads.
__global__ void odd_even_partner(unsigned *out) {
  __shared__ unsigned keys[256];
  const unsigned t = threadIdx.x;
  keys[t] = out[t];
  __syncthreads();
  const unsigned partner = (t % 2 == 0) ? max(t, 1u) - 1 : min(t + 1, 255u);
  out[t] = keys[partner];
}

// Only lanes 0 and 1 of each warp read (a switch in the IR).
__global__ void switch_two_cases(int *out) {
  __shared__ int s[32 * 64];
  for (int j = threadIdx.x; j < 32 * 64; j += blockDim.x)
    s[j] = j;
  __syncthreads();
  int v = 0;
  switch (threadIdx.x & 31) {
  case 0:
  case 1:
    v = s[32 * threadIdx.x];
    break;
  }
  out[threadIdx.x] = v;
}

// The default of a switch: every lane but those of cases 0 and 1 (of 4).
__global__ void switch_default(int *out) {
  __shared__ int s[32 * 64];
  switch (threadIdx.x & 3) {
  case 0:
    break;
  case 1:
    out[threadIdx.x] = 1;
    break;
  default:
    s[32 * threadIdx.x] = out[threadIdx.x];
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] += s[5];
}

int main() {
  unsigned *u, *in;
  int *i;
  cudaMalloc(&u, 4096 * sizeof(unsigned));
  cudaMalloc(&in, 4096 * sizeof(unsigned));
  cudaMalloc(&i, 4096 * sizeof(int));
  cudaMemset(u, 0, 4096 * sizeof(unsigned));
  cudaMemset(in, 0, 4096 * sizeof(unsigned));
  cudaMemset(i, 0, 4096 * sizeof(int));
  agent_reference<<<1, 32>>>(u, in);
  odd_even_partner<<<1, 256>>>(u);
  switch_two_cases<<<1, 32>>>(i);
  switch_default<<<1, 32>>>(i);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
