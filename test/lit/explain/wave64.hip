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
// CHECK-NEXT: warp 0 (the worst of 4 warp instructions); lane 0 is threadIdx (0,0,0) ... lane 63 is threadIdx (31,1,0)
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

// The HTML page keeps every wavefront of the block (4 under 32x8); the
// selector's wavefront 3 is threadIdx.y 6 (lanes 0-31, bank 6) and 7
// (lanes 32-63, bank 7).
// RUN: not %ldslint --arch=gfx90a --format=html -o %t.html %s -- -x hip -nogpulib %hipwavedef
// RUN: python3 %S/Inputs/html_views.py %t.html 0 3 0 | FileCheck %s --check-prefix=VIEWS
// VIEWS:      warps 4 of 4, most steps 1, caps 16 x 8, capped False
// VIEWS:      cells 0 warp 3 {{ *}}map phase 0: 6:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31{{$}}
// VIEWS-NEXT: cells 0 warp 3 {{ *}}map phase 1: 7:32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63{{$}}
