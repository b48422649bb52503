// An access written in a default member initialiser runs in whichever
// constructor (or aggregate initialisation) uses it; its finding is placed on
// the subscript, as for an access written in a function, and the padding
// fix reaches it there.
// RUN: %clang_cuda %plugin %s 2>&1 | FileCheck %s
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__shared__ float tile[32 * 32];
__shared__ float flat[32 * 33];

// Run by the implicit constructor.
struct Built {
  float a = (tile[threadIdx.x * 32] = 1.0f);
  // CHECK-DAG: default-member-initialisers.cu:[[@LINE-1]]:14: warning: 32-way bank conflict writing shared array 'tile'
  // CHECK-DAG: default-member-initialisers.cu:8:18: note: pad the rows of 'tile' from 32 to 33 elements
};

// Run by the braces of an aggregate.
struct Aggregate {
  float b = (flat[threadIdx.x * 8] = 1.0f);
  // CHECK-DAG: default-member-initialisers.cu:[[@LINE-1]]:14: warning: 8-way bank conflict writing shared array 'flat'
  float c;
};

__global__ void kernel(float *o) {
  Built x;
  Aggregate y{};
  o[0] = x.a + y.b;
}

void launch(float *o) { kernel<<<1, 32>>>(o); }
