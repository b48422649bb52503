// Two members of one struct read on one line, the second only where the
// first compares equal (`a.x == b.x && a.y == b.y` through a reference):
// the compiler may read the second for every lane and merge both into one
// 8-byte read (AMDGPU -O3 makes rocPRIM's custom_test_type comparisons one
// ds_read_b64), so a conflict of the separate 4-byte reads is not claimed.
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all --format=json %s -- -x hip -nogpulib %hipwavedef > %t.json
// RUN: FileCheck %s --input-file=%t.json
#include <hip/hip_runtime.h>

struct Pair { int x, y; };
__device__ bool same(const Pair &a, const Pair &b) { return a.x == b.x && a.y == b.y; }

__global__ __launch_bounds__(64) void compare(const Pair *in, int *out) {
  __shared__ Pair s[256];
  for (int i = threadIdx.x; i < 256; i += 64)
    s[i] = in[i];
  __syncthreads();
  const Pair mine = in[256 + threadIdx.x];
  out[threadIdx.x] = same(mine, s[threadIdx.x * 4]);
}
// Keys in alphabetical order.
// CHECK: "line": 12,
// CHECK: "reason": "the compiler may merge this access with the one at line 12, column {{[0-9]+}} into one wider instruction, which groups lanes differently; as a separate 4-byte access it would be {{[0-9]+}}-way",
// CHECK: "status": "unknown",
// CHECK: "line": 12,
// CHECK: "reason": "the compiler may merge this access with the one at line 12, column {{[0-9]+}} into one wider instruction, which groups lanes differently; as a separate 4-byte access it would be {{[0-9]+}}-way",
// CHECK: "status": "unknown",
