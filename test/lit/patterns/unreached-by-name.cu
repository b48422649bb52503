// Functions the module calls by a name no declaration was mangled for: an
// asm label's target, and the C library function a builtin stands for
// (with -fmath-errno, `__builtin_sinf` is a call of `sinf`). The walk for
// what the kernels reach does not see them; the check of the generated
// module finds their names among the functions declared without a body, and
// the module is generated again with every function.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all -fmath-errno %s 2>&1 | FileCheck %s
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fmath-errno 2>&1 | FileCheck %s --check-prefixes=CHECK,DEBUG
// DEBUG: ldslint: codegen {{.*}} not handed, generated again for 2 of them)

__shared__ float tile[32 * 33];

extern "C" __device__ inline float impl(int i) { return tile[i * 32]; }
// CHECK-DAG: unreached-by-name.cu:[[@LINE-1]]:57: warning: 32-way bank conflict reading shared array 'tile'
__device__ inline float named_elsewhere() { return impl(1); }
__device__ float entry(int i) __asm__("impl");

extern "C" __device__ inline float sinf(float x) { return tile[(int)x * 16]; }
// CHECK-DAG: unreached-by-name.cu:[[@LINE-1]]:59: warning: 16-way bank conflict reading shared array 'tile'
__device__ inline float calls_sinf() { return sinf(1.0f); }

__global__ void labelled(float *o) { o[threadIdx.x] = entry(threadIdx.x); }
__global__ void builtin(float *o) { o[threadIdx.x] = __builtin_sinf((float)threadIdx.x); }

void launch(float *o) {
  labelled<<<1, 32>>>(o);
  builtin<<<1, 32>>>(o);
}
