// A function called only through its address takes the shapes of every
// kernel that calls through a pointer, whether it names the table or was
// given a pointer (here `run_given`, which reaches no shared memory itself
// and is dropped before the passes: its launch is still read). Under the
// 32x1 launch the stride-2 write is 2-way.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// A kernel that calls through a pointer with no known shape leaves the
// assumed shapes.
// RUN: not %ldslint --report=all %s -- %stubargs -DUNLAUNCHED --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=UNKNOWN

__device__ void through_table(float *out) {
  __shared__ float t[64];
  t[threadIdx.x * 2] = 1;
  // CHECK: table-called-two-callers.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 't'
  // CHECK: note: block shape 32x1x1 from the launch at {{.*}}table-called-two-callers.cu:{{[0-9]+}}:{{[0-9]+}} (the launch of `run_given`, which calls functions through pointers)
  // UNKNOWN: table-called-two-callers.cu:[[@LINE-3]]:3: warning: 2-way bank conflict writing shared array 't'
  // UNKNOWN: note: block shape unknown: assumed blockDim.x is 32 times a power of two
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

__device__ void (*const table[])(float *) = {through_table};

__global__ void dispatch(float *o, int f) { table[f](o); }

__global__ void run_given(void (*g)(float *), float *o) { g(o); }

#ifdef UNLAUNCHED
__global__ void unlaunched(void (*g)(float *), float *o) { g(o); }
#endif

void launch(float *o, int f, void (*g)(float *)) {
  dispatch<<<1, dim3(16, 2)>>>(o, f);
  run_given<<<1, 32>>>(g, o);
}
