// --explain on a wave64 target (gfx90a): the transpose read takes two
// passes of 32 lanes; under a 32x8 block lanes 32-63 are threadIdx.y 1, so
// they collide in bank 1.
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a --explain %s -- -x hip -nogpulib %hipwavedef 2>/dev/null | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
}

void launch(float *o, const float *i) { transpose<<<1, dim3(32, 8)>>>(o, i); }

// CHECK:      == {{.*}}wave64.hip:13:21: 32-way bank conflict reading 'tile' in 'transpose' (gfx90a)
// CHECK-NEXT: target gfx90a: 32 banks x 4 B, wave64
// CHECK-NEXT: block 32x8x1
// CHECK-NEXT: warp 0; lane 0 is threadIdx (0,0,0) ... lane 63 is threadIdx (31,1,0)
// CHECK-NEXT: phase 1 of 2, lanes 0-31: 32 passes (32-way conflict)
// CHECK-NEXT: bank  |0        1        2        3        4        5        6        7
// CHECK-NEXT: lanes |0-31     .        .
// CHECK:      phase 2 of 2, lanes 32-63: 32 passes (32-way conflict)
// CHECK-NEXT: bank  |0        1        2        3        4        5        6        7
// CHECK-NEXT: lanes |.        32-63    .
// CHECK:      total: 64 wavefront(s), 2 without conflicts; worst phase 32-way
// CHECK-NEXT: -- after the fix: pad the innermost dimension of 'tile' from 32 to 33 elements
// CHECK:      phase 2 of 2, lanes 32-63: 1 pass (conflict-free)
// CHECK:      total: 2 wavefront(s), 2 without conflicts; worst phase 1-way
