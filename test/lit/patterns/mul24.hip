// HIP's __mul24 is a call to ROCm's device library (__ockl_mul24_i32, not
// linked without the device libraries): the product of the low 24 bits of
// each operand, as in CUDA (HeCBench's tpacf). A signed operand stays
// signed.
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(64) void mul24(int *out, int n) {
  __shared__ int s[64 * 33];
  s[__mul24((int)threadIdx.x, 33)] = 1;
  // CHECK: mul24.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: no bank conflict
  s[__umul24(threadIdx.x, 32u)] = 2;
  // CHECK: mul24.hip:[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict writing shared array 's' on gfx90a
  // -1 * 33 in 24 bits, signed: the lane's index is 33 * (63 - lane) + 30.
  s[__mul24((int)threadIdx.x - 63, -33) + 30] = 3;
  // CHECK: mul24.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: no bank conflict
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * n];
}
