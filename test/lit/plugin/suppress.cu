// `// ldslint: ignore` silences one access; host compiles report nothing.
// RUN: %clang_cuda %plugin %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang -x cuda -nocudainc -nocudalib -fsyntax-only -I%inputs -include cuda.h --cuda-gpu-arch=%cuda_arch --cuda-host-only %plugin %s 2>&1 | FileCheck %s --allow-empty --check-prefix=HOST
// HOST-NOT: warning

__global__ void k(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32]; // ldslint: ignore
  out[threadIdx.x] += s[threadIdx.x * 16];
  // CHECK: suppress.cu:[[@LINE-1]]:23: warning: 16-way bank conflict reading shared array 's'
}
void launch(float *o) { k<<<1, 32>>>(o); }
