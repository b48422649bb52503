// A term that holds a value not known statically but is the same for every
// lane of a warp (it depends on the thread only through the warp's index
// along x: `threadIdx.x / 32`, `>> 5`, `& ~31`) moves a warp's addresses
// together, so the conflict is decided without its value (HeCBench's
// segsort: `smem[sml_len + (big_warp_id << 7) + (tid1 << 2)]`).
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void per_warp_offset(int *out, const int *len) {
  __shared__ int s[4096];
  const int warp = threadIdx.x / 32, lane = threadIdx.x & 31;
  const int small = (len[blockIdx.x] + 63) / 64; // loaded: not known
  const int big = warp - small < 0 ? 0 : warp - small;
  s[small * 64 + big * 128 + lane * 2] = lane;
  // CHECK: warp-uniform-unknown.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's'
  s[small * 64 + big * 128 + lane + 1] = lane;
  // CHECK: warp-uniform-unknown.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The same with the warp's index as a mask, in a kernel with no launch (the
// block shape is assumed).
__global__ void masked_warp_offset(int *out, const int *len) {
  __shared__ int s[4096];
  const int small = len[blockIdx.x] / 64;
  const int first = (threadIdx.x & ~31) > small ? small : (threadIdx.x & ~31);
  s[first * 4 + (threadIdx.x & 31) * 4] = 0;
  // CHECK: warp-uniform-unknown.cu:[[@LINE-1]]:3: warning: 4-way bank conflict writing shared array 's'
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Half a warp is not a warp: `threadIdx.x / 16` differs between its lanes,
// and the answer depends on the value.
__global__ void per_half_warp_offset(int *out, const int *len) {
  __shared__ int s[4096];
  const int half = threadIdx.x / 16, lane = threadIdx.x & 15;
  const int small = (len[blockIdx.x] + 63) / 64;
  const int big = half - small < 0 ? 0 : half - small;
  s[big * 128 + lane] = lane;
  // CHECK: warp-uniform-unknown.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `len[...]` (it is loaded from memory) through a non-linear operation
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(int *o, const int *l) {
  per_warp_offset<<<1, 128>>>(o, l);
  per_half_warp_offset<<<1, 128>>>(o, l);
}
