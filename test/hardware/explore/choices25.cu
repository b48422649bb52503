// One read after a branch that picks the array per lane (Rodinia's srad:
// `n = north[ty][tx]` on the block's border, `n = temp[ty - 1][tx]`
// inside it): the compilers merge both reads into one instruction whose
// lanes reach two variables. Every shared variable here is a multiple of
// 128 bytes, so each starts at bank 0 wherever it is placed. Issue 9,
// twenty-fifth session.
#include <cstdio>
#define B 16

__global__ void borders(const float *in, float *out) {
  __shared__ float temp[B][B], north[B][B], west[B][B];
  const int tx = threadIdx.x, ty = threadIdx.y;
  temp[ty][tx] = in[ty * B + tx];
  north[ty][tx] = in[256 + ty * B + tx];
  west[ty][tx] = in[512 + ty * B + tx];
  __syncthreads();
  // Each choice on one line: nvcc gives the merged read the line after the
  // branch, so the use is written on it too.
  float n; if (ty == 0) n = north[ty][tx]; else n = temp[ty - 1][tx]; out[ty * B + tx] = n;
  float w; if (tx == 0) w = west[ty][tx]; else w = temp[ty][tx - 1]; out[256 + ty * B + tx] = w;
}

// The same choice where both arrays are read at the same element: lanes of
// one row reach two variables at one bank.
__global__ void sameElement(const float *in, float *out) {
  __shared__ float a[B][B], b[B][B];
  const int tx = threadIdx.x, ty = threadIdx.y;
  a[ty][tx] = in[ty * B + tx];
  b[ty][tx] = in[256 + ty * B + tx];
  __syncthreads();
  float v; if (tx & 1) v = a[ty][tx / 2]; else v = b[ty][tx / 2]; out[ty * B + tx] = v;
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 4096 * 4);
  cudaMalloc(&out, 4096 * 4);
  cudaMemset(in, 0, 4096 * 4);
  borders<<<1, dim3(B, B)>>>(in, out);
  sameElement<<<1, dim3(B, B)>>>(in, out);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
