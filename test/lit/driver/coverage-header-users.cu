// corpus-coverage.sh counts an access written in a system header once per
// user line that calls it, each by ldslint's findings on that line: one
// decided call does not stand for the others (HIP 5.2's vector-type copies
// are one header line reached from hundreds of user lines). Here the
// first call is decided and the second is unknown (its stride is a kernel
// argument): one line of each, not one decided line.
// REQUIRES: llvm-22
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo "%s -I%S/Inputs/system-pragma" > %t/list.txt
// RUN: bash %S/../../../tools/coverage/corpus-coverage.sh -o %t/out -j 1 --no-timing %t/list.txt %ldslint > %t/summary.txt 2>/dev/null
// RUN: FileCheck %s --input-file=%t/summary.txt
#include "lib.cuh"

__global__ void k(float *out, int n) {
  __shared__ float s[1024];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  float a = readAt(s, threadIdx.x ^ 1);
  float b = readAt(s, threadIdx.x * n);
  out[threadIdx.x] = a + b;
}

void launch(float *o, int n) { k<<<1, 32>>>(o, n); }
// CHECK: | decided | 2 |
// CHECK: | unknown | 1 |
// CHECK: | silent | 0 |
// CHECK: of these, 2 are user lines that call an access written in a system header
