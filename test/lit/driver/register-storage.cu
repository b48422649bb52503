// nvcc accepts the `register` storage class, which C++17 removed, with a
// deprecation warning; clang rejects it with an error (-Wregister) that
// stops the device compile. The driver adds -Wno-register for CUDA, says
// so, and analyses the kernel. A user's -Wregister keeps clang's error
// (exit 2). -std=c++17: clang 15 compiles CUDA as C++14, where `register`
// is only deprecated.
// RUN: %ldslint %s -- %stubargs -std=c++17 --cuda-gpu-arch=%cuda_arch > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out
// RUN: %ldslint %s -- %stubargs -std=c++17 --cuda-gpu-arch=%cuda_arch -Wregister > %t.user 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=USER --input-file=%t.user

// CHECK: ldslint: note: added -Wno-register (nvcc accepts the `register` storage class, which C++17 removed; clang rejects it)
// USER-NOT: added -Wno-register
// USER: error: ISO C++17 does not allow 'register' storage class specifier

__global__ void __launch_bounds__(32) columns(float *out) {
  __shared__ float tile[32][32];
  register int t = threadIdx.x;
  // CHECK: register-storage.cu:[[@LINE+1]]:3: warning: 32-way bank conflict writing shared array 'tile' on sm_{{[0-9]+}}
  tile[t][0] = out[t];
  __syncthreads();
  out[t] = tile[0][t];
}
