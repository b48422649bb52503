// The row-stride model on AMDGPU: the device code emitted again for gfx90a
// (wave64) with the stride opaque, the padding checked on 64 lanes.
// REQUIRES: hip-headers
// RUN: not %ldslint --arch=gfx90a %s -- -x hip -nogpulib %hipwavedef -fno-caret-diagnostics -Wno-unused-command-line-argument 2>&1 | FileCheck %s --implicit-check-not="warning: {{[0-9]+}}-way"
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(64) rows(float *out) {
  __shared__ float A[64 * 64];
  // CHECK-DAG: stride1d-ir.hip:[[@LINE-1]]:20: note: pad the rows of 'A' from 64 to 65 elements: the stride `64` becomes `65` in 2 indices and in its size (+256 bytes;
  const int t = threadIdx.x;
  A[t * 64 + 1] = out[t];
  // CHECK-DAG: stride1d-ir.hip:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'A' on gfx90a
  __syncthreads();
  out[t] = A[t * 64 + 2];
  // CHECK-DAG: stride1d-ir.hip:[[@LINE-1]]:12: warning: 32-way bank conflict reading shared array 'A' on gfx90a
}
