// HIP's headers spell `__launch_bounds__(N)` as
// `amdgpu_flat_work_group_size(1, N)`: for a kernel that only uses
// threadIdx.x it gives the block shape as CUDA's attribute does. Before,
// HIP kernels with launch bounds and no launch site were analysed under
// every assumed shape up to 1024 threads.
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) bounded(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.f;
  // CHECK: hip-launch-bounds.hip:[[@LINE-1]]:3: remark: writing shared array 's' on gfx90a: no bank conflict
  // CHECK: hip-launch-bounds.hip:[[@LINE-2]]:3: note: block shape 256x1x1 from __launch_bounds__(256) of a kernel that uses only threadIdx.x
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// The attribute written directly counts the same.
__global__ void __attribute__((amdgpu_flat_work_group_size(1, 128))) direct(float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = 1.f;
  // CHECK: hip-launch-bounds.hip:[[@LINE-1]]:3: remark: writing shared array 's' on gfx90a: no bank conflict
  // CHECK: hip-launch-bounds.hip:[[@LINE-2]]:3: note: block shape 128x1x1 from __launch_bounds__(128) of a kernel that uses only threadIdx.x
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}
