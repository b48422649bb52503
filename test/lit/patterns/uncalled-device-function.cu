// A device function that no code in its unit calls (another unit may, with
// -fgpu-rdc) is emitted by clang all the same; its shared-memory accesses
// get findings as if a kernel ran it, with its arguments possibly
// different in each lane (HeCBench's gmm: `averageVariance`). Functions
// clang does not emit when unused (static, inline) get none.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --implicit-check-not=unused_
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=unused_

// A function a kernel calls is analysed in the kernel, not on its own (the
// kernels' findings come first).
__device__ void called(float *out, int k) {
  __shared__ float s[1024];
  s[k * 2] = 1;
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's'
  // CHECK-NOT: no code in this unit calls `called`
  out[0] = s[0];
}

__global__ void kernel(float *o) { called(o, threadIdx.x); }

void launch(float *o) { kernel<<<1, 32>>>(o); }

// A function passed by address to a helper that calls it (a callback): once
// the helper is inlined the call is direct, and the function is inlined
// into the kernel, whose 16x2 launch applies (16 lanes, 16 banks). Found by
// review: it was analysed on its own under the assumed shape, 2-way.
__device__ void callback_body(float *out) {
  __shared__ float cb[64];
  cb[threadIdx.x * 2] = 1;
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:3: remark: writing shared array 'cb' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK-NOT: calls `callback_body` except through its address
  __syncthreads();
  out[threadIdx.x] = cb[threadIdx.x];
}

__device__ void apply(void (*g)(float *), float *o) { g(o); }

__global__ void with_callback(float *o) { apply(callback_body, o); }

void launch_callback(float *o) { with_callback<<<1, dim3(16, 2)>>>(o); }

__device__ void column_sums(const float *in, float *out) {
  __shared__ float tile[32][32];
  __shared__ float total;
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.x];
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'tile'
  // CHECK: note: no code in this unit calls `column_sums`: it is analysed as if a kernel ran it, with each argument possibly different in each lane
  // CHECK: note: pad the innermost dimension of 'tile' from 32 to 33 elements
  if (threadIdx.x == 0)
    total = 0;
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:5: remark: writing shared array 'total' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.y][threadIdx.x] + total;
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:22: remark: reading shared array 'tile' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: uncalled-device-function.cu:[[@LINE-2]]:55: remark: reading shared array 'total' on sm_{{[0-9]+}}: no bank conflict
}

// Its arguments are not the kernel arguments a launch makes the same for
// every lane: a caller may pass threadIdx.x.
__device__ void by_argument(float *out, int k) {
  __shared__ float s[1024];
  s[k * 2] = 1;
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `k`, which differs between lanes (it is an argument of a device function that no code in this unit calls, so each lane may have its own value)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:22: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

static __device__ void unused_static(float *out) {
  __shared__ float unused_static_s[64];
  unused_static_s[threadIdx.x * 2] = 1;
  out[0] = unused_static_s[0];
}

__device__ inline void unused_inline(float *out) {
  __shared__ float unused_inline_s[64];
  unused_inline_s[threadIdx.x * 2] = 1;
  out[0] = unused_inline_s[0];
}

// Called only through its address (NCCL's table of device functions, as
// `table[i](...)`): where the pointer call lands is not followed, so it is
// analysed as if a kernel ran it too. It was silent before.
__device__ void through_table(float *out) {
  __shared__ float t[64];
  t[threadIdx.x * 2] = 1;
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 't'
  // CHECK: note: no code in this unit calls `through_table` except through its address: it is analysed as if a kernel ran it
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:22: remark: reading shared array 't' on sm_{{[0-9]+}}: no bank conflict
}

__device__ void (*const table[])(float *) = {through_table};

__global__ void dispatch(float *o, int f) { table[f](o); }

