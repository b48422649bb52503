// Placement new needs <new> from clang's cuda_wrappers, in the resource
// directory of the clang ldslint is built with (so do CUB and
// cuda::barrier): the file parses in the driver as it does in clang.
// REQUIRES: cuda-sdk
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// CHECK: ldslint: note: added -resource-dir=
#include <new>

struct Pair {
  float a, b;
  __device__ Pair(float x) : a(x), b(x) {}
};

__global__ void construct(float *out) {
  __shared__ float tile[32][32];
  __shared__ alignas(Pair) unsigned char raw[sizeof(Pair) * 32];
  Pair *p = new (raw + sizeof(Pair) * threadIdx.x) Pair(1.0f);
  tile[threadIdx.y][threadIdx.x] = p->a;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: placement-new.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
}

void launch(float *o) { construct<<<1, dim3(32, 8)>>>(o); }
