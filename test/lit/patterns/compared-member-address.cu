// A loader object keeps its shared-memory pointer in a member (`smem =
// _smem`) next to a span whose address an iterator keeps; a binary search
// compares iterators (`middle == previous_middle`), so the object's address
// goes into a phi and a comparison, and SROA leaves the object in memory.
// The address is only compared, never written through: the member's one
// store still tells where `smem` points (xgboost's SparsePageLoader). Both
// accesses through it used to be silent.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
#include "cuda.h"

struct Entry {
  unsigned index;
  float value;
};

struct Span {
  unsigned long size;
  const Entry *data;
  struct iterator {
    const Span *span = nullptr;
    unsigned long index = 0;
    __device__ iterator operator+(long n) const { return {span, index + n}; }
    __device__ long operator-(iterator o) const { return (long)(index - o.index); }
    __device__ bool operator==(iterator o) const { return span == o.span && index == o.index; }
    __device__ bool operator!=(iterator o) const { return !(*this == o); }
    __device__ const Entry *operator->() const { return span->data + index; }
  };
  __device__ iterator begin() const { return {this, 0}; }
};

struct Loader {
  bool useShared;
  Span row;
  float *smem;
  __device__ Loader(const Entry *p, unsigned long n, bool shared, int features) : useShared(shared) {
    row.size = n;
    row.data = p;
    extern __shared__ float buffer[];
    smem = buffer;
    if (useShared) {
      for (unsigned e = 0; e < 4; e++) {
        Entry elem = row.data[blockIdx.x * 4 + e];
        smem[threadIdx.x * features + elem.index] = elem.value;
        // CHECK: compared-member-address.cu:[[@LINE-1]]:9: remark: writing shared array 'buffer' on sm_{{[0-9]+}}: bank conflicts not decided: 32-way bank conflict when `features` % 32 == 0; conflict-free when `features` is odd
      }
      __syncthreads();
    }
  }
  __device__ float element(unsigned long lo, unsigned long hi, unsigned feature) const {
    if (useShared)
      return smem[threadIdx.x * 8 + feature];
    // CHECK: compared-member-address.cu:[[@LINE-1]]:14: remark: reading shared array 'buffer' on sm_{{[0-9]+}}: no bank conflict
    auto b = row.begin() + lo, e = row.begin() + hi;
    Span::iterator previous;
    while (e != b) {
      auto middle = b + (e - b) / 2;
      if (middle == previous)
        break;
      previous = middle;
      if (middle->index == feature)
        return middle->value;
      if (middle->index < feature)
        b = middle;
      else
        e = middle;
    }
    return 0.f;
  }
};

__global__ void predict(const Entry *p, unsigned long n, bool shared, int features, float *out) {
  Loader loader(p, n, shared, features);
  out[blockIdx.x * blockDim.x + threadIdx.x] = loader.element(1, 9, threadIdx.x);
}
