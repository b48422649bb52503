// HIP passes a kernel's pointer arguments as global pointers that the
// device code makes generic through integers (`inttoptr (ptrtoint
// %len.coerce)`). A value loaded from such an argument at one address is the
// same for every lane, as in CUDA, and is named after it (HeCBench's segsort:
// `seg_ends[bin[blockIdx.x]]`), not "loaded at a per-lane address".
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void per_block_length(int *out, const int *len, const int *bin) {
  __shared__ int s[4096];
  const int n = len[bin[blockIdx.x]];
  s[(n / 64) * 64 + threadIdx.x * 2] = 0;
  // CHECK: hip-argument-pointers.hip:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict writing shared array 's' on gfx90a
  s[threadIdx.x * (n % 7)] = 0;
  // CHECK: hip-argument-pointers.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: bank conflicts not decided: the address depends on `len[...]` (it is loaded from memory) through a non-linear operation
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(int *o, const int *l, const int *b) {
  hipLaunchKernelGGL(per_block_length, dim3(1), dim3(64), 0, 0, o, l, b);
}
