// A shared access in a recursive __device__ function runs at a depth the
// analysis does not follow (here only at the bottom, where it is 32-way):
// it is `unknown` and says why, never "not executed" or conflict-free.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:
// Exit 0 by default (nothing decided to report); 1 with --fail-on-unknown,
// which lists the undecided accesses once each.
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch
// RUN: not %ldslint --fail-on-unknown %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: ldslint: 3 shared-memory access(es) not decided (--fail-on-unknown):
// FAIL-NEXT: recursion.cu:17:5: reading 's' on sm_{{[0-9]+}}: the access is in 'walk', which calls itself; ldslint does not follow recursion
// FAIL-NEXT: recursion.cu:17:5: writing 's' on sm_{{[0-9]+}}: the access is in 'walk', which calls itself; ldslint does not follow recursion
// FAIL-NEXT: recursion.cu:27:3: reading 's' on sm_{{[0-9]+}}: a call to 'walk(float*, int)'
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=IR --implicit-check-not=warning:

__device__ void walk(float *s, int depth) {
  if (depth == 0) {
    s[threadIdx.x * 32] += 1.0f;
    // CHECK: recursion.cu:[[@LINE-1]]:5: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the access is in 'walk', which calls itself; ldslint does not follow recursion
    // CHECK: recursion.cu:[[@LINE-2]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the access is in 'walk', which calls itself; ldslint does not follow recursion
    return;
  }
  walk(s, depth - 1);
}

__global__ void recursive(float *out, int depth) {
  __shared__ float s[32 * 32];
  walk(s, depth);
  // CHECK: recursion.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: a call to 'walk(float*, int)', which calls itself (ldslint does not follow recursion), accesses memory through this pointer
  // IR: recursion.cu:[[@LINE-2]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: a call to 'walk(float*, int)', which calls itself (ldslint does not follow recursion), accesses memory through this pointer
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *o) { recursive<<<1, 32>>>(o, 3); }
