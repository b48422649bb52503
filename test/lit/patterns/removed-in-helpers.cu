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

// A loop that never runs for this instantiation (`for (i = 1; i < 1; ...)`):
// the read in `plus`, through a reference, is never executed; also when the
// helper reaches the array through a reference kept in a local object.
struct plus {
  __device__ unsigned operator()(const unsigned &a, const unsigned &b) const { return a + b; }
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:91: remark: reading shared array 'h' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: never executed, no path reaches it (the compiler removes it))
  // CHECK: removed-in-helpers.cu:[[@LINE-2]]:91: remark: reading shared array 'g' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: never executed, no path reaches it (the compiler removes it))
};
template <int N> __device__ unsigned reduce(const unsigned (&in)[N]) {
  unsigned r = in[0];
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:16: remark: reading shared array 'h'
  // CHECK: removed-in-helpers.cu:[[@LINE-2]]:16: remark: reading shared array 'g'
  for (int i = 1; i < N; ++i)
    r = plus()(r, in[i]);
  return r;
}
struct Histogram {
  unsigned (&bins)[4][1];
  __device__ unsigned total(int p) { return reduce(bins[p]); }
};

__global__ void never_runs(unsigned *out) {
  __shared__ unsigned h[4][1], g[4][1];
  Histogram H{h};
  out[threadIdx.x] = H.total(threadIdx.x & 3) + reduce(g[threadIdx.x & 3]);
}

// A helper reading a caller's local array in a branch the call decides:
// no shared memory, nothing to say.
__device__ unsigned pick(const unsigned (&v)[2], bool second) { return second ? v[1] : v[0]; }
__global__ void local_array(unsigned *out) {
  unsigned v[2] = {out[0], out[1]};
  out[threadIdx.x] = pick(v, false);
}

// A read through a helper's parameter whose value the helper it is passed
// to ignores (NCCL's `work->redOpArg` for a plain copy): once inlined, the
// read is dropped as unused. It was silent.
struct Work {
  int first;
  unsigned long long scale;
};

template <bool Scaled>
__device__ void copy(int i, unsigned long long scale, const float *in, float *out) {
  out[i] = Scaled ? in[i] * scale : in[i];
}

template <bool Scaled>
__device__ void run(const Work *w, const float *in, float *out) {
  if (threadIdx.x >= w->first)
    copy<Scaled>(threadIdx.x, w->scale, in, out);
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:34: remark: reading shared array 'works' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler drops this read, whose value is not used)
}

__global__ void unused_argument(const float *in, float *out, int n) {
  __shared__ Work works[8];
  if (threadIdx.x < 8)
    works[threadIdx.x] = Work{n, 2};
  __syncthreads();
  run<false>(&works[blockIdx.x % 8], in, out);
}

// Reads in both arms merged into one read after their branches (a phi of
// their addresses): the arms' reads go unreplaced but run, answered by the
// merged read (SunkAccesses), never as dropped (the file's
// implicit-check-not). Reads through two different parameters merged the
// same way are not watched as droppable at all (review: they were called
// dropped); their lines stay without an answer, as before.
__device__ int pick_arm(const Work *p, int c) {
  int v;
  if (c > 3)
    v = p[1].first;
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:14: remark: reading shared array 'arms' on sm_{{[0-9]+}}: bank conflicts not decided
  else
    v = p[2].first;
  // CHECK: removed-in-helpers.cu:[[@LINE-1]]:14: remark: reading shared array 'arms' on sm_{{[0-9]+}}: bank conflicts not decided
  return v;
}

__global__ void merged_arms(int *out) {
  __shared__ Work arms[64];
  arms[threadIdx.x] = Work{out[threadIdx.x], 1};
  __syncthreads();
  out[threadIdx.x] = pick_arm(&arms[threadIdx.x], out[threadIdx.x]);
}

// A read that early CSE answers from an earlier read of the same field, in
// a helper, before the call's constant argument cuts the branch both are
// in: the earlier read is never executed, and so is the one it answered
// (it was silent; pytorch3d pulsar's draw, with its gradient switches
// false, reads `draw_info.radius` twice).
struct Ball { float t; float radius; };

__device__ __forceinline__ float gradient(const Ball &b, bool calc, float x) {
  float r = 0.f;
  if (calc) {
    r = x * b.radius;
    // CHECK: removed-in-helpers.cu:[[@LINE-1]]:15: remark: reading shared array 'balls' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: never executed here, the compiler leaves it out when it inlines the call at line [[@LINE+14]]
    r += x / (x * b.radius);
    // CHECK: removed-in-helpers.cu:[[@LINE-1]]:21: remark: reading shared array 'balls' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: never executed here, the compiler leaves it out when it inlines the call at line [[@LINE+12]]
  }
  return r;
}

__global__ void without_gradients(const Ball *in, float *out) {
  __shared__ Ball balls[32];
  if (threadIdx.x < 32)
    balls[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float acc = 0.f;
  for (int i = 0; i < 32; ++i)
    acc += balls[i].t + gradient(balls[i], false, acc);
  out[threadIdx.x] = acc;
}
