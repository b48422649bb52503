// The padding fix-it is applied once by -fixit, also with two offload archs.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: %clang -x cuda -nocudainc -nocudalib -fsyntax-only -I%inputs -include cuda.h --cuda-gpu-arch=sm_70 --cuda-gpu-arch=sm_80 %plugin -Xclang -fixit %t/k.cu 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --input-file=%t/k.cu --check-prefix=FIXED
// RUN: %clang_cuda %plugin %t/k.cu 2>&1 | FileCheck %s --allow-empty --check-prefix=CLEAN
// DIAG: warning: 32-way bank conflict reading shared array 'tile'
// FIXED: __shared__ float tile[N][N + 1];
// FIXED-NOT: N + 1 {{[+]}} 1
// CLEAN-NOT: warning

constexpr int N = 32;

__global__ void k(float *out) {
  __shared__ float tile[N][N];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *o) { k<<<1, dim3(32, 8)>>>(o); }
