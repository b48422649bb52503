// Accesses written through macros: the warning is at the invocation the user
// wrote, clang's "expanded from macro" note follows it once, and the other
// notes point at the invocation too. A fix that would have to edit inside a
// macro, even a macro argument, is not offered (the swizzle of 'tile' is no
// alternative; 't' gets no fix, with the reason).
// RUN: %clang_cuda_device %plugin -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not="expanded from macro 'AT'"
#define AT(r, c) tile[r][c]
#define T16(r, c) t[r][c]

__global__ void k(float *out) {
  __shared__ float tile[32][32];
  AT(threadIdx.y, threadIdx.x) = 1;
  __syncthreads();
  out[threadIdx.x] = AT(threadIdx.x, threadIdx.y);
  // CHECK: macros.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK-NEXT: macros.cu:7:18: note: expanded from macro 'AT'
  // CHECK-NEXT: macros.cu:[[@LINE-3]]:22: note: lanes 0, 1, 2, 3, ..., 31 of warp 0
  // CHECK-NEXT: macros.cu:[[@LINE-4]]:22: note: block shape 32x32x1
  // CHECK-NEXT: macros.cu:[[@LINE-8]]:20: note: pad the innermost dimension of 'tile' from 32 to 33 elements
  // CHECK-NOT: alternative
  // CHECK: note: 'tile' declared here
}

__global__ void k16(float *out) {
  __shared__ float t[16][16];
  T16(threadIdx.y, threadIdx.x) = 1;
  __syncthreads();
  out[threadIdx.x] = T16(threadIdx.x, threadIdx.y);
  // CHECK: macros.cu:[[@LINE-1]]:22: warning: 8-way bank conflict reading shared array 't'
  // CHECK: note: no fix offered: no padding of the innermost dimension of 't' up to 32 elements removes every conflict; an index of 't' is written inside a macro expansion
}

void launch(float *o) {
  k<<<1, dim3(32, 32)>>>(o);
  k16<<<1, dim3(16, 16)>>>(o);
}
