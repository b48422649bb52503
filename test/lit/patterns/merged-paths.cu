// Each `?:` below becomes a select whose arms both use `v`: as a tree the
// address doubles (here grows fivefold) at every step, while it is shared
// as a DAG (rocPRIM's block sort builds such chains from merge phis). The
// analysis walked it as a tree and ran for minutes (timeout 60 s here);
// now a value larger than 4,096 operations as a tree is `unknown`, and
// every walk of an expression visits each shared node once.
// RUN: timeout 60 %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#define STEP v = (v & 1) ? v + (v >> 1) : v - (v >> 2);
#define STEP8 STEP STEP STEP STEP STEP STEP STEP STEP

__global__ void chain(unsigned *out) {
  __shared__ unsigned s[1024];
  unsigned v = threadIdx.x;
  STEP8 STEP8 STEP8 STEP8
  s[v & 1023] = 1;
  // CHECK: merged-paths.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on {{.*}} (it is merged from more paths than ldslint follows)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: merged-paths.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

void launch(unsigned *o) { chain<<<1, 32>>>(o); }
