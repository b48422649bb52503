// Exploration (not part of the validated kit): shared loads and stores
// written in inline PTX (FlashAttention v1's lds/sts, CUTLASS's
// shared_load/shared_store), which the fourteenth session reads as one
// access of the instruction's width, measured on an H200 against ldslint's
// predictions. test/hardware/explore/run.sh measures them (CASES=asm14).
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

__device__ uint32_t smem_address(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// A column of a 32x32 tile: every lane in bank 0 (predicted: 32-way).
__global__ void asm_column(float *d) {
  __shared__ float s[32 * 32];
  const int t = threadIdx.x;
  for (int i = t; i < 32 * 32; i += 32)
    s[i] = d[i];
  __syncthreads();
  uint32_t v;
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(smem_address(&s[t * 32])));
  d[t] = __uint_as_float(v);
}

// 16 bytes per lane, consecutive (predicted: no conflict, 4 wavefronts).
__global__ void asm_v4_rows(float *d) {
  __shared__ float s[32 * 4];
  const int t = threadIdx.x;
  s[t] = d[t];
  s[t + 32] = d[t + 32];
  s[t + 64] = d[t + 64];
  s[t + 96] = d[t + 96];
  __syncthreads();
  uint32_t a, b, c, e;
  // (One line: nvcc's line table puts a statement's instruction at its last line.)
  asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(e) : "r"(smem_address(&s[t * 4])));
  d[t] = __uint_as_float(a ^ b ^ c ^ e);
}

// 8 bytes per lane, 16 bytes apart: lanes t and t + 8 share banks
// (predicted: 2-way).
__global__ void asm_v2_store_stride16(float *d) {
  __shared__ float s[32 * 4];
  const int t = threadIdx.x;
  asm volatile("st.shared.v2.b32 [%0], {%1, %2};" : : "r"(smem_address(&s[t * 4])), "r"(t), "r"(t + 1) : "memory");
  __syncthreads();
  d[t] = s[t];
}

// An immediate offset in the address: `[%1+128]` is element t + 32
// (predicted: no conflict).
__global__ void asm_offset(float *d) {
  __shared__ float s[64];
  const int t = threadIdx.x;
  s[t] = d[t];
  s[t + 32] = d[t + 32];
  __syncthreads();
  uint32_t v;
  asm volatile("ld.shared.b32 %0, [%1+128];" : "=r"(v) : "r"(smem_address(&s[t])));
  d[t] = __uint_as_float(v);
}

// A generic 64-bit pointer operand: two lanes per bank (predicted: 2-way).
__global__ void asm_generic_pointer(float *d) {
  __shared__ float s[64];
  const int t = threadIdx.x;
  s[t] = d[t];
  s[t + 32] = d[t + 32];
  __syncthreads();
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "l"(__cvta_generic_to_shared(&s[2 * t])));
  d[t] = v;
}

int main() {
  float *f;
  cudaMalloc(&f, 4096 * sizeof(float));
  cudaMemset(f, 0, 4096 * sizeof(float));
  asm_column<<<1, 32>>>(f);
  asm_v4_rows<<<1, 32>>>(f);
  asm_v2_store_stride16<<<1, 32>>>(f);
  asm_offset<<<1, 32>>>(f);
  asm_generic_pointer<<<1, 32>>>(f);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
