// Exploration: 2-byte reads of unrolled iterations whose threads disagree
// on the 4-byte alignment of every pairing, plus a part the same for every
// thread (faiss's GeneralDistance tiles: `vecTile[threadIdx.x][i * 16 + j]`
// of __half, rows of 65 halves). Neither nvcc nor ptxas can prove a pair
// aligned for every thread, so the reads run as written: 2-byte LDS.U16.
// test/hardware/explore/run.sh measures it (CASES=halves30).
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void tiles(const __half *in, float *out) {
  __shared__ __half tile[32][65];
  for (int c = threadIdx.x; c < 32 * 65; c += 32)
    (&tile[0][0])[c] = in[c];
  __syncthreads();
  const __half *row = tile[threadIdx.x];
  float sum = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
#pragma unroll
    for (int j = 0; j < 16; ++j)
      sum += __half2float(row[i * 16 + j]);
  }
  out[threadIdx.x] = sum;
}

int main() {
  __half *in;
  float *out;
  cudaMalloc(&in, 32 * 65 * sizeof(__half));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemset(in, 0, 32 * 65 * sizeof(__half));
  tiles<<<1, 32>>>(in, out);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
