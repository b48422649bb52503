// A fix of a template array must hold for every instantiation in the
// translation unit. Padding 'tile' by one fixes tr<32> but leaves tr<16>
// (a 16x16 block) 2-way, so padding is not offered and the note names what
// each instantiation would take alone; the swizzle holds for both and is
// applied to the shared source.
// RUN: %clang_cuda_device %plugin %s 2>&1 | FileCheck %s
// CHECK: templates.cu:[[@LINE+12]]:40: warning: 32-way bank conflict reading shared array 'tile'
// CHECK: note: XOR-swizzle the column index of 'tile' by the row (column ^ (row % N)) in all 2 accesses
// CHECK: note: padding not offered: no padding of the innermost dimension of 'tile' up to 32 elements removes every conflict; the instantiations disagree: for 'tr<16>' alone: none; for 'tr<32>' alone: pad the innermost dimension of 'tile' from 32 to 33 elements (+128 bytes)
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: not %ldslint --arch=%cuda_arch --fix %t/k.cu -- %stubargs 2>&1 | FileCheck %s --check-prefix=FIX
// FIX: ldslint: applied 3 edit(s)
// RUN: %ldslint --arch=%cuda_arch %t/k.cu -- %stubargs
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/k.cu
template <int N> __global__ void tr(float *out, const float *in) {
  __shared__ float tile[N][N];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * N + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * N + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// One template, float and double instantiations: the padding is counted in
// elements of each, so [32][33] serves both.
template <class T> __global__ void typed(T *out) {
  __shared__ T u[32][32];
  // FIXED: __shared__ T u[32][33];
  u[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x][threadIdx.y];
  // CHECK: templates.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'u'
  // CHECK: note: pad the innermost dimension of 'u' from 32 to 33 elements
}

void launch(float *o, const float *i, double *d) {
  tr<32><<<1, dim3(32, 32)>>>(o, i);
  tr<16><<<1, dim3(16, 16)>>>(o, i);
  typed<float><<<1, dim3(32, 32)>>>(o);
  typed<double><<<1, dim3(32, 32)>>>(d);
}
