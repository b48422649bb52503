// A value a loop leaves behind, read after the loop (CuTe's predicate
// tensors, filled in one loop and tested in another): the evaluator has no
// number for it there. The finding names the variable and its loop instead
// of the "division by zero or an out-of-range shift" it used to give.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void afterLoop(float *out, int n) {
  __shared__ float s[64];
  int k = 0;
  for (; k < n; ++k)
    out[k] = 0;
  if (k < 4)
    s[threadIdx.x] = 1;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address or a condition depends on `k`, a variable of the loop at line 10 that does not enclose this access; ldslint does not follow its value past the loop
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *o, int n) { afterLoop<<<1, 32>>>(o, n); }
