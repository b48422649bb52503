// The fix planner's source model of a kernel (the AST walk that one-
// dimensional buffers still need) walks each helper again at every call:
// llama.cpp's mul_mat_q needed over 500,000 steps and 0.7 s per
// instantiation. Past 50,000 steps the walk stops and the buffers the kernel
// accesses get no fix, with a note saying why (the finding itself comes
// from the device IR and is unchanged). 1,000 calls of `leaf` are past the
// limit; 100 are not, and get the padding. A multi-dimensional array is
// modelled from the device IR (ir/FixSites.h), which has no such limit.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics -DCALLS=g2 2>&1 | FileCheck %s --check-prefixes=LARGE,BOTH
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics -DCALLS=g3 2>&1 | FileCheck %s --check-prefixes=SMALL,BOTH
#define X10(e) (e + e + e + e + e + e + e + e + e + e)

__shared__ float tile[32][32];
// BOTH-DAG: large-kernel.cu:[[@LINE-1]]:{{[0-9]+}}: note: pad the innermost dimension of 'tile' from 32 to 33 elements
__shared__ float flat[32 * 32];
// LARGE-DAG: large-kernel.cu:[[@LINE-1]]:{{[0-9]+}}: note: no fix searched: 'big', which accesses 'flat', is too large for the fix planner's source model
// SMALL-DAG: large-kernel.cu:[[@LINE-2]]:{{[0-9]+}}: note: pad the rows of 'flat' from 32 to 33 elements

__device__ float leaf(int i) { return tile[threadIdx.x][i] + flat[threadIdx.x * 32 + i]; }
// BOTH-DAG: large-kernel.cu:[[@LINE-1]]:39: warning: 32-way bank conflict reading shared array 'tile'
// BOTH-DAG: large-kernel.cu:[[@LINE-2]]:62: warning: 32-way bank conflict reading shared array 'flat'
__device__ float g3(int i) { return X10(leaf(i)); }
__device__ float g2(int i) { return X10(g3(i)); }

__global__ void big(float *out) {
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  flat[threadIdx.y * 32 + threadIdx.x] = out[threadIdx.y];
  __syncthreads();
  out[threadIdx.x] = X10(CALLS(threadIdx.y));
}

void launch(float *o) { big<<<1, dim3(32, 32)>>>(o); }
