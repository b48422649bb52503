// __umulhi / __mulhi (HIP: calls of ROCm's device library, __ockl_mul_hi_*,
// not linked without it): the high 32 bits of the 64-bit product.
// composable_kernel's MagicDivision divides thread indices by constants
// this way; the index was unknown ("the result of '__ockl_mul_hi_u32'").
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ __launch_bounds__(64) void magic(const float *in, float *out) {
  __shared__ float buf[64 * 4];
  unsigned tid = threadIdx.x;
  // tid / 3 and tid % 3 by the magic pair (0xAAAAAAAB, shift 1): rows of 4
  // words hold 3 lanes each, so lanes 32 words apart meet in a bank.
  unsigned q = __umulhi(tid, 0xAAAAAAABu) >> 1;
  buf[q * 4 + (tid - q * 3)] = in[tid];
  // CHECK: mulhi.hip:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict writing shared array 'buf' on gfx90a
  // Signed: -lane times INT_MIN is lane * 2^31, whose high half is lane / 2
  // (read as unsigned it would be past the array): lanes 2k and 2k+1 write
  // one word, no conflict.
  buf[128 + __mulhi(-(int)tid, 1 << 31)] = 0.f;
  // CHECK: mulhi.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 'buf' on gfx90a: no bank conflict
  __syncthreads();
  out[tid] = buf[tid];
}
