// On AMD: an atomic's old value (an `atomicrmw`) and an index read from a
// buffer are data; a member of a struct the kernel takes by value (a byref
// argument) and the grid size in the dispatch packet (grid_size_x) are not
// (JSON data_dependent, as in data-dependent.cu).
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all --format=json %s -- -x hip -nogpulib %hipwavedef > %t.json
// RUN: FileCheck %s --input-file=%t.json
#include <hip/hip_runtime.h>

struct Params { int stride; int off; };
__global__ __launch_bounds__(64) void h(int *out, Params p, const int *idx) {
  __shared__ int s[4096];
  __shared__ unsigned c;
  s[(threadIdx.x * p.stride) & 4095] = 1;
  unsigned slot = atomicAdd(&c, 1u);
  s[slot & 4095] = 2;
  s[idx[threadIdx.x] & 4095] = 3;
  s[(threadIdx.x * __builtin_amdgcn_grid_size_x()) & 4095] = 4;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// Keys in alphabetical order: each finding's data_dependent comes before
// its line, with no other finding's between.
// CHECK: "data_dependent": false,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 14,
// CHECK: "reason": "the address depends on `p{{[^`]*}}` (it is a kernel argument) through a non-linear operation"
// CHECK: "line": 15,
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 16,
// CHECK: "reason": "the address depends on {{.*}} (the atomic operation read it from memory: data-dependent)"
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 17,
// CHECK: "data_dependent": false,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 18,
// CHECK: "reason": "the address depends on {{.*}} (the runtime sets it at launch) through a non-linear operation"
