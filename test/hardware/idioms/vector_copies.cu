// Copies through a cast to float4 on a float array (the FLOAT4 macro of
// GEMM tutorials): clang's IR aligns them to the element, nvcc trusts the
// float4 type. Lanes 16 bytes apart.
#include <cstdio>
#define FLOAT4(value) (reinterpret_cast<float4 *>(&(value))[0])

// A register array stored whole into a float tile.
__global__ void vecStore(float *out) {
  __shared__ float s[8][128];
  float r[4];
  for (int i = 0; i < 4; ++i)
    r[i] = out[threadIdx.x * 4 + i];
  const int k = threadIdx.x / 32, n = (threadIdx.x % 32) * 4;
  FLOAT4(s[k][n]) = FLOAT4(r[0]);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x % 8][threadIdx.x / 8];
}

// Read whole; every field used.
__global__ void vecLoadAll(float *out) {
  __shared__ float s[8][128];
  for (int i = threadIdx.x; i < 8 * 128; i += blockDim.x)
    s[i / 128][i % 128] = out[i];
  __syncthreads();
  const int k = threadIdx.x / 32, n = (threadIdx.x % 32) * 4;
  float4 v = FLOAT4(s[k][n]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// Read whole; two fields used.
__global__ void vecLoadPartial(float *out) {
  __shared__ float s[8][128];
  for (int i = threadIdx.x; i < 8 * 128; i += blockDim.x)
    s[i / 128][i % 128] = out[i];
  __syncthreads();
  const int k = threadIdx.x / 32, n = (threadIdx.x % 32) * 4;
  float4 v = FLOAT4(s[k][n]);
  out[threadIdx.x] = v.x + v.w;
}

int main() {
  float *out;
  cudaMalloc(&out, 4096 * sizeof(float));
  cudaMemset(out, 0, 4096 * sizeof(float));
  for (int i = 0; i < 64; ++i) {
    vecStore<<<1, 256>>>(out);
    vecLoadAll<<<1, 256>>>(out);
    vecLoadPartial<<<1, 256>>>(out);
  }
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("vector_copies: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
