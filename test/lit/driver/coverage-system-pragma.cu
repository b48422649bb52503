// The coverage tools count an access in a header that marks itself
// `#pragma clang system_header` at the user's calling line, as ldslint
// reports it (CCCL's headers outside /usr: tools/coverage/README.md).
// REQUIRES: llvm-22
// RUN: bash %S/../../../tools/coverage/reference-lines.sh -v %s -- -x cuda -nocudainc -nocudalib -I%inputs -I%S/Inputs/system-pragma -include cuda.h --cuda-gpu-arch=%cuda_arch > %t.tsv
// RUN: FileCheck %s --input-file=%t.tsv
#include "lib.cuh"

__global__ void k(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = readAt(s, threadIdx.x ^ 1);
}
// CHECK: lib.cuh:4{{[[:space:]]}}{{.*}}coverage-system-pragma.cu:13
