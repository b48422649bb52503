// CUB's and thrust's __host__ __device__ launch helpers contain `<<<>>>`.
// With -nocudalib clang detects no CUDA version and falls back to the
// pre-9.2 launch API, under which every such launch fails ("undeclared
// identifier cudaConfigureCall"): the driver passes the version of the
// toolkit's cuda.h and says so once; a command that gives one is left alone.
// REQUIRES: cuda-sdk, cuda-cccl
// RUN: %ldslint --report=all %s -- -x cuda --cuda-path=%cuda_path -nocudalib > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path -nocudalib -Xclang -target-sdk-version=9.0 > %t.given 2>&1
// RUN: FileCheck %s --check-prefix=GIVEN --input-file=%t.given
// CHECK: ldslint: note: added -Xclang -target-sdk-version={{[0-9]+\.[0-9]+}} (the version of {{.*}}/include/cuda.h; with -nocudalib clang would otherwise use the pre-9.2 launch API
// CHECK: sdk-version.cu:[[@LINE+10]]:{{[0-9]+}}: remark: reading shared array 'tile'
// GIVEN-NOT: added -Xclang -target-sdk-version
// (Every launch then fails; those in host-only functions are set aside.)
// GIVEN: host-only code that clang's device compile rejects {{.*}} set aside, the kernels are analysed: {{.*}}(use of undeclared identifier cudaConfigureCall)
#include <cub/cub.cuh>

__global__ void copyThrough(int *out) {
  __shared__ int tile[128];
  tile[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[127 - threadIdx.x];
}

void launch(int *o) { copyThrough<<<1, 128>>>(o); }
