// Real-code idioms that only the device IR makes plain, and the device-IR
// engine answers (issue 9): each access gets a finding, decided where the
// addresses are known.
// RUN: %clang_cuda_device %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// NVIDIA's SharedMemory<T>: dynamic shared memory through operator T*().
template <class T> struct SharedMemory {
  __device__ operator T *() { extern __shared__ int smem_[]; return (T *)smem_; }
};
// A shared element passed by reference to a helper.
__device__ void addTo(float &dst, const float &src) { dst += src; }
// CHECK-DAG: device-ir.cu:[[@LINE-1]]:55: remark: reading shared array 'smem_' on sm_{{[0-9]+}}: no bank conflict
// CHECK-DAG: device-ir.cu:[[@LINE-2]]:55: remark: writing shared array 'smem_' on sm_{{[0-9]+}}: no bank conflict
// CHECK-DAG: device-ir.cu:[[@LINE-3]]:62: remark: reading shared array 'smem_' on sm_{{[0-9]+}}: no bank conflict

__global__ void reduce(float *g) {
  float *sdata = SharedMemory<float>();
  unsigned tid = threadIdx.x;
  sdata[tid] = g[tid];
  // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 'smem_' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      addTo(sdata[tid], sdata[tid + s]);
    __syncthreads();
  }
  if (tid == 0)
    g[blockIdx.x] = sdata[0];
  // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 'smem_' on sm_{{[0-9]+}}: no bank conflict
}

// A loop-carried index (NVIDIA's histogram64): t and t + 16 read the same
// bank at different words in every iteration: 2-way.
__global__ void carried(unsigned *g) {
  __shared__ unsigned char s[64 * 64];
  unsigned base = threadIdx.x * 64, pos = 4 * (threadIdx.x & 15), sum = 0;
  for (int i = 0; i < 16; ++i) {
    sum += s[base + pos];
    // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
    pos = (pos + 4) & 63;
  }
  g[threadIdx.x] = sum;
}

// A pointer that moves: column x, rows 0, 8, 16, 24: conflict-free.
__global__ void moving(float *g) {
  __shared__ float tile[32][32];
  float *p = &tile[0][threadIdx.x];
  float acc = 0;
  for (int j = 0; j < 4; ++j) {
    acc += *p;
    // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: reading shared array 'tile' on sm_{{[0-9]+}}: no bank conflict
    p += 8 * 32;
  }
  g[threadIdx.x] = acc;
}

// A local reassigned many times (the scan's conflict-free offset).
__global__ void offsets(float *g) {
  __shared__ float temp[512 + 16];
  int ai = threadIdx.x, bi = threadIdx.x + 256;
  ai += ai >> 5;
  bi += bi >> 5;
  temp[ai] = g[threadIdx.x];
  // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 'temp' on sm_{{[0-9]+}}: no bank conflict
  temp[bi] = g[threadIdx.x + 256];
  // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 'temp' on sm_{{[0-9]+}}: no bank conflict
}

// A 12-byte struct is three 4-byte accesses (stride 3 words: no conflict),
// and a pointer chosen from two arrays at run time stays unknown.
struct float3x { float x, y, z; };
__global__ void structs(float3x *g, int k) {
  __shared__ float3x s[256];
  s[threadIdx.x] = g[threadIdx.x];
  // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  __shared__ float a[32][33], b[32][32];
  float *p[2] = {&a[0][0], &b[0][0]};
  p[k & 1][threadIdx.x * 32] = 1.f;
  // CHECK-DAG: device-ir.cu:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array '(unresolved pointer)' on sm_{{[0-9]+}}: bank conflicts not decided: the pointer is one of several shared variables, chosen at run time
}

void launch(float *g, float3x *h) {
  dim3 b;
  b.x = 256;
  reduce<<<1, b, 1024>>>(g);
  carried<<<1, 64>>>((unsigned *)g);
  moving<<<1, 32>>>(g);
  offsets<<<1, 256>>>(g);
  structs<<<1, 256>>>(h, 1);
}
