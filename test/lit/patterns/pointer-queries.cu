// Asking whether a pointer is into shared memory (`__isShared`, NVVM's
// isspacep, which cuda::memcpy_async does before choosing cp.async) reads
// nothing: only the copy through the pointer is an access.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
__device__ void copy(float *dst, const float *src) {
  if (__nvvm_isspacep_shared(dst))
    *dst = *src;
  // CHECK: pointer-queries.cu:[[@LINE-1]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

__global__ void k(const float *in, float *out) {
  __shared__ float s[64];
  copy(&s[threadIdx.x], &in[threadIdx.x]);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
  // CHECK: pointer-queries.cu:[[@LINE-1]]:22: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

void launch(const float *in, float *out) { k<<<1, 64>>>(in, out); }
