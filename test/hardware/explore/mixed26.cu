// A read whose pointer is into shared memory for some lanes and into global
// memory for the others (rocPRIM's block_discontinuity: the predecessor is
// the tile's, from global memory, for thread 0 and the neighbour's, from
// shared memory, for the others; Parboil's stencil, HPCTrainingExamples'
// `j < N ? tmp[j] : x[j]`): the compilers merge the two reads into one
// after the branch in their IR. Only the lanes that take the shared arm
// touch shared memory. Issue 9, twenty-sixth session.
#include <cstdio>
#define N 256

__global__ void predecessor(const float *in, float *out) {
  __shared__ float s[N];
  const int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  // The use is on the read's line (nvcc gives a merged read the line after
  // the branch).
  float p; if (t != 0) p = s[t - 1]; else p = in[N]; out[t] = p;
}

// Odd lanes read one word of every 128 bytes: 16 words of bank 0.
__global__ void oddLanes(const float *in, float *out) {
  __shared__ float s[N * 16];
  const int t = threadIdx.x;
  for (int i = t; i < N * 16; i += N)
    s[i] = in[i];
  __syncthreads();
  float v; if (t & 1) v = s[(t >> 1) * 32]; else v = in[t]; out[t] = v;
}

// A conditional expression: lanes 0-15 of each warp read every other word
// (2-way), the others global memory.
__global__ void ternary(const float *in, float *out) {
  __shared__ float s[N * 2];
  const int t = threadIdx.x;
  s[t] = in[t];
  s[t + N] = in[t + N];
  __syncthreads();
  const int lane = t & 31;
  out[t] = lane < 16 ? s[(t >> 5) * 64 + lane * 4] : in[t];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, N * 16 * 4);
  cudaMalloc(&out, N * 4);
  cudaMemset(in, 0, N * 16 * 4);
  predecessor<<<1, N>>>(in, out);
  oddLanes<<<1, N>>>(in, out);
  ternary<<<1, N>>>(in, out);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
