// The code generator is handed only the device functions and variables the
// kernels can reach (named, called, constructed, destroyed); the others cost
// their mangled names and nothing else. A function the walk misses, here one
// that only a cleanup attribute names, is found in the generated module as a
// declaration without its body, and the module is generated again with every
// function, so its accesses still get their findings.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefixes=CHECK,DEBUG
// DEBUG: ldslint: codegen {{.*}} functions and variables no kernel reaches not handed, generated again for 1 of them)
// Without the cleanup, what the walk finds is all the module needs.
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DNO_CLEANUP 2>&1 | FileCheck %s --check-prefixes=REACHED
// REACHED: ldslint: codegen {{.*}} functions and variables no kernel reaches not handed)
// REACHED: unreached-functions.cu:[[#@LINE+18]]:52: remark: reading shared array 'slots' on sm_{{[0-9]+}}: no bank conflict
// REACHED: unreached-functions.cu:[[#@LINE+28]]:3: warning: 2-way bank conflict writing shared array 'slots'

__shared__ float slots[32 * 32];

__device__ inline void release(int *slot) { slots[*slot * 32] = 0; }
// CHECK-DAG: unreached-functions.cu:[[@LINE-1]]:45: warning: 32-way bank conflict writing shared array 'slots'

// Named by a function nothing calls: not handed.
__device__ inline float unreached(int i) { return slots[i * 2]; }
__device__ inline float never_called() { return unreached(threadIdx.x); }

// A static data member the kernel refers to (binds a reference to it): its
// definition is handed.
struct Layout {
  static constexpr int Stride = 2;
};

__device__ inline float read_row(int row) { return slots[row * 33]; }
// CHECK-DAG: unreached-functions.cu:[[@LINE-1]]:52: remark: reading shared array 'slots' on sm_{{[0-9]+}}: no bank conflict

__global__ void kernel(float *out) {
#ifndef NO_CLEANUP
  int slot __attribute__((cleanup(release))) = threadIdx.x;
#else
  int slot = threadIdx.x;
#endif
  out[slot] = read_row(threadIdx.x);
  const int &stride = Layout::Stride;
  slots[threadIdx.x * stride] = 1;
}

void launch(float *o) { kernel<<<1, 32>>>(o); }
