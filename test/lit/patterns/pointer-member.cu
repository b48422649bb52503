// A pointer to shared memory kept in a member of a local helper object that
// also holds an array indexed at run time (CUB's BlockScanRaking: its
// TempStorage reference, linear_tid and cached_segment[]). The object stays
// in memory after SROA; the member's one store is what each read of it sees.
// REQUIRES: llvm-22
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="not decided"

struct Raking {
  float *grid;
  unsigned tid;
  float cached[4];

  __device__ Raking(float *g) : grid(g), tid(threadIdx.x) {}

  __device__ float sum(unsigned n) {
    for (unsigned i = 0; i < 4; ++i)
      cached[i] = grid[tid * 4 + i];
    // CHECK: pointer-member.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (4 wavefronts per warp instruction)
    float total = 0;
    for (unsigned i = 0; i < n; ++i)
      total += cached[i & 3];
    grid[tid] = total;
    // CHECK: pointer-member.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
    return total;
  }
};

__global__ void raking(float *out, unsigned n) {
  __shared__ float s[4 * 32];
  Raking r(s);
  out[threadIdx.x] = r.sum(n);
}

void launch(float *o, unsigned n) { raking<<<1, 32>>>(o, n); }
