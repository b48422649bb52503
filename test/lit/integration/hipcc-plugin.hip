// The plugin built for clang 15 inside Debian's hipcc (clang 15), with the
// command of docs/build-clang-hipcc.md: the compile succeeds and the
// finding is in AMD's words.
// REQUIRES: llvm-15, hipcc
// RUN: rm -rf %t && mkdir -p %t
// RUN: hipcc --offload-arch=gfx90a -fplugin=%obj_root/lib/ldslint.so -c %s -o %t/k.o 2>&1 | FileCheck %s
// RUN: test -s %t/k.o
#include <hip/hip_runtime.h>
#define TILE 32
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: hipcc-plugin.hip:[[@LINE-1]]:43: warning: 32-way bank conflict reading shared array 'tile' on gfx90a: 64 LDS passes per wavefront instruction, ideal 2 [ldslint]
}
void run(float *o, const float *i) { transpose<<<1, dim3(TILE, TILE)>>>(o, i); }
