// The fix planner models multi-dimensional arrays from the device IR
// (ir/FixSites.h): an access's index per dimension comes from its GEP chain.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=warning:
__global__ void neighbour(float *out) {
  __shared__ float a[33][32];
  a[threadIdx.y + 1][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x + 1][threadIdx.y];
  // CHECK: ir-model.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'a'
  // `a[y + 1]` is a row step instcombine splits off as 128 bytes: still a row.
  // CHECK: ir-model.cu:[[@LINE-6]]:20: note: pad the innermost dimension of 'a' from 32 to 33 elements (+132 bytes)
  // CHECK: note: alternative: XOR-swizzle the column index of 'a' by the row (column ^ (row % 32)) in all 2 accesses
}

__global__ void row_pointer(float *out) {
  __shared__ float b[32][32];
  b[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  const float *row = &b[threadIdx.x][0];
  out[threadIdx.x] = row[threadIdx.y];
  // CHECK: ir-model.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'b'
  // CHECK: ir-model.cu:[[@LINE-6]]:20: note: pad the innermost dimension of 'b' from 32 to 33 elements (+128 bytes)
}

__device__ float column(float (*t)[32], unsigned r, unsigned c) { return t[r][c]; }
// CHECK: ir-model.cu:[[@LINE-1]]:74: warning: 32-way bank conflict reading shared array 'c'
// The row length of `t` is its own: padding `c` would not change it. `c` is
// passed whole, which the planner does not follow.
// CHECK: note: no fix offered: 'c' is used at line [[@LINE+5]] in a way ldslint does not follow
__global__ void typed_parameter(float *out) {
  __shared__ float c[32][32];
  c[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = column(c, threadIdx.x, threadIdx.y) + out[threadIdx.y];
}

__global__ void cast_rows(float *out) {
  __shared__ float e[32][32];
  e[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  float (*t)[32] = reinterpret_cast<float (*)[32]>(&e[0][0]);
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK: ir-model.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'e'
  // Every reference subscripts `e`, but the rows `t` steps over are its own.
  // CHECK: note: no fix offered: the access at line [[@LINE-3]] steps over rows of 'e' through a pointer whose row length is written apart from the array's (padding would not change it)
}

__global__ void flattened(float *out) {
  __shared__ float d[32][32];
  d[0][threadIdx.y * 32 + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = d[threadIdx.x][threadIdx.y];
  // CHECK: ir-model.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'd'
  // CHECK: note: no fix offered: the column index of the access at line [[@LINE-4]] is not proven to stay inside its row
}

void launch(float *o) {
  neighbour<<<1, dim3(32, 32)>>>(o);
  row_pointer<<<1, dim3(32, 32)>>>(o);
  typed_parameter<<<1, dim3(32, 32)>>>(o);
  cast_rows<<<1, dim3(32, 32)>>>(o);
  flattened<<<1, dim3(32, 32)>>>(o);
}
