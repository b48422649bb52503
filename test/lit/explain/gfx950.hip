// 64 banks (gfx950): a transposed read of doubles, 8 bytes per lane in two
// passes of 32 lanes; every lane touches banks 0 and 1. The HTML page's
// data and --explain show 64 bank columns (the text wraps them 8 a row).
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx950 --format=html -o %t.html %s -- -x hip -nogpulib -D__AMDGCN_WAVEFRONT_SIZE=64
// RUN: python3 %S/Inputs/html_data.py %t.html | FileCheck %s --check-prefix=HTML
// RUN: python3 -c "import json,re,sys; print('banks', json.loads(re.search(r'ldslint-data\">(.*?)</script>', open(sys.argv[1]).read(), re.S).group(1))['findings'][0]['map']['banks'])" %t.html | FileCheck %s --check-prefix=BANKS
// RUN: not %ldslint --arch=gfx950 --explain %s -- -x hip -nogpulib -D__AMDGCN_WAVEFRONT_SIZE=64 2>/dev/null | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void transpose_double(double *out, const double *in) {
  __shared__ double t[32][32];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

void launch(double *o, const double *i) { transpose_double<<<1, dim3(32, 32)>>>(o, i); }

// HTML:      finding 15:41 degree 32
// HTML-NEXT: map [(0, 32, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]), (1, 32, [0, 1, 2,
// BANKS: banks 64

// CHECK:      == {{.*}}gfx950.hip:15:41: 32-way bank conflict reading 't' in 'transpose_double' (gfx950)
// CHECK-NEXT: target gfx950: 64 banks x 4 B, wave64
// CHECK-NEXT: block 32x32x1 {{.*}}; 8-byte read per lane
// CHECK:      phase 1 of 2, lanes 0-31: 32 passes (32-way conflict)
// CHECK-NEXT: bank  |0        1        2        3        4        5        6        7
// CHECK-NEXT: lanes |0-31     0-31     .        .
// CHECK-NEXT: words |32!      32!      .        .
// CHECK:      bank  |56       57       58       59       60       61       62       63
// CHECK:      phase 2 of 2, lanes 32-63: 32 passes (32-way conflict)

// 64 banks on the page's selectors: wavefront 5 of the 32x32 block is
// threadIdx.y 10 (lanes 0-31: banks 20, 21) and 11 (lanes 32-63: 22, 23).
// RUN: python3 %S/Inputs/html_views.py %t.html 0 5 0 | FileCheck %s --check-prefix=VIEWS
// VIEWS:      warps 16 of 16, most steps 1, caps 16 x 8, capped False
// VIEWS:      cells 0 warp 5 {{ *}}map phase 0: 20:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31 21:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31{{$}}
// VIEWS-NEXT: cells 0 warp 5 {{ *}}map phase 1: 22:32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63 23:32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63{{$}}
