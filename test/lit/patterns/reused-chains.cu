// A read answered from an earlier read that is itself answered from one
// before it (NCCL's ncclCollCbdPart: `work->channelLo` read at three lines).
// The helper is cleaned up before it is inlined: its second read of `lo`
// reuses its first; inlined, its first reuses the kernel's own read. Every
// line is answered by the one instruction left; the helper's second read
// was silent before.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#include "cuda.h"

struct Work {
  int lo, hi, count;
};

__device__ int part(const Work *w, int channel) {
  const int mid = w->hi - w->lo - 1;
  // CHECK-DAG: reused-chains.cu:[[@LINE-1]]:30: remark: reading shared array 'works' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[#FIRST:]])
  if (channel == w->lo)
    return 0;
  // CHECK-DAG: reused-chains.cu:[[@LINE-2]]:21: remark: reading shared array 'works' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[#FIRST]])
  return mid * w->count;
}

__global__ void chains(const Work *in, int *out) {
  __shared__ Work works[4];
  if (threadIdx.x < 4)
    works[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  const Work *w = &works[blockIdx.x % 4];
  const int lo = w->lo;
  // CHECK-DAG: reused-chains.cu:[[#FIRST]]:21: remark: reading shared array 'works' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  out[threadIdx.x] = lo + part(w, threadIdx.x);
}

// A read answered by a store (`s[k] += a` stores what the next read reads)
// is not chained through the read at the store's location: the read at
// the last line reuses the value written, not the first read.
__global__ void compound(const int *in, int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  const int a = s[blockIdx.x % 64];
  s[blockIdx.x % 64] += a;
  const int b = s[blockIdx.x % 64];
  // CHECK-DAG: reused-chains.cu:[[@LINE-1]]:17: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[#@LINE-2]])
  out[threadIdx.x] = a + b;
}

void launch(const Work *in, int *out) {
  chains<<<4, 64>>>(in, out);
  compound<<<4, 64>>>(in, out);
}
