// An array no larger than one row of the banks (32 words of 4 bytes on
// NVIDIA) has each of its words in a bank of its own: no index, however
// unknown (a kernel argument, data loaded at run time), makes two lanes of
// a warp meet in one bank at different words. TensorRT's voxel kernels
// keep four per-group sums, `sum[threadIdx.x / group]` with `group` a
// kernel argument: `unknown` before. One word more and the index decides
// again; atomics are left to the evaluation (their cost is not only banks).
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void groups(float *out, const float *in, int group) {
  __shared__ float sum[4];
  const int g = threadIdx.x / group;
  if (threadIdx.x % group == 0)
    sum[g] = in[blockIdx.x * 4 + g];
  // CHECK: small-arrays.cu:[[@LINE-1]]:5: remark: writing shared array 'sum' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: the array is 16 bytes, within one row of the 32 banks: each of its words is in a bank of its own, whatever the index (the address depends on `group` (it is a kernel argument) through a non-linear operation)
  __syncthreads();
  out[threadIdx.x] = sum[g];
  // CHECK: small-arrays.cu:[[@LINE-1]]:22: remark: reading shared array 'sum' on sm_{{[0-9]+}}: no bank conflict
}

__global__ void lookup(float *out, const int *keys) {
  __shared__ float table[32];
  __shared__ float wider[33];
  table[threadIdx.x] = threadIdx.x;
  wider[threadIdx.x] = threadIdx.x;
  __syncthreads();
  const int k = keys[threadIdx.x];
  out[threadIdx.x] = table[k & 31];
  // CHECK: small-arrays.cu:[[@LINE-1]]:22: remark: reading shared array 'table' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: the array is 128 bytes, within one row of the 32 banks
  out[threadIdx.x + 32] = wider[k % 33];
  // CHECK: small-arrays.cu:[[@LINE-1]]:27: remark: reading shared array 'wider' on sm_{{[0-9]+}}: bank conflicts not decided
  atomicAdd(&table[k & 31], 1.0f);
  // CHECK: small-arrays.cu:[[@LINE-1]]:3: remark: {{.*}}'table'{{.*}}bank conflicts not decided
}

void launch(float *out, const float *in, const int *keys, int group) {
  groups<<<8, 4 * group>>>(out, in, group);
  lookup<<<8, 32>>>(out, keys);
}
