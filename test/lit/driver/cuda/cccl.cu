// With CUDA 13, <cooperative_groups.h> needs <cuda/std/type_traits> from
// <cuda>/include/cccl, which nvcc adds by itself and clang does not: the
// driver adds it (-isystem, as nvcc.profile does) and says so once; a
// command that has it already is left alone.
// REQUIRES: cuda-sdk, cuda-cccl
// RUN: %ldslint --arch=sm_80,sm_90 %s -- -x cuda --cuda-path=%cuda_path > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path -isystem %cuda_path/include/cccl > %t.given 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=GIVEN --input-file=%t.given --implicit-check-not=error:
// CHECK: ldslint: note: added -isystem {{.*}}/include/cccl (CUDA 13 CCCL headers, as nvcc does)
// CHECK-NOT: added -isystem
// GIVEN-NOT: added -isystem
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void columns(float *out) {
  __shared__ float tile[32][32];
  cg::thread_block block = cg::this_thread_block();
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  block.sync();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: cccl.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile' on sm_80
  // CHECK: cccl.cu:[[@LINE-2]]:22: warning: 32-way bank conflict reading shared array 'tile' on sm_90
  // GIVEN: cccl.cu:[[@LINE-3]]:22: warning: 32-way bank conflict reading shared array 'tile'
}

void launch(float *o) { columns<<<1, dim3(32, 8)>>>(o); }
