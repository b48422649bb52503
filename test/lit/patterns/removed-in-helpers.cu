// Accesses that helpers make through their parameters and that the compiler
// removes before it knows they reach shared memory still get an answer at
// their line, saying why: a write overwritten before anything reads it (a
// base constructor's vtable pointer), and an access in a branch the call's
// constant arguments decide (the inliner does not copy it).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="of its own"
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --implicit-check-not="of its own"

__device__ inline void *operator new(__SIZE_TYPE__, void *p) noexcept { return p; }

struct Shape {
  __device__ Shape() {}
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:22: remark: writing shared array 'buf' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler removes this write, which the write at line [[@LINE+6]] overwrites before anything reads it)
  __device__ virtual ~Shape() {}
  __device__ virtual int area() const = 0;
};

struct Square : Shape {
  __device__ Square(int s) : side(s) {}
  __device__ int area() const override { return side * side; }
  int side;
};

__global__ void placement(int *out) {
  __shared__ __attribute__((aligned(16))) unsigned char buf[sizeof(Square)];
  if (threadIdx.x == 0)
    new (buf) Square(out[0]);
  __syncthreads();
  out[threadIdx.x] = reinterpret_cast<Square *>(buf)->side;
}

// A helper's write that the next one replaces: removed as well; a write
// that is read in between stays.
__device__ void clear(unsigned *p) { *p = 0; }
// CHECK: removed-in-helpers.cu:[[@LINE-1]]:38: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler removes this write, which the write at line [[@LINE+3]] overwrites before anything reads it)
__device__ void reset(unsigned *p, unsigned v) {
  clear(p);
  *p = v;
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 's'
}
__device__ unsigned kept(unsigned *p, unsigned v) {
  *p = 0;
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  unsigned old = p[1];
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:18: remark: reading shared array 's'
  *p = v;
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  return old;
}

__global__ void overwritten(unsigned *out) {
  __shared__ unsigned s[64 * 32];
  reset(&s[threadIdx.x * 32], out[threadIdx.x]);
  out[threadIdx.x] = kept(&s[threadIdx.x], 1u);
}

// `compare(..., dir)` with `dir` known: the read of `fb` in the branch for
// `arrow != dir` is never executed.
template <unsigned dir>
__device__ void compare(unsigned &a, unsigned &b, unsigned &fa, unsigned &fb, unsigned arrow) {
  if ((arrow == dir && fa == 1) ||
      (arrow != dir && fb == 1)) {
    // CHECK: removed-in-helpers.cu:[[@LINE-1]]:24: remark: reading shared array 'f' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: never executed here, the compiler leaves it out when it inlines the call at line [[@LINE+10]] (with that call's arguments it is not reached))
    unsigned t = a;
    a = b;
    b = t;
  }
}

template <unsigned dir> __global__ void pruned(unsigned *out) {
  __shared__ unsigned s[64], f[64];
  f[threadIdx.x] = out[threadIdx.x];
  compare<dir>(s[2 * threadIdx.x], s[2 * threadIdx.x + 1], f[2 * threadIdx.x], f[2 * threadIdx.x + 1], dir);
  out[threadIdx.x] = s[threadIdx.x];
}
template __global__ void pruned<1>(unsigned *);
