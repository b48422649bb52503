// Exploration: a tree walk with an explicit stack per warp (xgboost's SHAP
// kernels). The stack's depth goes up while the node read from memory is
// not a leaf and down after it, so ldslint cannot say which value it has;
// but every lane of a warp reads the same node at the warp's own slot and
// takes the same path, so the depth is the same in every lane
// (lib/ir/LoopUniformity) and `basis[warp][depth][lane * Stride]` is
// decided: 2-way for Stride 2, 4-way for 4, none for 1 and 3. walkTasks
// does the same inside a grid-stride loop over warps (`task` starts at the
// global warp index and steps by the number of warps in the grid).
// The tree is a chain of 9 nodes: 8 pushes, then 8 pops that read basis.
// test/hardware/explore/run.sh measures it (CASES=walks35).
#include <cstdio>
#include <cuda_runtime.h>

struct Node {
  int left;
  int is_leaf;
  float value;
};

template <int Stride>
__global__ void walk(const Node *nodes, float *out) {
  __shared__ int stack[4][16];
  __shared__ float basis[4][16][128];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    stack[warp][0] = 0;
  __syncwarp();
  int depth = 1;
  bool have = false;
  float ret = 0.f;
  while (depth > 0) {
    if (have) {
      ret += basis[warp][depth - 1][lane * Stride];
      depth--;
      continue;
    }
    const Node n = nodes[stack[warp][depth - 1]];
    if (n.is_leaf) {
      ret += n.value;
      depth--;
      have = true;
      continue;
    }
    if (lane == 0)
      stack[warp][depth] = n.left;
    basis[warp][depth - 1][lane * Stride] = ret + depth;
    __syncwarp();
    depth++;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = ret;
}

__global__ void walkTasks(const Node *nodes, const unsigned *first, unsigned tasks, float *out) {
  __shared__ int stack[4][16];
  __shared__ float basis[4][16][64];
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  float ret = 0.f;
  for (unsigned task = (blockIdx.x * 128 + threadIdx.x) / 32; task < tasks; task += gridDim.x * 4) {
    const Node *tree = nodes + first[task];
    if (lane == 0)
      stack[warp][0] = 0;
    __syncwarp();
    int depth = 1;
    bool have = false;
    while (depth > 0) {
      if (have) {
        ret += basis[warp][depth - 1][2 * lane];
        depth--;
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
      basis[warp][depth - 1][lane] = ret;
      __syncwarp();
      depth++;
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = ret;
}

int main() {
  Node chain[9];
  for (int k = 0; k < 9; ++k)
    chain[k] = {k + 1, k == 8, 1.f};
  unsigned first[16] = {};
  Node *nodes;
  unsigned *firsts;
  float *out;
  cudaMalloc(&nodes, sizeof chain);
  cudaMalloc(&firsts, sizeof first);
  cudaMalloc(&out, 4 * 128 * sizeof(float));
  cudaMemcpy(nodes, chain, sizeof chain, cudaMemcpyHostToDevice);
  cudaMemcpy(firsts, first, sizeof first, cudaMemcpyHostToDevice);
  walk<1><<<1, 128>>>(nodes, out);
  walk<2><<<1, 128>>>(nodes, out);
  walk<3><<<1, 128>>>(nodes, out);
  walk<4><<<1, 128>>>(nodes, out);
  walkTasks<<<2, 128>>>(nodes, firsts, 16, out);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
