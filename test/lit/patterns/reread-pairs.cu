// Two reads of one word (kept apart by a barrier) next to a read of the
// word after it: the run of adjacent words has two accesses at one offset,
// which ptxas's measured rule does not cover (lib/PtxasMerging.h). The
// first read is alone before the barrier: 2-way as written. The other two
// stay merge candidates. (Regression: such a run once never ended.)
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void reread(float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  const float a = s[2 * threadIdx.x];
  // CHECK: reread-pairs.cu:[[@LINE-1]]:19: warning: 2-way bank conflict reading shared array 's'
  __syncthreads();
  const float b = s[2 * threadIdx.x];
  const float c = s[2 * threadIdx.x + 1];
  // CHECK: reread-pairs.cu:[[@LINE-2]]:19: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-1]], column 19
  // CHECK: reread-pairs.cu:[[@LINE-2]]:19: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the compiler may merge this access with the one at line [[@LINE-3]], column 19
  out[threadIdx.x] = a + b + c;
}

void launch(float *o) { reread<<<1, 64>>>(o); }
