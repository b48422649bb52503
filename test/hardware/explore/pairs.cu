// Exploration (not part of the validated kit): do nvcc/ptxas merge two
// separate 4-byte shared accesses to adjacent words (`s[2 * t]`,
// `s[2 * t + 1]`, NVIDIA's dwtHaar1D) into one LDS.64 / STS.64, as they
// fuse unrolled loop iterations (fusion.cu)? ldslint calls such pairs
// `unknown` ("the compiler may merge this access"). One case per kernel,
// one warp each; test/hardware/explore/run.sh measures them (CASES=pairs),
// and the SASS column of the report names the instructions.
#include <cstdio>
#include <cuda_runtime.h>

#define FILL(s, n)                                                             \
  for (int j = threadIdx.x; j < (n); j += blockDim.x)                          \
    (s)[j] = (float)j;                                                         \
  __syncthreads();

// dwtHaar1D: two reads of adjacent words per lane, 8-byte aligned.
__global__ void pair_load(float *out) {
  __shared__ float s[64];
  FILL(s, 64)
  const int t = threadIdx.x;
  const float a = s[2 * t];
  const float b = s[2 * t + 1];
  out[t] = a + b;
}

// The same with the upper word read first.
__global__ void pair_load_reversed(float *out) {
  __shared__ float s[64];
  FILL(s, 64)
  const int t = threadIdx.x;
  const float b = s[2 * t + 1];
  const float a = s[2 * t];
  out[t] = a - b;
}

// A global load between the two reads.
__global__ void pair_load_between(float *out, const float *in) {
  __shared__ float s[64];
  FILL(s, 64)
  const int t = threadIdx.x;
  const float a = s[2 * t];
  const float g = in[t];
  const float b = s[2 * t + 1];
  out[t] = a * g + b;
}

// Odd pairs: the lower word is 4 mod 8, no 8-byte instruction exists.
__global__ void pair_load_odd(float *out) {
  __shared__ float s[72];
  FILL(s, 72)
  const int t = threadIdx.x;
  const float a = s[2 * t + 1];
  const float b = s[2 * t + 2];
  out[t] = a + b;
}

// Dynamic shared memory (dwtHaar1D's `extern __shared__ float shared[]`).
__global__ void pair_load_extern(float *out) {
  extern __shared__ float dyn[];
  FILL(dyn, 64)
  const int t = threadIdx.x;
  const float a = dyn[2 * t];
  const float b = dyn[2 * t + 1];
  out[t] = a + b;
}

// Two stores of adjacent words (mergeable-pairs.cu's rows of 132 floats).
__global__ void pair_store_rows132(float *out, const float *in) {
  __shared__ float s[4 * 132];
  const int t = threadIdx.x, r = t / 8, c = t % 8;
  const float v = in[t];
  s[r * 132 + c * 4 + 0] = v;
  s[r * 132 + c * 4 + 1] = v + 1.0f;
  __syncthreads();
  out[t] = s[t] + s[t + 32];
}

// Four reads of adjacent words: LDS.128?
__global__ void quad_load(float *out) {
  __shared__ float s[128];
  FILL(s, 128)
  const int t = threadIdx.x;
  out[t] = s[4 * t] + s[4 * t + 1] + s[4 * t + 2] + s[4 * t + 3];
}

// Stride-2 pairs in a loop the compiler does not unroll (fastWalsh's
// radix-2 butterflies with stride 1).
__global__ void pair_in_loop(float *out, int n) {
  __shared__ float s[64];
  FILL(s, 64)
  const int t = threadIdx.x;
  float acc = 0;
#pragma unroll 1
  for (int k = 0; k < n; ++k) {
    const float a = s[2 * t];
    const float b = s[2 * t + 1];
    acc += a * k + b;
  }
  out[t] = acc;
}

// Stores of adjacent words in dynamic shared memory.
__global__ void pair_store_extern(float *out, const float *in) {
  extern __shared__ float dyn[];
  const int t = threadIdx.x;
  const float v = in[t];
  dyn[2 * t] = v;
  dyn[2 * t + 1] = v + 1.0f;
  __syncthreads();
  out[t] = dyn[t] + dyn[t + 32];
}

// fastWalshTransform's last radix-2 stage: a block-stride loop over pairs
// in dynamic shared memory, read and written back.
__global__ void pair_block_stride(float *out, int n) {
  extern __shared__ float dyn[];
  FILL(dyn, 2 * n)
  for (int pos = threadIdx.x; pos < n; pos += blockDim.x) {
    const int i0 = pos << 1;
    const int i1 = i0 + 1;
    const float d0 = dyn[i0];
    const float d1 = dyn[i1];
    dyn[i0] = d0 + d1;
    dyn[i1] = d0 - d1;
  }
  __syncthreads();
  out[threadIdx.x] = dyn[threadIdx.x];
}

// Four stores of adjacent words: STS.128?
__global__ void quad_store(float *out, const float *in) {
  __shared__ float s[128];
  const int t = threadIdx.x;
  const float v = in[t];
  s[4 * t] = v;
  s[4 * t + 1] = v + 1.0f;
  s[4 * t + 2] = v + 2.0f;
  s[4 * t + 3] = v + 3.0f;
  __syncthreads();
  out[t] = s[t] + s[t + 32] + s[t + 64] + s[t + 96];
}

// Rows of 33 floats: launched with one row (threadIdx.y = 0) every lower
// address is 8-byte aligned, but ptxas cannot know the block shape.
__global__ void pair_rows33(float *out) {
  __shared__ float s[4 * 33];
  FILL(s, 4 * 33)
  const int t = threadIdx.x % 16, r = threadIdx.y;
  const float a = s[r * 33 + 2 * t];
  const float b = s[r * 33 + 2 * t + 1];
  out[threadIdx.x] = a + b;
}

int main() {
  float *out = nullptr;
  cudaMalloc(&out, 1 << 20);
  pair_load<<<1, 32>>>(out);
  pair_load_reversed<<<1, 32>>>(out);
  pair_load_between<<<1, 32>>>(out, out + 4096);
  pair_load_odd<<<1, 32>>>(out);
  pair_load_extern<<<1, 32, 64 * sizeof(float)>>>(out);
  pair_store_rows132<<<1, 32>>>(out, out + 4096);
  quad_load<<<1, 32>>>(out);
  pair_in_loop<<<1, 32>>>(out, 3);
  pair_store_extern<<<1, 32, 64 * sizeof(float)>>>(out, out + 4096);
  pair_block_stride<<<1, 32, 128 * sizeof(float)>>>(out, 64);
  quad_store<<<1, 32>>>(out, out + 4096);
  pair_rows33<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  printf("pairs: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
