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

// A wave64 is costed in 32-lane halves: a term that holds a value not known
// statically but is the same within each half (`threadIdx.x / 32`) moves
// the half's addresses together (HeCBench's segsort, ported to HIP).
__global__ void per_half_wave_offset(int *out, const int *len) {
  __shared__ int s[4096];
  const int warp = threadIdx.x / 32, lane = threadIdx.x & 31;
  const int small = (len[blockIdx.x] + 63) / 64;
  const int big = warp - small < 0 ? 0 : warp - small;
  s[big * 128 + lane * 2] = lane;
  // CHECK: hip-argument-pointers.hip:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict writing shared array 's' on gfx90a
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(int *o, const int *l, const int *b) {
  hipLaunchKernelGGL(per_block_length, dim3(1), dim3(64), 0, 0, o, l, b);
  hipLaunchKernelGGL(per_half_wave_offset, dim3(1), dim3(128), 0, 0, o, l);
}
