// Kernels launched through the runtime's launch calls (cooperative groups'
// grid-wide kernels: cudaLaunchCooperativeKernel, hipLaunchCooperativeKernel,
// cudaLaunchKernel, hipLaunchKernel) take the block from the call's third
// argument, as from `<<<grid, block>>>`.
// RUN: not %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json
extern "C" cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                                   dim3 blockDim, void **args,
                                                   size_t sharedMem = 0,
                                                   cudaStream_t stream = 0);

// 2-way with 16-wide rows, 4-way with 8-wide ones; no conflict under the
// default (blockDim.x a whole number of warps).
__global__ void rows(float *out) {
  __shared__ float s[1024];
  s[threadIdx.y * 64 + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

template <int W> __global__ void rowsOf(float *out) {
  __shared__ float s[1024];
  s[threadIdx.y * 64 + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *out) {
  void *args[] = {&out};
  cudaLaunchCooperativeKernel((void *)rows, dim3(4), dim3(16, 8), args);
  cudaLaunchKernel(reinterpret_cast<const void *>(&rowsOf<8>), dim3(4), dim3(8, 16), args, 0, 0);
}
// CHECK: "block": [
// CHECK-NEXT: 16,
// CHECK-NEXT: 8,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block_source": "the launch at {{.*}}runtime-launch.cu:30:3",
// CHECK: "degree": 2,
// CHECK: "function": "rows",
// CHECK: "line": 16,
// CHECK: "block_source": "the launch at {{.*}}runtime-launch.cu:31:3",
// CHECK: "degree": 4,
// CHECK: "function": "rowsOf<8>",
// CHECK: "line": 23,
