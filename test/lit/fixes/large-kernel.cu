// The fix planner's source model of a kernel walks each helper again at
// every call: llama.cpp's mul_mat_q needed over 500,000 steps and 0.7 s per
// instantiation. Past 50,000 steps the walk stops and the arrays the kernel
// accesses get no fix, with a note saying why (the finding itself comes
// from the device IR and is unchanged). 10,000 calls of `leaf` are past the
// limit; 1,000 are not, and get the padding.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DCALLS=g1 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DCALLS=g2 2>&1 | FileCheck %s --check-prefix=SMALL
#define X10(e) (e + e + e + e + e + e + e + e + e + e)

__shared__ float tile[32][32];
// LARGE-DAG: large-kernel.cu:[[@LINE-1]]:{{[0-9]+}}: note: no fix searched: 'big', which accesses 'tile', is too large for the fix planner's source model
// SMALL-DAG: large-kernel.cu:[[@LINE-2]]:{{[0-9]+}}: note: pad the innermost dimension of 'tile' from 32 to 33 elements

__device__ float leaf(int i) { return tile[threadIdx.x][i]; }
// LARGE-DAG: large-kernel.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict reading shared array 'tile'
// SMALL-DAG: large-kernel.cu:[[@LINE-2]]:{{[0-9]+}}: warning: 32-way bank conflict reading shared array 'tile'
__device__ float g3(int i) { return X10(leaf(i)); }
__device__ float g2(int i) { return X10(g3(i)); }
__device__ float g1(int i) { return X10(g2(i)); }

__global__ void big(float *out) {
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = X10(CALLS(threadIdx.y));
}

void launch(float *o) { big<<<1, dim3(32, 32)>>>(o); }
