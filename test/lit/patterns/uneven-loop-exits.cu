// A value that a loop leaves behind when lanes leave it at different
// iterations (`while (g[i] != lane) i++`) is each lane's own: a walk that
// starts from it, or a merge of it, is not the same in every lane even
// though every step and branch after it is. `t[(x & 63) * 32]` has a
// 32-way conflict when the lanes' values differ; the merge used to be
// called conflict-free, and so was the walk by the first version of
// lib/ir/LoopUniformity (found by review).
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#include "cuda.h"

struct Node {
  int left, right, is_leaf;
  float value;
};

__global__ void walkFromExit(const Node *nodes, const int *g, float *out, int n) {
  __shared__ float t[64 * 32];
  const int lane = threadIdx.x % 32;
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  int i = 0;
  for (; i < n; i++)
    if (g[i] == lane)
      break;
  int depth = i + 1;
  bool have = false;
  float ret = 0.f;
  while (depth > 0 || have) {
    if (have) {
      if (depth == 0)
        break;
      ret += t[(depth & 63) * 32];
      // CHECK: uneven-loop-exits.cu:[[@LINE-1]]:14: remark: reading shared array 't' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
      have = false;
      continue;
    }
    const Node node = nodes[depth];
    if (node.is_leaf) {
      ret = node.value;
      depth--;
      have = true;
      continue;
    }
    depth++;
  }
  out[threadIdx.x] = ret;
}

__global__ void mergeOfExits(const int *g, int *c, float *out, int n) {
  __shared__ float t[64 * 32];
  const int lane = threadIdx.x % 32;
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  int x = 3;
  if (n > 4) {
    int i = 0;
    while (g[i] != lane)
      i++;
    if (n > 9) {
      atomicAdd(c, 1);
      x = i;
    } else if (n > 7) {
      atomicAdd(c + 1, 1);
      x = i + 2;
    }
  }
  out[threadIdx.x] = t[(x & 63) * 32];
  // LLVM 15 names the value the merge came from (`i`), later ones the merge.
  // CHECK: uneven-loop-exits.cu:[[@LINE-2]]:22: remark: reading shared array 't' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `{{x|i}}`, which differs between lanes
}

void launch(const Node *nodes, const int *g, int *c, float *out, int n) {
  walkFromExit<<<1, 64>>>(nodes, g, out, n);
  mergeOfExits<<<1, 64>>>(g, c, out, n);
}
