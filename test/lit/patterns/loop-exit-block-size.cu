// The value a loop bounded by the block's size leaves behind (a scan's
// `offset` after its up-sweep) is read by the down-sweep: it is the value
// for the launch's shape, or, under the assumed shapes, for each block size
// they take (measured: test/hardware/explore/exits24.cu).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="not decided"
__device__ void sweeps(unsigned *as) {
  const unsigned k = threadIdx.x;
  unsigned offset = 1;
  for (unsigned d = blockDim.x >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (k < d)
      as[offset * (2 * k + 2) - 1] += as[offset * (2 * k + 1) - 1];
    offset *= 2;
  }
  for (unsigned d = 1; d < blockDim.x; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (k < d)
      as[offset * (2 * k + 2) - 1] += as[offset * (2 * k + 1) - 1];
    // At 256 threads, the down-sweep at d = 8 (offset 16): 8-way.
    // CHECK-DAG: loop-exit-block-size.cu:[[@LINE-2]]:39: note: lanes 0, 1, 2, 3, ..., 7 of warp 0 access bytes {{.*}} all in bank 31 (at d = 8)
    // Assumed shapes, 1024 threads at d = 32 (offset 16): 32-way.
    // CHECK-DAG: loop-exit-block-size.cu:[[@LINE-4]]:39: note: lanes 0, 1, 2, 3, ..., 31 of warp 0 access {{.*}} (at d = 32, threadIdx.x / 32 = 0, blockDim.x / 32 = 32)
  }
}

__global__ void launched(unsigned *out) {
  __shared__ unsigned as[256];
  sweeps(as);
}

__global__ void assumed(unsigned *out) {
  __shared__ unsigned as[1024];
  sweeps(as);
}

__global__ void byY(unsigned *out) {
  __shared__ unsigned as[1024];
  const unsigned k = threadIdx.x;
  unsigned offset = 1;
  for (unsigned d = blockDim.y; d > 1; d >>= 1)
    offset *= 2;
  as[offset * k] = 1;
  // CHECK-DAG: loop-exit-block-size.cu:[[@LINE-1]]:3: note: {{.*}} all in bank 0 (at blockDim.y = 32)
}

void run(unsigned *o) { launched<<<1, 256>>>(o); }
