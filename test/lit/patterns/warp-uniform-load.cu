// A value loaded at an address that differs only by threadIdx.z (rpp's
// per-image tables, `roi[blockIdx.z * blockDim.z + threadIdx.z]`) is the
// same in every lane of a warp where each warp covers whole z-slices of the
// block: under 32x8x1 the store below is decided (2-way, the rows are 32
// floats apart plus the loaded offset); under 16x1x4 a warp spans two
// slices, the value differs between its lanes and the store stays unknown.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void whole_slices(float *out, const int *roi) {
  __shared__ float s[8][160];
  const int w = roi[blockIdx.z * blockDim.z + threadIdx.z];
  s[threadIdx.y][2 * threadIdx.x + (w & 31)] = 1.0f;
  // CHECK: warp-uniform-load.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's' on sm_{{[0-9]+}}
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

__global__ void split_slices(float *out, const int *roi) {
  __shared__ float s[8][160];
  const int w = roi[blockIdx.z * blockDim.z + threadIdx.z];
  s[threadIdx.y][2 * threadIdx.x + (w & 31)] = 1.0f;
  // CHECK: warp-uniform-load.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `roi[...]`, which differs between lanes
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

// Two such loads with one name and reason but different premises: each
// answered on its own (the evaluation cache once gave the second the
// first's result, a false 2-way).
__global__ void two_premises(float *out, const int *roi) {
  __shared__ float a[2][160];
  __shared__ float b[2][160];
  const int wz = roi[threadIdx.z];
  const int wy = roi[threadIdx.y];
  a[threadIdx.z][2 * threadIdx.x + (wy & 31)] = 1.0f;
  // CHECK: warp-uniform-load.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 'a'
  b[threadIdx.z][2 * threadIdx.x + (wz & 31)] = 1.0f;
  // CHECK: warp-uniform-load.cu:[[@LINE-1]]:3: remark: writing shared array 'b' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `roi[...]`, which differs between lanes
  __syncthreads();
  out[threadIdx.x] = a[0][threadIdx.x] + b[0][threadIdx.x];
}

void launch(float *o, const int *r) {
  two_premises<<<1, dim3(16, 1, 2)>>>(o, r);
  whole_slices<<<dim3(1, 1, 4), dim3(32, 8)>>>(o, r);
  split_slices<<<dim3(1, 1, 4), dim3(16, 1, 4)>>>(o, r);
}
