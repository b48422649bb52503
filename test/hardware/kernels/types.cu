// Hardware test kernels for ldslint: sub-word (char, short, __half) and
// 8-byte (double) element types. See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// bank-models.md: char load s[t*4] (one byte per word, 32 words) -> 1.
__global__ void load_char4(float* out) {
  __shared__ char s[128];
  int t = threadIdx.x;
  for (int i = t; i < 128; i += blockDim.x)
    s[i] = (char)i;  // @c4.init
  __syncthreads();
  char v = s[t * 4];  // @c4.load
  out[blockIdx.x * blockDim.x + t] = (float)v;
}

// char store s[t]: 4 lanes write different bytes of one word -> 1 expected.
__global__ void store_char(float* out) {
  __shared__ char s[128];
  int t = threadIdx.x;
  s[t] = (char)t;  // @c1.store
  __syncthreads();
  char v = s[t * 4];  // @c1.load
  out[blockIdx.x * blockDim.x + t] = (float)v;
}

// __half s[t*S], S = 1 / 2 -> 1 / 1 (2 lanes per word, or 1 lane per word).
template <int S>
__global__ void load_half(float* out) {
  __shared__ __half s[64];
  int t = threadIdx.x;
  for (int i = t; i < 64; i += blockDim.x)
    s[i] = __ushort_as_half((unsigned short)i);  // @hf.init
  __syncthreads();
  __half v = s[t * S];  // @hf.load
  out[blockIdx.x * blockDim.x + t] = __half2float(v);
}

// short s[t] -> 1 (2 lanes per word).
__global__ void load_short(float* out) {
  __shared__ short s[64];
  int t = threadIdx.x;
  for (int i = t; i < 64; i += blockDim.x)
    s[i] = (short)i;  // @sh.init
  __syncthreads();
  short v = s[t];  // @sh.load
  out[blockIdx.x * blockDim.x + t] = (float)v;
}

// double s[t*S], S = 1 / 2 -> 2 / 4 (2 phases of 16 lanes).
template <int S>
__global__ void load_double(float* out) {
  __shared__ double s[64];
  int t = threadIdx.x;
  for (int i = t; i < 64; i += blockDim.x)
    s[i] = (double)i;  // @db.init
  __syncthreads();
  double v = s[t * S];  // @db.load
  out[blockIdx.x * blockDim.x + t] = (float)v;
}

// Block 32x32. bank-models.md: double tile[32][32], read tile[x][y] -> 32 per
// warp (ideal 2); tile[32][33] -> 2. The row write tile[y][x] -> 2.
template <int PAD>
__global__ void double_tile(float* out) {
  __shared__ double tile[32][32 + PAD];
  int x = threadIdx.x;
  int y = threadIdx.y;
  tile[y][x] = (double)(y * 32 + x);  // @dt.write
  __syncthreads();
  double v = tile[x][y];  // @dt.read
  out[y * 32 + x] = (float)v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  load_char4<<<1, 32>>>(out);
  store_char<<<1, 32>>>(out);
  load_half<1><<<1, 32>>>(out);
  load_half<2><<<1, 32>>>(out);
  load_short<<<1, 32>>>(out);
  load_double<1><<<1, 32>>>(out);
  load_double<2><<<1, 32>>>(out);
  double_tile<0><<<1, dim3(32, 32)>>>(out);
  double_tile<1><<<1, dim3(32, 32)>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("types: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
