// A kernel whose helpers are called at a thousand places (llama.cpp's
// mul_mat_q is like this): the fix planner's models come from the device
// IR, where the calls are inlined and the repeated reads are one
// instruction, so both arrays get their fixes however many calls there are
// (the AST walk that one-dimensional buffers used to need stopped at 50,000
// steps and gave "no fix searched" for 'flat').
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics -DCALLS=g2 2>&1 | FileCheck %s --check-prefixes=BOTH
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics -DCALLS=g3 2>&1 | FileCheck %s --check-prefixes=BOTH
#define X10(e) (e + e + e + e + e + e + e + e + e + e)

__shared__ float tile[32][32];
// BOTH-DAG: large-kernel.cu:[[@LINE-1]]:{{[0-9]+}}: note: pad the innermost dimension of 'tile' from 32 to 33 elements
__shared__ float flat[32 * 32];
// BOTH-DAG: large-kernel.cu:[[@LINE-1]]:{{[0-9]+}}: note: pad the rows of 'flat' from 32 to 33 elements

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
