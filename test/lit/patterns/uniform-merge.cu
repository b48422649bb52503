// A value merged from more than two paths is followed when every lane of a
// warp takes the same path: its incoming values and the branches that
// choose between them are uniform. Then it is a uniform offset, and
// consecutive lanes still write consecutive words. When a branch depends on
// the lane, the merged value differs between lanes: `unknown`.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s
__global__ void uniform_paths(const int *starts, int *out, int n) {
  __shared__ int s[512];
  int e = starts[blockIdx.x];
  if (e < n && e < 7 * n)
    ++e;
  for (int i = threadIdx.x; i < 300 - e; i += 128)
    s[e + i] = n;
  // CHECK: uniform-merge.cu:[[@LINE-1]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void lane_paths(const int *starts, int *out, int n) {
  __shared__ int t[4096];
  int e = starts[blockIdx.x];
  if (e < n && threadIdx.x < 7)
    e += 31 * threadIdx.x;
  t[e + threadIdx.x] = n;
  // CHECK: uniform-merge.cu:[[@LINE-1]]:3: remark: writing shared array 't' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `e`, which differs between lanes (it is merged from several paths ldslint does not follow)
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

void launch(const int *st, int *o, int n) {
  uniform_paths<<<4, 128>>>(st, o, n);
  lane_paths<<<4, 128>>>(st, o, n);
}
