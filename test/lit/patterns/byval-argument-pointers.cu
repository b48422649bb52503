// A kernel argument passed by value is the kernel's own copy. A pointer into
// shared memory that the kernel stores in one of its members and reads back
// later (faiss's scalar-quantizer codecs point their tables into shared
// memory in initKernel, then decode through them) is that shared pointer,
// as -O2's GVN finds. The pointers were read back from memory as unknown
// pointers, and the kernel's accesses got no finding at all. A copy whose
// address escapes (passed to a function ldslint cannot see into) may be
// written by that function: its pointers stay unknown, and so do its
// accesses.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

struct Tables {
  const float *lo, *scale; // global
  float *s_lo, *s_scale;   // shared, once moved

  __device__ void moveToShared(float *smem, int dim) {
    s_lo = smem;
    s_scale = smem + dim;
    for (int i = threadIdx.x; i < dim; i += blockDim.x) {
      s_lo[i] = lo[i];
      // CHECK: byval-argument-pointers.cu:[[@LINE-1]]:7: remark: writing shared array 'smem' on sm_{{[0-9]+}}: no bank conflict
      s_scale[i] = scale[i];
      // CHECK: byval-argument-pointers.cu:[[@LINE-1]]:7: remark: writing shared array 'smem' on sm_{{[0-9]+}}: no bank conflict
    }
  }
  __device__ float decode(unsigned char v, int d) const {
    return s_lo[d] + v * s_scale[d];
    // CHECK: byval-argument-pointers.cu:[[@LINE-1]]:12: remark: reading shared array 'smem' on sm_{{[0-9]+}}: no bank conflict
    // CHECK: byval-argument-pointers.cu:[[@LINE-2]]:26: remark: reading shared array 'smem' on sm_{{[0-9]+}}: no bank conflict
  }
};

__global__ void decodeRows(Tables t, const unsigned char *codes, float *out, int dim) {
  extern __shared__ float smem[];
  t.moveToShared(smem, dim);
  __syncthreads();
  const int d = threadIdx.x;
  if (d < dim)
    out[blockIdx.x * dim + d] = t.decode(codes[blockIdx.x * dim + d], d);
}

__device__ void reseat(Tables *t);

__global__ void escapes(Tables t, float *out) {
  __shared__ float smem[64];
  t.s_lo = smem;
  reseat(&t);
  out[threadIdx.x] = t.s_lo[threadIdx.x];
  // CHECK-NOT: byval-argument-pointers.cu:[[@LINE-1]]:
}

void launch(Tables t, const unsigned char *codes, float *out, int dim, int n) {
  decodeRows<<<n, 128, 2 * dim * sizeof(float)>>>(t, codes, out, dim);
  escapes<<<1, 64>>>(t, out);
}
