// Exploration (not part of the validated kit): 8- and 16-byte loads where lanes
// share addresses, one warp each. test/hardware/explore/run.sh measures them.
#include <cstdio>
#include <cuda_runtime.h>

template <int MODE>
__global__ void f4(float* out) {
  __shared__ float4 s[64];
  int t = threadIdx.x;
  s[t] = make_float4((float)t, 1.0f, 2.0f, 3.0f);
  s[t + 32] = make_float4((float)t, 1.0f, 2.0f, 3.0f);
  __syncthreads();
  int i = MODE == 0 ? 0 : MODE == 1 ? t / 8 : MODE == 2 ? t % 8 : MODE == 3 ? t / 2 : MODE == 4 ? t % 4 : MODE == 5 ? (t % 2) * 8 : (t / 8) * 8;
  float4 v = s[i];
  out[t] = v.x + v.y + v.z + v.w;
}

template <int MODE>
__global__ void f2(float* out) {
  __shared__ float2 s[64];
  int t = threadIdx.x;
  s[t] = make_float2((float)t, 1.0f);
  s[t + 32] = make_float2((float)t, 1.0f);
  __syncthreads();
  int i = MODE == 0 ? 0 : MODE == 1 ? t / 16 : MODE == 2 ? t % 16 : MODE == 3 ? t / 2 : (t % 2) * 16;
  float2 v = s[i];
  out[t] = v.x + v.y;
}

int main() {
  float* out = nullptr;
  cudaMalloc(&out, 1 << 20);
  f4<0><<<1, 32>>>(out);
  f4<1><<<1, 32>>>(out);
  f4<2><<<1, 32>>>(out);
  f4<3><<<1, 32>>>(out);
  f4<4><<<1, 32>>>(out);
  f4<5><<<1, 32>>>(out);
  f4<6><<<1, 32>>>(out);
  f2<0><<<1, 32>>>(out);
  f2<1><<<1, 32>>>(out);
  f2<2><<<1, 32>>>(out);
  f2<3><<<1, 32>>>(out);
  f2<4><<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  printf("wide: %s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
