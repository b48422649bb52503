// Exploration: accesses ldslint used to skip, now answered (thirty-fifth
// session). (1) A shared-window address converted in inline assembly and
// returned as a pointer (NCCL's shmemCvtPtr), moved in C++ and read or
// written by `ld.shared`/`st.shared`: evaluated at the pointer it converts
// (32-way at a stride of 32 words, none at 1, 16-byte rows). (2) A device
// function called only through a table of functions (NCCL's
// ncclDevFuncTable), analysed as an entry of its own: a 2-way write at a
// stride of 2 words. (3) A struct copied into shared memory in one arm and
// one member written in the other, merged by instcombine into one store
// after the `if` (kaldi's decoder): every lane writes one word.
// test/hardware/explore/run.sh measures it (CASES=paths35).
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

__device__ float *toShared(float *p) {
  float *q;
  asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(q) : "l"(p));
  return q;
}

__global__ void converted(float *out) {
  __shared__ float s[32 * 33];
  __shared__ float4 rows[64];
  s[threadIdx.x] = threadIdx.x;
  rows[threadIdx.x] = make_float4(1, 2, 3, 4);
  __syncthreads();
  float *const base = toShared(s);
  float a, b;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(a) : "l"(base + threadIdx.x * 32));
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(b) : "l"(base + threadIdx.x));
  float *const r = toShared(reinterpret_cast<float *>(rows));
  // One line: nvcc puts a statement's instruction on its last line.
  asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(r + 4 * threadIdx.x), "f"(a), "f"(b), "f"(a), "f"(b));
  out[threadIdx.x] = a + b;
}

__device__ void viaTable(float *out) {
  __shared__ float t[128];
  t[threadIdx.x * 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

__device__ void (*const table[])(float *) = {viaTable};

__global__ void dispatch(float *out, int f) { table[f](out); }

struct Pair {
  int x, y;
};

__device__ Pair fetch(const int *in) {
  Pair p;
  p.x = in[0];
  p.y = in[1];
  return p;
}

__global__ void member(const int *in, int *out, int n) {
  __shared__ Pair off;
  if (in[2] < n) {
    off = fetch(in);
  } else {
    off.y = n;
  }
  __syncthreads();
  out[threadIdx.x] = off.y;
}

int main() {
  float *out;
  int *in, *iout;
  cudaMalloc(&out, 64 * sizeof(float));
  cudaMalloc(&in, 4 * sizeof(int));
  cudaMalloc(&iout, 64 * sizeof(int));
  cudaMemset(in, 0, 4 * sizeof(int));
  converted<<<1, 32>>>(out);
  dispatch<<<1, 32>>>(out, 0);
  member<<<1, 32>>>(in, iout, 1);
  member<<<1, 32>>>(in, iout, -1);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
