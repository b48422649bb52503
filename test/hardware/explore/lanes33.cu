// Exploration: a lane taken from the global thread index, `(blockIdx.x *
// blockDim.x + threadIdx.x) % 32` or `& 1`, launched with a block size
// read at run time (ldslint assumes blockDim.x a multiple of the warp and
// drops blockIdx.x * blockDim.x from the remainder). Four blocks of 128.
// Also block-scope atomics (`atomicAdd_block`, NVVM's `.cta` intrinsics on
// a generic pointer), costed as shared atomics are. And a run of five
// adjacent reads from an 8-byte-aligned start (OpenCV's pyrDown, `smem[2 *
// t + k]` for k = 0..4), which ldslint leaves to ptxas ("may merge"): what
// ptxas makes of it is measured, not predicted. And two adjacent stores of
// `__byte_perm` results (ccminer's echo512): a libdevice call between them
// in clang's IR, PRMT in the compile, predicted one STS.64.
// test/hardware/explore/run.sh measures it (CASES=lanes33).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void lanes(float *out, const float *in) {
  __shared__ float padded[32][33];
  __shared__ float rows[32][32];
  __shared__ float pairs[2][32];
  __shared__ int counts[2][32];
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = gid % 32;
  padded[lane][0] = in[gid];
  const unsigned ugid = blockIdx.x * blockDim.x + threadIdx.x;
  rows[ugid % 32][0] = in[gid];
  pairs[gid & 1][lane] = in[gid];
  counts[gid & 1][lane] = 0;
  __syncthreads();
  atomicAdd_block(&counts[gid & 1][0], 1);
  atomicAdd_block(&counts[0][lane], 1);
  __syncthreads();
  const float a = padded[lane][0];
  const float b = rows[gid & 31][0];
  const float c = pairs[gid & 1][0];
  const float d = pairs[0][(gid & 1) * 16];
  out[gid] = a + b + c + d + counts[0][lane];
}

__global__ void run5(const float *in, float *out) {
  __shared__ float smem[256 + 4];
  smem[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x < 4)
    smem[256 + threadIdx.x] = 0;
  __syncthreads();
  if (threadIdx.x < 128) {
    const int tid2 = threadIdx.x * 2;
    float sum = 0.0625f * smem[tid2];
    sum += 0.25f * smem[tid2 + 1];
    sum += 0.375f * smem[tid2 + 2];
    sum += 0.25f * smem[tid2 + 3];
    sum += 0.0625f * smem[tid2 + 4];
    out[threadIdx.x] = sum;
  }
}

__global__ void perm(const unsigned *in, unsigned *out) {
  __shared__ unsigned words[128];
  const unsigned x = in[threadIdx.x];
  words[2 * threadIdx.x] = __byte_perm(x, 0, 0x4440);
  words[2 * threadIdx.x + 1] = __byte_perm(x, 0, 0x4441);
  __syncthreads();
  out[threadIdx.x] = words[threadIdx.x ^ 1];
}

int main(int argc, char **argv) {
  const int threads = argc > 1 ? std::atoi(argv[1]) : 128;
  float *in, *out;
  cudaMalloc(&in, 4 * threads * sizeof(float));
  cudaMalloc(&out, 4 * threads * sizeof(float));
  cudaMemset(in, 0, 4 * threads * sizeof(float));
  lanes<<<4, threads>>>(out, in);
  run5<<<1, 256>>>(in, out);
  perm<<<1, 64>>>(reinterpret_cast<const unsigned *>(in), reinterpret_cast<unsigned *>(out));
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
