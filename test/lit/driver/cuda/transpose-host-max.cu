// NVIDIA's transpose sample, run as a user runs it: main calls
// max(float, float), which nvcc compiles with the host compiler and clang's
// device compile rejects (only the __device__ max of __clang_cuda_math.h is
// declared). The driver sets that host-only code aside, says where, and
// analyses the kernel; the launch shape comes from member assignments.
// REQUIRES: cuda-sdk
// RUN: %ldslint %s -- -x cuda --cuda-path=%cuda_path > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
#include <cstdio>
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNaive(float *odata, const float *idata, int width, int height);

int main(int argc, char **argv) {
  cudaDeviceProp deviceProp;
  cudaGetDeviceProperties(&deviceProp, 0);
  float scale_factor = max((192.0f / (64 * (float)deviceProp.multiProcessorCount)), 1.0f);
  // CHECK: ldslint: note: added -fgpu-defer-diag
  // CHECK: ldslint: note: host-only code that clang's device compile rejects (nvcc compiles it with the host compiler) was set aside, the kernels are analysed: {{.*}}transpose-host-max.cu:[[@LINE-2]]:24 (a call to 'max')
  printf("scale %f\n", scale_factor);
  dim3 grid(1024 / TILE_DIM, 1024 / TILE_DIM), threads;
  threads.x = TILE_DIM;
  threads.y = BLOCK_ROWS;
  transposeNaive<<<grid, threads>>>(nullptr, nullptr, 1024, 1024);
  return 0;
}

__global__ void transposeNaive(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK: transpose-host-max.cu:[[@LINE-1]]:34: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x8x1 from the launch at {{.*}}transpose-host-max.cu:[[@LINE-16]]:3
}
