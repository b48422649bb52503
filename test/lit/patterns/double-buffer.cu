// A stage index toggled in a loop whose bound is a kernel argument (the
// double-buffered tiles of GEMM kernels): the loop is stepped until the
// index repeats, and the finding says how many iterations that assumed.
// An index that never repeats stays unknown.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s --check-prefix=ALL

__global__ void stages(float *out, int K) {
  __shared__ float buf[2][32][32];
  int stage = 0;
  int k = 0;
  do {
    buf[stage][threadIdx.x][0] = k;
    // CHECK: double-buffer.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 32-way bank conflict writing shared array 'buf'
    // CHECK: note: {{.*}} has a bound that is not known: assumed it runs at least 2 iterations, so that `stage` takes each of its values
  // The fix planner models the same IR accesses (ir/FixSites.h):
  // CHECK: note: pad the innermost dimension of 'buf' from 32 to 33 elements (+256 bytes)
    __syncthreads();
    out[threadIdx.x] = buf[stage][0][threadIdx.x];
    // ALL: double-buffer.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 'buf' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
    k += 32;
    if (k < K)
      stage ^= 1;
  } while (k < K);
}

__global__ void drifting(float *out, int K) {
  __shared__ float buf[4096];
  int pos = threadIdx.x;
  for (int k = 0; k < K; ++k) {
    out[k] = buf[pos];
    // ALL: double-buffer.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 'buf' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on
    pos = pos * 3 % 4096;
  }
}

void launch(float *o, int K) {
  stages<<<1, 32>>>(o, K);
  drifting<<<1, 32>>>(o, K);
}
