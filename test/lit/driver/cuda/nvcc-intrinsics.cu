// REQUIRES: cuda-sdk
// nvcc's cache-hinted loads and stores that clang's CUDA headers lack
// (`__stcs(float *, float)` in llm.c's kernels) come from the driver's
// prelude, so such a kernel is analysed as nvcc compiles it; a program's
// own non-template definition is still the one called.
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path -DOWN_STCG > %t.own 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=OWN --input-file=%t.own --implicit-check-not=error:
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path -nocudainc -nocudalib -I%inputs -include cuda.h > %t.noinc 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NOINC --input-file=%t.noinc
// CHECK: ldslint: note: added -include /ldslint-prelude/nvcc_device_intrinsics.h (__ldca, __ldlu, __stcg, __stcs, __stwb: nvcc's cache-hinted loads and stores, which clang {{.*}}'s CUDA headers lack)
// NOINC-NOT: nvcc_device_intrinsics.h
// NOINC: error: use of undeclared identifier '__stcs'

#ifdef OWN_STCG
// A program's own definition, as some define them for clang: preferred to
// the prelude's template, no ambiguity.
static __device__ void __stcg(float *p, float v) { p[1] = v; }
#endif

__global__ void scale(float *out, const float4 *in, float k) {
  __shared__ float tile[32][32];
  float4 v = __ldca(in + threadIdx.x);
  tile[threadIdx.x][0] = v.x * k;
  __syncthreads();
  __stcs(out + threadIdx.x, tile[0][threadIdx.x]);
  __stcg(out + 32 + threadIdx.x, 1.0); // the value converts, as with nvcc
  // CHECK: nvcc-intrinsics.cu:[[@LINE-4]]:3: warning: 32-way bank conflict writing shared array 'tile'
  // OWN: nvcc-intrinsics.cu:[[@LINE-5]]:3: warning: 32-way bank conflict writing shared array 'tile'
}

void launch(float *out, const float4 *in) { scale<<<1, 32>>>(out, in, 2.0f); }
