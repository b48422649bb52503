// With -fmath-errno, clang 22 emits `__builtin_sinf` as a call of the C
// function `sinf` (clang 15 emits no call): a name no declaration was mangled
// for, which the walk for what the kernels reach does not see. The check of
// the generated module finds it, and the module is generated again.
// REQUIRES: llvm-22
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all -fmath-errno %s 2>&1 | FileCheck %s
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fmath-errno 2>&1 | FileCheck %s --check-prefixes=CHECK,DEBUG
// DEBUG: ldslint: codegen {{.*}} not handed, generated again for 1 of them)

__shared__ float tile[32 * 33];

extern "C" __device__ inline float sinf(float x) { return tile[(int)x * 16]; }
// CHECK: unreached-builtin.cu:[[@LINE-1]]:59: warning: 16-way bank conflict reading shared array 'tile'
__device__ inline float calls_sinf() { return sinf(1.0f); }

__global__ void builtin(float *o) { o[threadIdx.x] = __builtin_sinf((float)threadIdx.x); }

void launch(float *o) { builtin<<<1, 32>>>(o); }
