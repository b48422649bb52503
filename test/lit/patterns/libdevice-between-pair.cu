// Two adjacent 4-byte stores with a libdevice call between them in clang's
// IR (`__byte_perm`, ccminer's echo512): libdevice is not linked here, so
// the call is a bare declaration, but in the compile it is arithmetic
// (PRMT) and ptxas merges the pair into one STS.64 as it does any aligned
// pair. A call that receives a pointer still keeps them apart.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

extern "C" __device__ unsigned __nv_byte_perm(unsigned, unsigned, unsigned);
extern "C" __device__ float __nv_frexpf(float, int *);

__global__ void perm(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[128];
  const unsigned x = in[threadIdx.x];
  s[2 * threadIdx.x] = __nv_byte_perm(x, 0, 0x4440);
  // CHECK: libdevice-between-pair.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  s[2 * threadIdx.x + 1] = __nv_byte_perm(x, 0, 0x4441);
  // CHECK: libdevice-between-pair.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}

__global__ void pointer(const float *in, float *out) {
  __shared__ float s[128];
  int e;
  s[2 * threadIdx.x] = in[threadIdx.x];
  s[2 * threadIdx.x + 1] = __nv_frexpf(in[threadIdx.x], &e);
  // CHECK: libdevice-between-pair.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the compiler may merge this access
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1] + e;
}

void launch(const unsigned *i, unsigned *o, const float *f, float *g) {
  perm<<<1, 64>>>(i, o);
  pointer<<<1, 64>>>(f, g);
}
