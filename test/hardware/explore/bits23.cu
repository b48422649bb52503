// Bit operations in addresses (__brev, __popc, __clz, __ffs: calls of
// CUDA's device library) and reads that the compiler merges after their
// branches (Rodinia's srad), issue 9, twenty-third session.
#include <cstdio>
__global__ void bits(int *out) {
  __shared__ int s[1024];
  const unsigned t = threadIdx.x;
  s[__brev(t) >> 27] = 1;
  s[__popc(t) * 32] = 2;
  s[__clz(t + 1) * 33] = 3;
  s[__ffs(t) * 32] = 4;
  s[(__brev(t) >> 22) & 1023] = 5;
  s[__popc(t * 0x01010101u) * 33] = 6;
  __syncthreads();
  out[t] = s[t];
}

__global__ void edges(float *out, const float *in) {
  __shared__ float north[16][16], temp[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  temp[ty][tx] = in[ty * 16 + tx];
  north[ty][tx] = in[256 + ty * 16 + tx];
  __syncthreads();
  const float j = temp[ty][tx];
  float n, s;
  const float c = in[512];
  if (c > 0.0f && tx == 0) {
    n = north[ty][tx] - j;
    s = temp[(ty + 1) % 16][tx] - j;
  } else if (c > 1.0f) {
    n = north[ty][tx] - j;
    s = temp[(ty + 1) % 16][tx] - j;
  } else {
    n = temp[(ty + 15) % 16][tx] - j;
    s = temp[(ty + 1) % 16][tx] - j;
  }
  out[ty * 16 + tx] = n + s;
}

// ffs against cttz (twenty-fourth session): 3-way (cttz would be 4-way).
__global__ void ffs16(int *out) {
  __shared__ int s[1024];
  const unsigned t = threadIdx.x;
  s[__ffs(t) * 16] = 7;
  __syncthreads();
  out[t] = s[t];
}

int main() {
  int *o; float *f, *g;
  cudaMalloc(&o, 4096); cudaMalloc(&f, 4096); cudaMalloc(&g, 4096);
  cudaMemset(g, 0, 4096);
  bits<<<1, 32>>>(o);
  edges<<<1, dim3(16, 16)>>>(f, g);
  ffs16<<<1, 32>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
