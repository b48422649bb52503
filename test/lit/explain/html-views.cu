// --format=html keeps, per finding, the bank maps of several warps and loop
// iterations for the page's selectors (identical maps stored once), capped
// at 16 warps x 8 iterations plus the worst instruction.
// RUN: %ldslint --arch=%cuda_arch --format=html -o %t.html %s -- %stubargs; test $? -eq 1
// RUN: python3 %S/Inputs/html_views.py %t.html 0 2 1 0 3 2 | FileCheck %s
//
// tile[x][(x * j + y) % 32] under a 32x4 block: warp w (threadIdx.y = w) at
// iteration j puts lane x in bank (x * j + w) % 32: all lanes in bank w at
// j = 0 (32-way), lane x in bank x + w at j = 1 (conflict-free), pairs at
// j = 2 (2-way). Warps differ (the rotation w), iterations differ (degree).
// The big loop runs 1000 iterations: 8 kept per warp, the page says so.

__global__ void views(float *out) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = x;
  __syncthreads();
  float s = 0;
  for (int j = 0; j < 4; ++j)
    s += tile[x][(x * j + y) % 32];
  for (int k = 0; k < 1000; ++k)
    s += tile[x][(x * k + y) % 32];
  out[y * 32 + x] = s;
}

void launch(float *o) { views<<<1, dim3(32, 4)>>>(o); }

// CHECK:      finding 0 20:10 degree 32
// CHECK-NEXT:   warps 4 of 4, most steps 4, caps 16 x 8, capped False, maps {{[0-9]+}}, worst [0, 0]
// CHECK-NEXT:   warp 0 [4 steps] j = 0:32->{{[0-9-]+}} j = 1:1->{{[0-9-]+}} j = 2:2->{{[0-9-]+}} j = 3:1->{{[0-9-]+}}
// CHECK-NEXT:   warp 1 [4 steps] j = 0:32->
// CHECK-NEXT:   warp 2 [4 steps]
// CHECK-NEXT:   warp 3 [4 steps]
// CHECK-NEXT: finding 1 22:10 degree 32
// CHECK-NEXT:   warps 4 of 4, most steps 1000, caps 16 x 8, capped True, maps {{[0-9]+}}, worst [0, 0]
// CHECK-NEXT:   warp 0 [8 steps] k = 0:32->{{.*}} k = 7:1->
// Warp 2 at j = 1: lane x in bank (x + 2) % 32; lane 1 is threadIdx (1,2,0)
// at word 32 * 1 + 3.
// CHECK:      cells 0 warp 2 j = 1 map phase 0: 0:30 1:31 2:0 3:1 4:2 5:3
// CHECK:      lane 1 map: thread [1, 2, 0] byte 140 (lane 0 byte 8)
// Warp 3 at j = 2: lanes x and x + 16 share bank (2x + 3) % 32.
// CHECK:      cells 0 warp 3 j = 2 map phase 0: 1:15,31 3:0,16 5:1,17 7:2,18
