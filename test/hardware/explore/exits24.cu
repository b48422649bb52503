// A loop's value read after the loop, where the loop is bounded by the
// block's size (the up-sweep of a work-efficient scan leaves `offset` for
// the down-sweep), at three block sizes, issue 9, twenty-fourth session.
#include <cstdio>
__device__ __forceinline__ void sweeps(unsigned *as, unsigned *out) {
  const unsigned k = threadIdx.x;
  as[k] = k;
  unsigned offset = 1;
  for (unsigned d = blockDim.x >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (k < d) {
      const unsigned ai = offset * (2 * k + 1) - 1;
      const unsigned bi = offset * (2 * k + 2) - 1;
      as[bi] += as[ai];
    }
    offset *= 2;
  }
  if (k == 0)
    as[blockDim.x - 1] = 0;
  for (unsigned d = 1; d < blockDim.x; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (k < d) {
      const unsigned ai = offset * (2 * k + 1) - 1;
      const unsigned bi = offset * (2 * k + 2) - 1;
      const unsigned t = as[ai];
      as[ai] = as[bi];
      as[bi] += t;
    }
  }
  __syncthreads();
  out[k] = as[k];
}

__global__ void scan64(unsigned *out) {
  __shared__ unsigned as[64];
  sweeps(as, out);
}
__global__ void scan256(unsigned *out) {
  __shared__ unsigned as[256];
  sweeps(as, out);
}
__global__ void scan1024(unsigned *out) {
  __shared__ unsigned as[1024];
  sweeps(as, out);
}

int main() {
  unsigned *o;
  cudaMalloc(&o, 4096 * 4);
  scan64<<<1, 64>>>(o);
  scan256<<<1, 256>>>(o);
  scan1024<<<1, 1024>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  unsigned h[1024];
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  printf("%s %u %u\n", cudaGetErrorString(e), h[1], h[1023]);
  return e != cudaSuccess;
}
