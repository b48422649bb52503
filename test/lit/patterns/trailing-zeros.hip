// `__ffs(blockDim.x)` (the block's size in bits, which rocm-examples'
// histogram uses to shuffle thread ids) becomes llvm.cttz of the block
// size: with the launch's block shape it is a number, so the shuffled
// index is decided. Under 128 threads, sh = (t & 31) << 2 | t >> 5, and
// lane t < 32 writes word 16 * t: the even lanes share bank 0, the odd
// ones bank 16 (16-way).
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s --implicit-check-not="not decided"
#include <hip/hip_runtime.h>

__global__ void shuffled(unsigned *out) {
  __shared__ unsigned rows[128 * 4];
  const int t = threadIdx.x;
  const int bits = __ffs(blockDim.x) - 3;
  const int sh = (t & ((1 << bits) - 1)) << 2 | (t >> bits);
  rows[sh * 4] = t;
  // CHECK: trailing-zeros.hip:[[#@LINE-1]]:3: warning: 16-way bank conflict writing shared array 'rows' on gfx90a
  // CHECK: note: lanes 0, 2, 4, 6, ..., 30 of wavefront 0 access bytes 0, 128, 256, 384, ..., 1920 of 'rows', all in bank 0
  __syncthreads();
  out[t] = rows[t];
}

void launch(unsigned *out) { shuffled<<<1, 128>>>(out); }
