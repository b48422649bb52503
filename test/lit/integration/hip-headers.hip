// With Debian's real HIP headers: threadIdx through HIP's coordinate
// structs, hipLaunchKernelGGL, wave64 (gfx90a) vs wave32 (gfx1100) in one
// build, one result per arch; HIP_DYNAMIC_SHARED carved into two arrays by
// pointers.
// REQUIRES: hip-headers
// RUN: %clang -x hip --offload-arch=gfx90a --offload-arch=gfx1100 -nogpulib --cuda-device-only -fsyntax-only -Wno-unused-value %hipwavedef %plugin %s 2>&1 | FileCheck %s
// RUN: %clang -x hip --offload-arch=gfx90a -nogpulib --cuda-device-only -fsyntax-only -Wno-unused-value %hipwavedef %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --check-prefix=ALL
#include <hip/hip_runtime.h>

__global__ void tr(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-DAG: hip-headers.hip:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx90a: 64 LDS passes per wavefront instruction, ideal 2 [ldslint]
  // CHECK-DAG: hip-headers.hip:[[@LINE-2]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx1100: 32 LDS passes per wavefront instruction, ideal 1 [ldslint]
}

__global__ void dyn(float *out) {
  HIP_DYNAMIC_SHARED(float, smem)
  float *a = smem;
  float *b = smem + 32 * 32; // padded rows of 33
  a[threadIdx.y * 32 + threadIdx.x] = threadIdx.x;
  b[threadIdx.y * 33 + threadIdx.x] = threadIdx.y;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = a[threadIdx.x * 32 + threadIdx.y] + b[threadIdx.x * 33 + threadIdx.y];
  // CHECK-DAG: hip-headers.hip:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'smem' on gfx90a: 64 LDS passes per wavefront instruction, ideal 2 [ldslint]
  // CHECK-DAG: hip-headers.hip:[[@LINE-2]]:41: warning: 32-way bank conflict reading shared array 'smem' on gfx1100: 32 LDS passes per wavefront instruction, ideal 1 [ldslint]
  // ALL: hip-headers.hip:[[@LINE-3]]:41: warning: 32-way bank conflict reading shared array 'smem' on gfx90a
  // ALL: hip-headers.hip:[[@LINE-4]]:77: remark: reading shared array 'smem' on gfx90a: no bank conflict (2 LDS passes per wavefront instruction)
}

int main() {
  float *d;
  hipMalloc(&d, 4096);
  hipLaunchKernelGGL(tr, dim3(1), dim3(32, 32), 0, 0, d);
  hipLaunchKernelGGL(dyn, dim3(1), dim3(32, 32), 2 * 32 * 33 * 4, 0, d);
}
