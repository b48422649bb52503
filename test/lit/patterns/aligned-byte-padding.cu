// Arrays placed after a byte padding computed from where the input starts
// (CUB's BlockLoadToShared: `align_up(src, 16) - src`). The padding is the
// same for every lane, and no bound is known for it. For word-aligned
// elements (the IR's `align 4`) it is a whole number of words, which turns
// the banks and changes no conflict; for bytes it can change which lanes
// share a word, and nothing is claimed.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#include <cstdint>

__device__ int paddingOf(const void *p) {
  const std::uintptr_t At = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t Up = (At + 15) & ~std::uintptr_t(15);
  return (16 - static_cast<int>(Up - At)) % 16;
}

__global__ void words(const float *in, float *out) {
  alignas(16) __shared__ char buffer[16 + 4 * 64];
  float *s = reinterpret_cast<float *>(buffer + paddingOf(in));
  s[threadIdx.x] = in[threadIdx.x];
  // CHECK: aligned-byte-padding.cu:[[@LINE-1]]:3: remark: writing shared array 'buffer' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  out[threadIdx.x] = s[2 * threadIdx.x];
  // CHECK: aligned-byte-padding.cu:[[@LINE-1]]:22: warning: 2-way bank conflict reading shared array 'buffer'
}

__global__ void bytes(const char *in, char *out) {
  alignas(16) __shared__ char buffer[16 + 33 * 32];
  char *s = buffer + paddingOf(in);
  s[threadIdx.x] = in[threadIdx.x];
  // CHECK: aligned-byte-padding.cu:[[@LINE-1]]:3: remark: writing shared array 'buffer' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value (it is an address converted to an integer) through a non-linear operation
  __syncthreads();
  out[threadIdx.x] = s[33 * threadIdx.x];
  // CHECK: aligned-byte-padding.cu:[[@LINE-1]]:22: remark: reading shared array 'buffer' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value (it is an address converted to an integer) through a non-linear operation
}

void launch(const float *f, float *g, const char *c, char *d) {
  words<<<1, 32>>>(f, g);
  bytes<<<1, 32>>>(c, d);
}
