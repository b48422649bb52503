// A pointer chosen by a test, read where the same test has already been
// taken: `sV = job == 1 ? sA + n : NULL` is only used under `if (job == 1)`
// or in the other `?:` on `job == 1` (magma's eigen solvers carve their
// workspace this way). On that side the pointer is `sA + n`, into shared
// memory; it is not a choice between shared memory and other memory per
// lane. (The accesses at lines 17 and 22 were not decided before.)
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:
#include "cuda.h"

__global__ void carve(int job, int n, double *out, double *elsewhere) {
  extern __shared__ double work[];
  double *sA = work;
  double *sV = job == 1 ? sA + 64 * n : elsewhere;
  double *sJ = job == 1 ? sV + 64 * n : sA + 64 * n;
  int *order = (int *)(sJ + 2 * blockDim.y);
  const int t = threadIdx.x;
  order[t] = t;
  // CHECK: same-test-arms.cu:[[@LINE-1]]:3: remark: writing shared array 'work' on sm_{{[0-9]+}}: no bank conflict
  if (job == 1)
    sV[2 * t] = 1.0;
  // CHECK: same-test-arms.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 'work' on sm_{{[0-9]+}}: 4 wavefronts per warp instruction, ideal 2
  out[t] = sJ[t];
  // CHECK: same-test-arms.cu:[[@LINE-1]]:12: remark: reading shared array 'work' on sm_{{[0-9]+}}: no bank conflict
}

void launch(int j, int n, double *p, double *q) { carve<<<1, 32, 4096>>>(j, n, p, q); }
