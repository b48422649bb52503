// No fix when the whole array is reinterpreted as another shape: padding
// would move what `v` reaches, and the swizzle cannot rewrite `v`'s index.
// RUN: %clang_cuda_device %plugin -fno-caret-diagnostics %s 2>&1 | FileCheck %s
// CHECK: reshape.cu:[[@LINE+7]]:41: warning: 32-way bank conflict reading shared array 't'
// CHECK: note: no fix offered: 't' is used at line [[@LINE+5]] in a way ldslint does not follow
__global__ void k(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  float (*v)[64] = reinterpret_cast<float (*)[64]>(t);
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y] + v[threadIdx.y / 2][threadIdx.x + 32 * (threadIdx.y % 2)];
}
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
