// A tree walk with an explicit stack per warp (xgboost's SHAP kernels): the
// stack's depth goes up on one path and down on another, chosen by the node
// read from memory, so ldslint cannot say which value it has. But every
// lane of a warp reads the same node (at the warp's own stack slot) and
// takes the same path, so the depth is the same in every lane: a uniform
// unknown, and `basis[warp][depth][lane * Stride]` is decided whatever it
// is. It is not where a step or a way out of the loop depends on the lane,
// nor where a warp is not made of whole rows (the warp index `threadIdx.x /
// 32` then differs within a warp).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#include "cuda.h"

struct Node {
  int left, right;
  int is_leaf;
  float value;
};

template <int Stride, bool LaneStep, bool LaneExit>
__global__ void walk(const Node *nodes, float *out) {
  __shared__ int stack[8][64];
  __shared__ float basis[8][64][64];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    stack[warp][0] = 0;
  __syncthreads();
  int depth = 1;
  bool have = false;
  float ret = 0.f;
  while (depth > 0 || have) {
    if (have) {
      if (depth == 0)
        break;
      ret += basis[warp][depth - 1][lane * Stride];
      have = false;
      continue;
    }
    const Node n = nodes[stack[warp][depth - 1]];
    if (n.is_leaf) {
      ret = basis[warp][depth - 1][lane * Stride] * n.value;
      depth--;
      have = true;
      continue;
    }
    if (LaneExit && n.left < 0 && lane == 3)
      break;
    if (lane == 0)
      stack[warp][depth] = n.left;
    basis[warp][depth][lane * Stride] = ret;
    __syncthreads();
    depth += LaneStep && lane == 5 ? 2 : 1;
  }
  out[threadIdx.x] = ret;
}

void launch(const Node *n, float *o) {
  walk<2, false, false><<<1, 128>>>(n, o);
  walk<1, true, false><<<1, 128>>>(n, o);
  walk<1, false, true><<<1, 128>>>(n, o);
  walk<1, false, false><<<1, dim3(48, 2)>>>(n, o);
}
// No launch: warps are assumed to be whole rows of 32 threads.
template __global__ void walk<3, false, false>(const Node *, float *);

// A grid-stride loop over warps (`task` starts at the global warp index
// and steps by the number of warps): each warp walks the tree of its task.
template <bool LaneStride>
__global__ void walkTasks(const Node *nodes, const unsigned *first, unsigned tasks, float *out) {
  __shared__ int stack[4][64];
  __shared__ float basis[4][64][33];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  float ret = 0.f;
  for (unsigned task = (blockIdx.x * 128 + threadIdx.x) / 32; task < tasks;
       task += gridDim.x * 4 + (LaneStride ? lane : 0)) {
    const Node *tree = nodes + first[task];
    if (lane == 0)
      stack[warp][0] = 0;
    __syncthreads();
    int depth = 1;
    bool have = false;
    while (depth > 0 || have) {
      if (have) {
        if (depth == 0)
          break;
        ret += basis[warp][depth - 1][lane];
        have = false;
        continue;
      }
      const Node n = tree[stack[warp][depth - 1]];
      if (n.is_leaf) {
        depth--;
        have = true;
        continue;
      }
      if (lane == 0)
        stack[warp][depth] = n.left;
      basis[warp][depth][lane] = ret;
      __syncthreads();
      depth++;
    }
  }
  out[threadIdx.x] = ret;
}

void launchTasks(const Node *n, const unsigned *f, unsigned t, float *o) {
  walkTasks<false><<<8, 128>>>(n, f, t, o);
  walkTasks<true><<<8, 128>>>(n, f, t, o);
}

// CHECK: uniform-stack-walk.cu:34:14: warning: 2-way bank conflict reading shared array 'basis' on sm_{{[0-9]+}}: 2 wavefronts per warp instruction
// CHECK: note: in walk<2, false, false>
// CHECK: uniform-stack-walk.cu:38:26: remark: reading shared array 'stack' on sm_{{[0-9]+}}: no bank conflict
// CHECK: note: in walk<2, false, false>
// CHECK: uniform-stack-walk.cu:40:13: warning: 2-way bank conflict reading shared array 'basis'
// CHECK: note: in walk<2, false, false>
// CHECK: uniform-stack-walk.cu:49:5: warning: 2-way bank conflict writing shared array 'basis'
// CHECK: note: in walk<2, false, false>

// CHECK: uniform-stack-walk.cu:34:14: remark: reading shared array 'basis' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
// CHECK: note: in walk<1, true, false>
// CHECK: uniform-stack-walk.cu:49:5: remark: writing shared array 'basis' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
// CHECK: note: in walk<1, true, false>

// CHECK: uniform-stack-walk.cu:34:14: remark: reading shared array 'basis' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
// CHECK: note: in walk<1, false, true>

// CHECK: uniform-stack-walk.cu:34:14: remark: reading shared array 'basis' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
// CHECK: note: in walk<1, false, false>

// CHECK: uniform-stack-walk.cu:34:14: remark: reading shared array 'basis' on sm_{{[0-9]+}}: no bank conflict
// CHECK: note: in walk<3, false, false>
// CHECK: uniform-stack-walk.cu:49:5: remark: writing shared array 'basis' on sm_{{[0-9]+}}: no bank conflict
// CHECK: note: in walk<3, false, false>

// walkTasks<false>, then walkTasks<true>:
// CHECK-DAG: uniform-stack-walk.cu:85:16: remark: reading shared array 'basis' on sm_{{[0-9]+}}: no bank conflict
// CHECK-DAG: uniform-stack-walk.cu:97:7: remark: writing shared array 'basis' on sm_{{[0-9]+}}: no bank conflict
// CHECK-DAG: uniform-stack-walk.cu:85:16: remark: reading shared array 'basis' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
// CHECK-DAG: uniform-stack-walk.cu:97:7: remark: writing shared array 'basis' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `depth`, which differs between lanes
