// No compiler merges shared accesses across a barrier: the same two float2
// reads before a barrier and again after it (MIVisionX's Harris filter,
// `p[4]`, `p[12]`) are two merge candidates per phase, each pairing with
// its own phase's partner (clang -O3: one ds_read2_b64 per phase), never
// with the other phase's read. Before, the vectorizer's record gave the
// second phase's reads to the first phase's instruction and the merge pass
// paired the first phase's second read with the second phase's first,
// leaving the other two decided as lone 8-byte reads.
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void phases(float4 *out, const uint4 *in) {
  __shared__ unsigned char lbuf[16 * 272];
  unsigned char *p = &lbuf[threadIdx.y * 272 + (threadIdx.x << 4)];
  *(uint4 *)p = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  float2 a = *(float2 *)&p[4];
  float2 b = *(float2 *)&p[12];
  // CHECK: barrier-phases.hip:[[@LINE-2]]:14: remark: reading shared array 'lbuf' on gfx90a: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-1]], column 14
  // CHECK: barrier-phases.hip:[[@LINE-2]]:14: remark: reading shared array 'lbuf' on gfx90a: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-3]], column 14
  __syncthreads();
  *(float4 *)p = make_float4(a.x, a.y, b.x, b.y);
  __syncthreads();
  float2 c = *(float2 *)&p[4];
  float2 d = *(float2 *)&p[12];
  // CHECK: barrier-phases.hip:[[@LINE-2]]:14: remark: reading shared array 'lbuf' on gfx90a: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-1]], column 14
  // CHECK-NOT: line [[@LINE-7]]
  // CHECK: barrier-phases.hip:[[@LINE-3]]:14: remark: reading shared array 'lbuf' on gfx90a: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-4]], column 14
  out[threadIdx.y * 16 + threadIdx.x] = make_float4(c.x, c.y, d.x, d.y);
}

void run(float4 *o, const uint4 *i) { phases<<<1, dim3(16, 16)>>>(o, i); }
