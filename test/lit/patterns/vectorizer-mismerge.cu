// LLVM 22's load/store vectorizer, which ldslint runs on the device code,
// takes `tile[0][t]` and `tile[t][0]` for one address when both subscripts
// index with the same value, and answers the second read from the first:
// the 32-way read disappeared and its line was called conflict-free. Such
// a merge of reads whose addresses are spelled apart is now caught: both
// reads are `unknown`, saying why. (LLVM 15 keeps both reads.)
// REQUIRES: llvm-22
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#include "cuda.h"

__global__ void transposeRead(const float *in, float *out, int k) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][k] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x] + tile[threadIdx.x][0];
  // CHECK: vectorizer-mismerge.cu:[[@LINE-1]]:22: remark: reading shared array 'tile' on sm_{{[0-9]+}}: bank conflicts not decided: LLVM's load/store vectorizer, which ldslint runs on the device code, merges this read with another at a different address
  // CHECK: vectorizer-mismerge.cu:[[@LINE-2]]:45: remark: reading shared array 'tile' on sm_{{[0-9]+}}: bank conflicts not decided: LLVM's load/store vectorizer
}

void launch(const float *in, float *out) { transposeRead<<<1, 32>>>(in, out, 3); }
