// A function the module calls by a name no declaration was mangled for: an
// asm label's target. The walk for what the kernels reach does not see it;
// the check of the generated module finds its name among the functions
// declared without a body, and the module is generated again with every
// function. (unreached-builtin.cu: the C function a builtin stands for.)
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefixes=CHECK,DEBUG
// DEBUG: ldslint: codegen {{.*}} not handed, generated again for 1 of them)

__shared__ float tile[32 * 33];

extern "C" __device__ inline float impl(int i) { return tile[i * 32]; }
// CHECK: unreached-by-name.cu:[[@LINE-1]]:57: warning: 32-way bank conflict reading shared array 'tile'
__device__ inline float named_elsewhere() { return impl(1); }
__device__ float entry(int i) __asm__("impl");

__global__ void labelled(float *o) { o[threadIdx.x] = entry(threadIdx.x); }

void launch(float *o) { labelled<<<1, 32>>>(o); }
