// The AMDGPU back end unrolls a loop and merges the accesses of consecutive
// iterations into wider ones, as it does straight-line ones. clang++ -x hip
// --offload-arch=gfx90a -O3 -S on this file: `counters` stores its row of
// four 8-byte counters with two ds_write_b128, `quads` its row of four ints
// with one ds_write_b128, `gaps` (iteration 2 skipped) with one
// ds_write_b128 and one ds_write_b64. Which iterations merge depends on the
// unrolling, so ldslint claims only what every form shares: as written,
// as pairs, as quads (4-byte accesses). MIOpen's kthvalue counters were
// reported 4-way as written; the ds_write_b128 that run are 2-way.
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) counters(const unsigned *in, unsigned long long *out) {
  __shared__ unsigned long long cnt[256][4];
  unsigned long long c[4] = {0, 0, 0, 0};
  for (int i = 0; i < 8; ++i)
    ++c[in[threadIdx.x * 8 + i] & 3];
  for (int r = 0; r < 4; ++r)
    cnt[threadIdx.x][r] = c[r];
  // CHECK: amd-loop-merges.hip:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 'cnt' on gfx90a
  // CHECK: amd-loop-merges.hip:[[@LINE-2]]:5: note: the AMDGPU back end may unroll 'r' and merge the accesses of consecutive iterations into wider ones, as clang -O3 does (the lane groupings of the wider instructions are the published ones, not measured); as written (8-byte): 4-way; as ds_write_b128 pairs: 2-way
  __syncthreads();
  out[threadIdx.x] = cnt[threadIdx.x ^ 1][threadIdx.x & 3];
}

__global__ void __launch_bounds__(256) quads(const int *in, int *out) {
  __shared__ int s[256][4];
  for (int r = 0; r < 4; ++r)
    s[threadIdx.x][r] = in[threadIdx.x * 4 + r];
  // CHECK: amd-loop-merges.hip:[[@LINE-1]]:5: remark: writing shared array 's' on gfx90a: bank conflicts not decided: the AMDGPU back end may unroll 'r' and merge the accesses of consecutive iterations into wider ones, as clang -O3 does (the lane groupings of the wider instructions are the published ones, not measured); as written (4-byte): 4-way; as ds_write_b64 pairs: 2-way; as ds_write_b128: no conflict
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1][0];
}

// A branch on the iteration: the access is evaluated as written (its worst
// instruction, the ds_write_b64 of iteration 3, is 4-way).
__global__ void __launch_bounds__(256) gaps(const unsigned *in, unsigned long long *out) {
  __shared__ unsigned long long cnt[256][4];
  for (int r = 0; r < 4; ++r)
    if (r != 2)
      cnt[threadIdx.x][r] = in[threadIdx.x + r];
  // CHECK: amd-loop-merges.hip:[[@LINE-1]]:7: warning: 4-way bank conflict writing shared array 'cnt' on gfx90a
  // CHECK-NOT: note: the AMDGPU back end may unroll
  __syncthreads();
  out[threadIdx.x] = cnt[threadIdx.x ^ 1][1];
}
