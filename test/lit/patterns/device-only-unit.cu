// A unit with no kernel, only device functions other units call (a library
// of device code built with -fgpu-rdc, as NCCL's device functions are):
// they are analysed as if a kernel ran them, each argument possibly
// different in each lane. The unit used to get no finding at all. Inline
// and static functions, which clang emits only where used, get none.
// RUN: not %ldslint --report=all %s -- %stubargs -fgpu-rdc --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=unused_
// RUN: %clang_cuda -fgpu-rdc %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --implicit-check-not=unused_

__device__ float column(const float *in, int k) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][k] = in[threadIdx.x];
  // CHECK: device-only-unit.cu:[[@LINE-1]]:3: remark: writing shared array 'tile' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `k`, which differs between lanes
  // CHECK: note: no code in this unit calls `column`: it is analysed as if a kernel ran it
  __syncthreads();
  return tile[0][threadIdx.x] + tile[threadIdx.x][1];
  // CHECK: device-only-unit.cu:[[@LINE-1]]:10: remark: reading shared array 'tile' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: device-only-unit.cu:[[@LINE-2]]:33: warning: 32-way bank conflict reading shared array 'tile'
}

static __device__ float unused_static(int k) {
  __shared__ float unused_static_s[64];
  unused_static_s[threadIdx.x * 2] = k;
  return unused_static_s[0];
}

__device__ inline float unused_inline(int k) {
  __shared__ float unused_inline_s[64];
  unused_inline_s[threadIdx.x * 2] = k;
  return unused_inline_s[0];
}
