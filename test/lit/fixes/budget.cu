// A fix is offered only when it is proven: when enumerating the accesses of a
// candidate exceeds the evaluation budget, the note says so instead of
// claiming that no padding works.
// RUN: %clang_cuda_device %plugin %s 2>&1 | FileCheck %s
// CHECK: budget.cu:[[@LINE+9]]:12: warning: 32-way bank conflict reading shared array 'buf'
// CHECK: note: enumeration stopped after {{[0-9]+}} lane evaluations; the degree is the worst found, the mean is unknown
// CHECK: note: no fix offered: checking candidate paddings and swizzles of 'buf' against every access exceeded the search budget (2000000 lane evaluations)
__global__ void long_loop(float *out, const float *in) {
  __shared__ float buf[32][32];
  buf[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float acc = 0.f;
  for (int it = 0; it < 100000; ++it)
    acc += buf[(threadIdx.x + it) % 32][threadIdx.y];
  out[threadIdx.x] = acc;
}
void launch(float *o, const float *i) { long_loop<<<1, dim3(32, 32)>>>(o, i); }
