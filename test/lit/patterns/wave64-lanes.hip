// A wave64 finding accounts for all 64 lanes: the note after the example
// collision (one phase of 32 lanes) says what the other phase does. The
// note is AMD-only: a wavefront of 32 lanes in one phase gets none.
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

// Under 32x8, lanes 32-63 are threadIdx.y 1: the same column walk, in bank 1.
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
  // CHECK:      wave64-lanes.hip:[[@LINE-1]]:21: warning: 32-way bank conflict reading shared array 'tile' on gfx90a: 64 LDS passes per wavefront instruction, ideal 2
  // CHECK:      note: lanes 0, 1, 2, 3, ..., 31 of wavefront 0 access bytes 0, 128, 256, 384, ..., 3968 of 'tile', all in bank 0
  // CHECK-NEXT: note: lanes 32-63 of wavefront 0 (phase 2 of 2) take 32 passes, the most in bank 1
}

// Only the first half walks a column; the second half reads consecutive words.
__global__ void halves(float *out) {
  __shared__ float s[64 * 32];
  const int t = threadIdx.x;
  out[t] = s[(t & 32) ? t : t * 32];
  // CHECK:      wave64-lanes.hip:[[@LINE-1]]:12: warning: 32-way bank conflict reading shared array 's' on gfx90a: 33 LDS passes per wavefront instruction, ideal 2
  // CHECK:      note: lanes 0, 1, 2, 3, ..., 31 of wavefront 0 access bytes 0, 128, 256, 384, ..., 3968 of 's', all in bank 0
  // CHECK-NEXT: note: lanes 32-63 of wavefront 0 (phase 2 of 2) take 1 pass (conflict-free)
}

// 32 threads: one phase, no note about other lanes.
__global__ void narrow(float *out) {
  __shared__ float s[32 * 32];
  const int t = threadIdx.x;
  out[t] = s[t * 32];
  // CHECK:      wave64-lanes.hip:[[@LINE-1]]:12: warning: 32-way bank conflict reading shared array 's' on gfx90a: 32 LDS passes per wavefront instruction, ideal 1
  // CHECK:      note: lanes 0, 1, 2, 3, ..., 31 of wavefront 0 access bytes 0, 128, 256, 384, ..., 3968 of 's', all in bank 0
  // CHECK-NEXT: note: block shape 32x1x1
}

void launch(float *o, const float *i) {
  transpose<<<1, dim3(32, 8)>>>(o, i);
  halves<<<1, 64>>>(o);
  narrow<<<1, 32>>>(o);
}
