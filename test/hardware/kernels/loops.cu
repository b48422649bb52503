// Hardware test kernels for ldslint: accesses whose pattern changes with the
// loop iteration, and tree reductions (block 256, 8 warps). The measured value
// is the mean over all executed warp instructions of the line.
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

// Stride doubles each iteration: k = 1..32 -> 1, 2, 4, 8, 16, 32 wavefronts,
// mean 63/6 = 10.5. nvcc unrolls this loop into 6 LDS on one line.
__global__ void loop_stride(float* out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int i = t; i < 1024; i += blockDim.x)
    s[i] = (float)i;  // @lp.init
  __syncthreads();
  float v = 0.0f;
  for (int k = 1; k <= 32; k *= 2)
    v += s[(t * k) % 1024];  // @lp.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// Same, loop kept rolled: one LDS executed 6 times, same mean 10.5.
__global__ void loop_stride_rolled(float* out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int i = t; i < 1024; i += blockDim.x)
    s[i] = (float)i;  // @lr.init
  __syncthreads();
  float v = 0.0f;
#pragma unroll 1
  for (int k = 1; k <= 32; k *= 2)
    v += s[(t * k) % 1024];  // @lr.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// Interleaved addressing with a divergent branch (Harris reduction #1): the
// active lanes of a warp touch distinct banks -> 1 for every access. The
// compound += is 3 accesses on one line (2 loads + 1 store): compare means.
__global__ void reduce_interleaved(float* out) {
  __shared__ float sdata[256];
  unsigned t = threadIdx.x;
  sdata[t] = (float)t;  // @ri.init
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (t % (2 * s) == 0)
      sdata[t] += sdata[t + s];  // @ri.add
    __syncthreads();
  }
  if (t == 0) {
    float r = sdata[0];  // @ri.result
    out[blockIdx.x] = r;
  }
}

// Interleaved addressing with a strided index (Harris reduction #2): no
// divergence, but bank conflicts: stride 2s words.
__global__ void reduce_strided(float* out) {
  __shared__ float sdata[256];
  unsigned t = threadIdx.x;
  sdata[t] = (float)t;  // @rx.init
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned i = 2 * s * t;
    if (i < blockDim.x)
      sdata[i] += sdata[i + s];  // @rx.add
    __syncthreads();
  }
  if (t == 0) {
    float r = sdata[0];  // @rx.result
    out[blockIdx.x] = r;
  }
}

// Sequential addressing (Harris reduction #3): contiguous -> 1 everywhere.
__global__ void reduce_sequential(float* out) {
  __shared__ float sdata[256];
  unsigned t = threadIdx.x;
  sdata[t] = (float)t;  // @rs.init
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      sdata[t] += sdata[t + s];  // @rs.add
    __syncthreads();
  }
  if (t == 0) {
    float r = sdata[0];  // @rs.result
    out[blockIdx.x] = r;
  }
}

// `while` loops that are `for` loops in disguise (the counter changes only in
// the last statement): ldslint enumerates them like the equivalent `for`.
// Halving with a stride-2 index: h = 128 .. 1, 2-way while the active lanes
// of a warp span 64 words.
__global__ void while_halving(float* out) {
  __shared__ float sdata[512];
  unsigned t = threadIdx.x;
  sdata[t] = (float)t;  // @wh.init
  sdata[t + 256] = (float)t;  // @wh.init2
  __syncthreads();
  unsigned h = blockDim.x / 2;
  while (h > 0) {
    if (t < h)
      sdata[2 * t] += sdata[2 * t + h];  // @wh.add
    __syncthreads();
    h >>= 1;
  }
  if (t == 0) {
    float r = sdata[0];  // @wh.result
    out[blockIdx.x] = r;
  }
}

// Doubling stride in a while loop: k = 1..32, like loop_stride_rolled.
__global__ void while_doubling(float* out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int i = t; i < 1024; i += blockDim.x)
    s[i] = (float)i;  // @wl.init
  __syncthreads();
  float v = 0.0f;
  int k = 1;
#pragma unroll 1
  while (k <= 32) {
    v += s[(t * k) % 1024];  // @wl.load
    k *= 2;
  }
  out[blockIdx.x * blockDim.x + t] = v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  loop_stride<<<1, 32>>>(out);
  loop_stride_rolled<<<1, 32>>>(out);
  reduce_interleaved<<<1, 256>>>(out);
  reduce_strided<<<1, 256>>>(out);
  reduce_sequential<<<1, 256>>>(out);
  while_halving<<<1, 256>>>(out);
  while_doubling<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("loops: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
