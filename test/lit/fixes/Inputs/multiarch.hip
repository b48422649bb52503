// Input of multi-arch.test: fixes planned for gfx90a and gfx950 together.
#include <hip/hip_runtime.h>
__global__ void d2(double *out, const double *in) {
  __shared__ double t[32][32];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
__global__ void f4(float4 *out, const float4 *in) {
  __shared__ float4 t4[64][8];
  t4[threadIdx.x / 8][threadIdx.x % 8] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t4[threadIdx.x % 64][threadIdx.x / 64];
}
__global__ void f2(float2 *out, const float2 *in) {
  __shared__ float2 t2[64][16];
  t2[threadIdx.x / 16][threadIdx.x % 16] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t2[threadIdx.x % 64][threadIdx.x / 64];
}
void launch(double *o, const double *i, float4 *o4, const float4 *i4, float2 *o2, const float2 *i2) {
  d2<<<1, dim3(32, 32)>>>(o, i);
  f4<<<1, 512>>>(o4, i4);
  f2<<<1, 1024>>>(o2, i2);
}
