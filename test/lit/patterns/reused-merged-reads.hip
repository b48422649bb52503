// A read the compiler answers from an earlier one still gets an answer at
// its line when that earlier read is then merged into a wider load (on
// gfx90a the dot product's `rA[wtx].v/.x/.y/.z` become one 16-byte
// `ds_read_b128`, and `d.x = rA[wtx].x - rB[j].x` reads nothing: HeCBench's
// lavaMD).
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

struct F4 { float v, x, y, z; };

__global__ void md(F4 *out, const F4 *in) {
  __shared__ F4 rA[128];
  __shared__ F4 rB[128];
  const int wtx = threadIdx.x;
  rA[wtx] = in[wtx];
  rB[wtx] = in[wtx + 128];
  __syncthreads();
  F4 d, acc = {0, 0, 0, 0};
  for (int j = 0; j < 128; j++) {
    const float r2 = rA[wtx].v + rB[j].v -
                     (rA[wtx].x * rB[j].x + rA[wtx].y * rB[j].y + rA[wtx].z * rB[j].z);
    d.x = rA[wtx].x - rB[j].x;
    // CHECK-DAG: reused-merged-reads.hip:[[@LINE-1]]:19: remark: reading shared array 'rA' on gfx90a: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[@LINE-2]])
    // CHECK-DAG: reused-merged-reads.hip:[[@LINE-2]]:29: remark: reading shared array 'rB' on gfx90a: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[@LINE-3]])
    d.y = rA[wtx].y - rB[j].y;
    // CHECK-DAG: reused-merged-reads.hip:[[@LINE-1]]:19: remark: reading shared array 'rA' on gfx90a: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[@LINE-5]])
    d.z = rA[wtx].z - rB[j].z;
    // CHECK-DAG: reused-merged-reads.hip:[[@LINE-1]]:19: remark: reading shared array 'rA' on gfx90a: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line [[@LINE-7]])
    acc.v += r2;
    acc.x += d.x;
    acc.y += d.y;
    acc.z += d.z;
  }
  out[wtx] = acc;
}

void launch(F4 *o, const F4 *i) { hipLaunchKernelGGL(md, 1, 128, 0, 0, o, i); }
