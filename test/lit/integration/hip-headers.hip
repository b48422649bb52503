// With Debian's real HIP headers: threadIdx through HIP's coordinate
// structs, hipLaunchKernelGGL, wave64 (gfx90a) vs wave32 (gfx1100) in one
// build, one result per arch.
// REQUIRES: hip-headers
// RUN: %clang -x hip --offload-arch=gfx90a --offload-arch=gfx1100 -nogpulib --cuda-device-only -fsyntax-only -Wno-unused-value %hipwavedef %plugin %s 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void tr(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-DAG: hip-headers.hip:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx90a: 64 wavefronts per warp instruction, ideal 2 [ldslint]
  // CHECK-DAG: hip-headers.hip:[[@LINE-2]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx1100: 32 wavefronts per warp instruction, ideal 1 [ldslint]
}

int main() {
  float *d;
  hipMalloc(&d, 4096);
  hipLaunchKernelGGL(tr, dim3(1), dim3(32, 32), 0, 0, d);
}
