// Every kernel goes through the device IR (one engine), whatever idiom it
// uses, and every kernel keeps its findings. LDSLINT_DEBUG_TIME says how
// many kernels went to the IR.
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="shared array 's'"
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=COPY

__global__ void simple(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-DAG: ir-skip.cu:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile'
}

// A pointer that moves.
__global__ void moving(float *out) {
  __shared__ float buf[32 * 33];
  float *p = buf + threadIdx.x;
  for (int i = 0; i < 4; ++i) {
    *p = out[i];
    p += 32;
  }
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x * 32];
  // CHECK-DAG: ir-skip.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'buf'
}

// Two reads of one array: the load/store vectorizer merges them into one
// 8-byte load, which is conflict-free; each alone would be 2-way.
__global__ void pair(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 0;
  __syncthreads();
  out[threadIdx.x] = s[2 * threadIdx.x] + s[2 * threadIdx.x + 1];
}

// A call of a function defined elsewhere that takes a pointer.
__device__ void external_helper(float *p);
__global__ void escapes(float *out) {
  __shared__ float e[32][32];
  external_helper(&e[0][0]);
  out[threadIdx.x] = e[threadIdx.x][0];
}

// A memcpy into shared memory: a block copy, not costed, but it gets a
// finding.
__global__ void copies(float *out, const float *in) {
  __shared__ float m[32][32];
  if (threadIdx.x == 0)
    __builtin_memcpy(m, in, sizeof(m));
  // COPY: ir-skip.cu:[[@LINE-1]]:5: remark: writing shared array 'm' on {{.*}}: bank conflicts not decided: memcpy of 4096 bytes
  __syncthreads();
  out[threadIdx.x] = m[threadIdx.x][0];
  // CHECK-DAG: ir-skip.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'm'
}

void launch(float *o) {
  simple<<<1, dim3(32, 32)>>>(o);
  moving<<<1, 32>>>(o);
  pair<<<1, 32>>>(o);
  escapes<<<1, 32>>>(o);
  copies<<<1, 32>>>(o, o);
}
// CHECK-DAG: ldslint: device IR of 5 kernels
