// One-dimensional buffers are modelled from the device IR (ir/FixSites.h);
// the row stride becomes a symbol by emitting the device code again with
// the stride's multiplications opaque (ir/StrideModel.h).
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=warning:

// A read the compiler takes from the store before it has no instruction of
// its own; written like the store, it gets the same edit (2 indices).
__global__ void __launch_bounds__(32) reread(float *out) {
  __shared__ float A[64 * 32];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:20: note: pad the rows of 'A' from 64 to 65 elements: the stride `64` becomes `65` in 2 indices
  const int t = threadIdx.x;
  A[t * 64 + 1] = out[t];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'A'
  out[t] = A[t * 64 + 1] * 2.0f;
}

// Helpers' pointer parameters each alias the buffer: an edit of one would
// not reach the other, so no fix (before this model the planner could not
// follow helpers at all).
__device__ void put(float *p, int r, float v) { p[r * 64] = v; }
// CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:49: warning: 32-way bank conflict writing shared array 'S'
__device__ float get(const float *p, int r) { return p[r * 64 + 1]; }
// CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:54: warning: 32-way bank conflict reading shared array 'S'
__global__ void __launch_bounds__(32) through_helpers(float *out) {
  __shared__ float S[64 * 32];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:20: note: no fix offered: 'S' is accessed at line 20 through the pointer parameter 'p' of a helper
  const int t = threadIdx.x;
  put(S, t, 1.0f);
  __syncthreads();
  out[t] = get(S, t);
}

// The reads at one line are one LDS.64 for ptxas, and so are the stores
// (a load of the kernel argument's buffer between them is global memory:
// test/hardware/explore/pairs17.cu); all four conflict. One edit, on the
// first warning: the others' notes point to it.
__global__ void __launch_bounds__(32) pair(float *out) {
  __shared__ float P[64 * 32];
  const int t = threadIdx.x;
  P[t * 64] = out[t];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:3: warning: 16-way bank conflict writing shared array 'P'
  P[t * 64 + 1] = out[t + 1];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:3: warning: 16-way bank conflict writing shared array 'P'
  __syncthreads();
  out[t] = P[t * 64] * P[t * 64 + 1];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:12: warning: 16-way bank conflict reading shared array 'P'
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-2]]:24: warning: 16-way bank conflict reading shared array 'P'
  // CHECK-DAG: note: pad the rows of 'P' from 64 to 65 elements: {{.*}} (the edit is attached to the warning at line [[@LINE-8]])
}

// An `extern __shared__` array of a template is declared once per
// instantiation; the findings name the template's declaration, whose type
// is dependent: the model uses the instantiation's own.
template <typename T> __global__ void __launch_bounds__(32) dynamic_rows(T *out) {
  extern __shared__ T D[];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:23: note: pad the rows of 'D' from 64 to 65 elements: the stride `64` becomes `65` in 2 indices and in the launch's dynamic shared memory size
  const int t = threadIdx.x;
  D[t * 64 + 1] = out[t];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'D'
  __syncthreads();
  out[t] = D[t * 64 + 2];
  // CHECK-DAG: stride1d-ir.cu:[[@LINE-1]]:12: warning: 32-way bank conflict reading shared array 'D'
}
void launch(float *o) { dynamic_rows<float><<<1, 32, 64 * 32 * 4>>>(o); }
