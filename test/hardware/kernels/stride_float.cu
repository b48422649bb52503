// Hardware test kernels for ldslint: float loads and stores s[t*S], one warp.
// Rules for every file in this directory (see ../README.md):
//   * exactly one shared-memory access per source line, tagged "// @tag";
//   * every kernel is launched once from main() with a constant block shape;
//   * initialisation loops are themselves conflict-free and are compared too.
#include <cstdio>
#include <cuda_runtime.h>

#define LS_N (32 * 64)

// bank-models.md: S = 1, 3, 33 -> 1 wavefront; 2/4/8/16 -> 2/4/8/16; 32, 64 -> 32.
template <int S>
__global__ void load_stride(float* out) {
  __shared__ float s[LS_N];
  int t = threadIdx.x;
  for (int i = t; i < LS_N; i += blockDim.x)
    s[i] = (float)i;  // @ls.init
  __syncthreads();
  float v = s[t * S];  // @ls.load
  out[blockIdx.x * blockDim.x + t] = v;
}

// bank-models.md: store s[t*32] -> 32 wavefronts, s[t*33] -> 1.
template <int S>
__global__ void store_stride(float* out) {
  __shared__ float s[32 * 33 + 32];
  int t = threadIdx.x;
  s[t * S] = (float)t;  // @ss.store
  __syncthreads();
  float v = s[t];  // @ss.load
  out[blockIdx.x * blockDim.x + t] = v;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  load_stride<1><<<1, 32>>>(out);
  load_stride<2><<<1, 32>>>(out);
  load_stride<3><<<1, 32>>>(out);
  load_stride<4><<<1, 32>>>(out);
  load_stride<8><<<1, 32>>>(out);
  load_stride<16><<<1, 32>>>(out);
  load_stride<32><<<1, 32>>>(out);
  load_stride<33><<<1, 32>>>(out);
  load_stride<64><<<1, 32>>>(out);
  store_stride<1><<<1, 32>>>(out);
  store_stride<2><<<1, 32>>>(out);
  store_stride<32><<<1, 32>>>(out);
  store_stride<33><<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("stride_float: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
