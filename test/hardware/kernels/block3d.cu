// Hardware test kernels for ldslint: a 3-D block 8x4x4 (128 threads, 4 warps;
// warp w holds threadIdx.z == w). See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

// s[tz][ty][tx]: linear in the thread id -> 1 (write and read).
__global__ void block3d_linear(float* out) {
  __shared__ float s[4][4][8];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int tz = threadIdx.z;
  s[tz][ty][tx] = (float)(tx + 8 * ty + 32 * tz);  // @b3.write
  __syncthreads();
  float v = s[tz][ty][tx];  // @b3.read
  out[tx + 8 * ty + 32 * tz] = v;
}

// Transposed s[tx][ty][tz]: [8][4][4] -> 4 (word 16tx + 4ty + tz),
// [8][4][5] -> 1 (word 20tx + 5ty + tz: 32 distinct banks).
template <int PAD>
__global__ void block3d_transposed(float* out) {
  __shared__ float s[8][4][4 + PAD];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int tz = threadIdx.z;
  s[tx][ty][tz] = (float)(tx + 8 * ty + 32 * tz);  // @b3t.write
  __syncthreads();
  float v = s[tx][ty][tz];  // @b3t.read
  out[tx + 8 * ty + 32 * tz] = v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  block3d_linear<<<1, dim3(8, 4, 4)>>>(out);
  block3d_transposed<0><<<1, dim3(8, 4, 4)>>>(out);
  block3d_transposed<1><<<1, dim3(8, 4, 4)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("block3d: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
