// On AMD a local array lives in the private address space and is used
// through an addrspacecast: the values stored into it through the cast are
// still followed. Ranks loaded from a buffer into `unsigned ranks[N]` and
// read back at the loop's index (rocPRIM's block_exchange scatter) are
// data; ranks computed from threadIdx are not.
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all --format=json %s -- -x hip -nogpulib %hipwavedef > %t.json
// RUN: FileCheck %s --input-file=%t.json
#include <hip/hip_runtime.h>

template <int N> __device__ void load(unsigned lid, const unsigned *in, unsigned (&out)[N]) {
  for (int i = 0; i < N; i++)
    out[i] = in[lid * N + i];
}

__global__ __launch_bounds__(256) void scatter(const unsigned *in, float *out) {
  __shared__ float buf[1024];
  unsigned loaded[2], computed[2];
  load(threadIdx.x, in, loaded);
  for (int i = 0; i < 2; i++)
    computed[i] = (threadIdx.x * 7 + i * 3) & 1023;
  for (int i = 0; i < 2; i++)
    buf[loaded[i] & 1023] = 1.0f;
  for (int i = 0; i < 2; i++)
    buf[computed[i] ^ threadIdx.y] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
// Keys in alphabetical order: each finding's data_dependent comes before
// its line.
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 23,
// CHECK: "reason": "the address depends on {{.*}}kept in a local array indexed at run time
// CHECK: "data_dependent": false,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 25,
