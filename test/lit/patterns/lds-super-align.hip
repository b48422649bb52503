// The AMDGPU back end aligns an LDS variable larger than 8 bytes to 16
// (amdgpu-lower-module-lds), so four 4-byte stores to `s[4 * t + k]` of an
// `int s[512]` are one ds_write_b128 at -O3 (`clang++ -x hip
// --offload-arch=gfx90a -O3 -S`), costed in 8-lane groups: no conflict,
// where each store alone would be 4-way. With loads through a kernel
// argument between the stores, ldslint does not pair them and says so.
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void quad(int *out, const int *in) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  const int a = in[t], b = in[t + 1], c = in[t + 2], d = in[t + 3];
  s[4 * t + 0] = a;
  // CHECK: lds-super-align.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
  // CHECK: note: the compiler merges accesses at consecutive addresses into this 16-byte instruction
  s[4 * t + 1] = b;
  s[4 * t + 2] = c;
  s[4 * t + 3] = d;
  __syncthreads();
  out[t] = s[t];
}

__global__ void quad_between(int *out, const int *in) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  s[4 * t + 0] = in[t];
  // CHECK: lds-super-align.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: bank conflicts not decided: the compiler may merge this access
  s[4 * t + 1] = in[t + 1];
  __syncthreads();
  out[t] = s[t];
}

void launch(int *o, const int *i) {
  hipLaunchKernelGGL(quad, dim3(1), dim3(64), 0, 0, o, i);
  hipLaunchKernelGGL(quad_between, dim3(1), dim3(64), 0, 0, o, i);
}
