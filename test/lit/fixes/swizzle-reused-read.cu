// A swizzle rewrites every subscript of the array, also a read the compiler
// answers from another (`m = t[x][y]` after `m < t[x][y]`: one load, and no
// access of its own in the device IR), or the program would read other
// elements after the fix.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: not %ldslint --fix --prefer=swizzle %t/k.cu -- %stubargs --cuda-gpu-arch=%cuda_arch > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t/k.cu
__global__ void k(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  float m = 0;
  if (m < t[threadIdx.x][threadIdx.y])
    m = t[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = m;
}
// CHECK: {{^}}  t[threadIdx.y][threadIdx.x ^ (threadIdx.y % 32)] = out[threadIdx.x];
// CHECK: {{^}}  if (m < t[threadIdx.x][threadIdx.y ^ (threadIdx.x % 32)])
// CHECK: {{^}}    m = t[threadIdx.x][threadIdx.y ^ (threadIdx.x % 32)];
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
