// CUDA's bit operations are calls of its device library (`__brev` is
// `__nv_brev`, not linked into the device IR ldslint analyses): each is
// evaluated per lane (HeCBench's FFTs index by bit-reversed positions).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="not decided"

// As clang's CUDA headers define them.
extern "C" __device__ unsigned __nv_brev(unsigned);
extern "C" __device__ int __nv_popc(unsigned);
extern "C" __device__ int __nv_clz(int);
extern "C" __device__ int __nv_ffs(int);
extern "C" __device__ unsigned __nv_byte_perm(unsigned, unsigned, unsigned);
__device__ inline unsigned __brev(unsigned a) { return __nv_brev(a); }
__device__ inline int __popc(unsigned a) { return __nv_popc(a); }
__device__ inline int __clz(int a) { return __nv_clz(a); }
__device__ inline int __ffs(int a) { return __nv_ffs(a); }
__device__ inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  return __nv_byte_perm(x, y, s);
}

__global__ void bits(int *out) {
  __shared__ int s[1024];
  const unsigned t = threadIdx.x;
  // A permutation of the 32 words of a row.
  s[__brev(t) >> 27] = 1;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // popc(0..31) takes six values: six words of bank 0.
  s[__popc(t) * 32] = 2;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: warning: 6-way bank conflict writing shared array 's'
  // clz(1..32) is 26..31: six banks, lanes of one value share a word.
  s[__clz(t + 1) * 33] = 3;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // ffs(0..31) is 0..5.
  s[__ffs(t) * 32] = 4;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: warning: 6-way bank conflict writing shared array 's'
  // ffs is cttz + 1 with 0 for 0: words 0, 16, ..., 80 hold banks 0 and
  // 16, three words each (cttz would put lane 0 at word 512: 4-way).
  s[__ffs(t) * 16] = 5;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: warning: 3-way bank conflict writing shared array 's'
  // A byte permute with a constant selector picks bytes of {y, x}: here
  // t's low byte (ccminer writes `& 0xff` this way), a permutation.
  s[__byte_perm(t, 0, 0x4440)] = 6;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // ... and here t's low byte moved up one byte: t << 8, 32 words apart.
  s[__byte_perm(t, 0, 0x4404) >> 3] = 7;
  // CHECK: bit-operations.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 's'
  __syncthreads();
  out[t] = s[t];
}

void launch(int *o) { bits<<<1, 32>>>(o); }
