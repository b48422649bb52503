// An LDS array no larger than one row of the banks (32 words of 4 bytes on
// gfx90a) has each of its words in a bank of its own: a read at an index
// loaded at run time cannot conflict in either half-wave (rocRAND's sobol
// engines keep their 32 direction words so). So does a part of a larger
// array that every index stays within (`& 31` into 64 words); an index
// that can reach 33 words decides again.
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void directions(const int *idx, unsigned *out) {
  __shared__ unsigned vec[32];
  if (threadIdx.x < 32)
    vec[threadIdx.x] = threadIdx.x * 7;
  __syncthreads();
  const int i = idx[blockIdx.x * blockDim.x + threadIdx.x] & 31;
  out[blockIdx.x * blockDim.x + threadIdx.x] = vec[i];
  // CHECK: small-arrays-amd.hip:[[@LINE-1]]:48: remark: reading shared array 'vec' on gfx90a: no bank conflict
  // CHECK: note: the array is 128 bytes, within one row of the 32 banks: each of its words is in a bank of its own, whatever the index
}

__global__ void masked(const int *idx, unsigned *out) {
  __shared__ unsigned vec[64];
  if (threadIdx.x < 64)
    vec[threadIdx.x] = threadIdx.x * 7;
  __syncthreads();
  const int i = idx[blockIdx.x * blockDim.x + threadIdx.x] & 31;
  out[blockIdx.x * blockDim.x + threadIdx.x] = vec[i];
  // CHECK: small-arrays-amd.hip:[[@LINE-1]]:48: remark: reading shared array 'vec' on gfx90a: no bank conflict
  // CHECK: note: every address it can take is within bytes 0 to 127 of the array (128 bytes, within one row of the 32 banks)
}

__global__ void wider(const int *idx, unsigned *out) {
  __shared__ unsigned vec[33];
  if (threadIdx.x < 33)
    vec[threadIdx.x] = threadIdx.x * 7;
  __syncthreads();
  const int i = idx[blockIdx.x * blockDim.x + threadIdx.x] % 33;
  out[blockIdx.x * blockDim.x + threadIdx.x] = vec[i];
  // CHECK: small-arrays-amd.hip:[[@LINE-1]]:48: remark: reading shared array 'vec' on gfx90a: bank conflicts not decided
}

void launch(const int *idx, unsigned *out) {
  directions<<<4, 256>>>(idx, out);
  masked<<<4, 256>>>(idx, out);
  wider<<<4, 256>>>(idx, out);
}
