// A device function called only through its address (a table of functions,
// as NCCL's `ncclDevFuncTable[i]()`) runs under the block shapes of the
// kernels that call through pointers: without relocatable device code no
// other unit can call it. Found by review: it was analysed under the
// assumed shapes, and the 16x2 launch below, whose lanes 16-31 write the
// words of lanes 0-15, was a false 2-way.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// With -fgpu-rdc a kernel of another unit may call it under any shape: the
// assumed shapes stay, and the note says so.
// RUN: not %ldslint --report=all %s -- %stubargs -fgpu-rdc --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=RDC

__device__ void through_table(float *out) {
  __shared__ float t[64];
  t[threadIdx.x * 2] = 1;
  // CHECK: table-called-shapes.cu:[[@LINE-1]]:3: remark: writing shared array 't' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK: note: block shape 16x2x1 from the launch at {{.*}}table-called-shapes.cu:[[@LINE+13]]:{{[0-9]+}} (the launch of `dispatch`, which calls functions through pointers)
  // CHECK-NEXT: note: no code in this unit calls `through_table` except through its address
  // RDC: table-called-shapes.cu:[[@LINE-4]]:3: warning: 2-way bank conflict writing shared array 't'
  // RDC: note: block shape unknown: assumed blockDim.x is 32 times a power of two
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

__device__ void (*const table[])(float *) = {through_table};

__global__ void dispatch(float *o, int f) { table[f](o); }

void launch(float *o, int f) {
  dispatch<<<1, dim3(16, 2)>>>(o, f);
}
