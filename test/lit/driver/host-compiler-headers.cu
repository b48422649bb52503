// REQUIRES: gcc-omp-only, llvm-22
// nvcc preprocesses with the host compiler, so <omp.h> (llm.c's CPU
// reference code) is found among GCC's own headers; clang has none without
// its libomp package. The driver adds GCC's include directory after every
// other one, says so, and the kernels are analysed.
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fopenmp > %t.omp 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.omp --implicit-check-not=error:
// CHECK: ldslint: note: added -idirafter /usr/lib/gcc/{{.*}}/include (the host compiler's own headers, such as <omp.h>, which nvcc's build finds through it; searched after every other directory)
#include <omp.h>

__global__ void column(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = out[threadIdx.x];
  // CHECK: host-compiler-headers.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'tile'
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

void cpuReference(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = omp_get_thread_num();
}

void launch(float *out) { column<<<1, 32>>>(out); }
