// Reads the pipeline removes before their pointer is known to be shared
// memory still get a finding: a value the same thread stored, read back
// inside a helper that takes the array as a parameter; a stored value that
// is itself a load of global memory; a read dropped as unused inside a
// helper (here a __device__ lambda that owns the array) which the kernel
// inlines.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s
__device__ __forceinline__ void helper(double *s, const double *in, double *out) {
  s[5] = in[1] * 3.0;
  // CHECK: forwarded-in-helpers.cu:[[@LINE-1]]:3: remark: writing shared array 's'
  double r = s[5];
  // CHECK: forwarded-in-helpers.cu:[[@LINE-1]]:14: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[@LINE-3]])
  out[0] = r * r;
}
__global__ void through_parameter(const double *in, double *out) {
  __shared__ double s[8];
  if (threadIdx.x == 0)
    helper(s, in, out);
}

__global__ void loaded_value(const double *in, double *out) {
  __shared__ double t[8];
  if (threadIdx.x == 0) {
    double x = in[1];
    t[5] = x;
    double r = t[5];
    // CHECK: forwarded-in-helpers.cu:[[@LINE-1]]:16: remark: reading shared array 't' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[@LINE-2]])
    out[0] = r * r;
  }
}

struct Pair { int first; int last; };
__device__ __forceinline__ Pair ends(int tid, int *values) {
  Pair p{values[tid],
         values[31]};
  // CHECK: forwarded-in-helpers.cu:[[@LINE-1]]:10: remark: reading shared array 'values' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler drops this read, whose value is not used)
  return p;
}
template <typename F> __global__ void run(F f) { f(threadIdx.x); }
void host(const double *in, double *out, const int *iin, int *iout) {
  through_parameter<<<1, 32>>>(in, out);
  loaded_value<<<1, 32>>>(in, out);
  auto lambda = [=] __device__(int tid) {
    __shared__ int values[32];
    values[tid] = iin[tid];
    __syncthreads();
    iout[tid] = ends(tid, values).first;
  };
  run<<<1, 32>>>(lambda);
}
