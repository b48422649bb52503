// A lane index from PTX %laneid, and a helper that returns threadIdx.
#include <cstdio>

__device__ unsigned laneId() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ unsigned threadIndex() { return threadIdx.x; }

// 16x4 blocks: lanes 0-31 are rows 0-1.
__global__ void laneStrided(float *out) {
  __shared__ float s[32 * 4 * 2];
  const unsigned warp = (threadIdx.x + 16 * threadIdx.y) / 32;
  s[warp * 64 + 2 * laneId()] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x + 16 * threadIdx.y] = s[warp * 64 + laneId()];
}

__global__ void helperIndex(float *out) {
  __shared__ float s[64 * 4];
  s[threadIndex() * 4] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  float *out;
  cudaMalloc(&out, 4096 * sizeof(float));
  cudaMemset(out, 0, 4096 * sizeof(float));
  for (int i = 0; i < 64; ++i) {
    laneStrided<<<1, dim3(16, 4)>>>(out);
    helperIndex<<<1, 64>>>(out);
  }
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("lane_id: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
