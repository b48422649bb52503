// The driver on a HIP file with Debian's HIP headers, run with only the
// flags a user's hipcc build has: it adds -nogpulib (ROCm's device
// libraries are only linked) and, with clang 20+, the wave-size macro the
// HIP 5.x headers expect, saying so; a flag the user gave is not repeated.
// REQUIRES: hip-headers
// RUN: not %ldslint %s -- -x hip --offload-arch=gfx90a --offload-arch=gfx1100 -Wno-unused-value 2>&1 | FileCheck %s
// RUN: not %ldslint %s -- -x hip --offload-arch=gfx90a -nogpulib -D__AMDGCN_WAVEFRONT_SIZE=64 -Wno-unused-value 2>&1 | FileCheck %s --check-prefix=GIVEN
#include <hip/hip_runtime.h>

// CHECK-DAG: ldslint: note: added -nogpulib (ROCm's device libraries are only linked into the code object; the analysis does not need them)
// CHECK-DAG: ldslint: note: added -D__AMDGCN_WAVEFRONT_SIZE=64 for gfx90a
// CHECK-DAG: ldslint: note: added -D__AMDGCN_WAVEFRONT_SIZE=32 for gfx1100
// GIVEN-NOT: added -nogpulib
// GIVEN-NOT: added -D__AMDGCN_WAVEFRONT_SIZE

__global__ void tr(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-DAG: hip-user-flags.hip:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx90a
  // CHECK-DAG: hip-user-flags.hip:[[@LINE-2]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx1100
  // GIVEN: hip-user-flags.hip:[[@LINE-3]]:41: warning: 32-way bank conflict reading shared array 'tile' on gfx90a
}
