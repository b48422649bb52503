// Patterns from production code (issue 3): dynamic shared memory carved by
// pointers, the SharedMemory<T> helper, row pointers, a shared pointer passed
// to a __device__ function, struct members (AoS), float4 reinterpret_cast,
// atomics with data-dependent and lane-dependent addresses, warp/lane ids,
// a volatile warp reduction.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

template <class T> struct SharedMemory {
  __device__ T *getPointer() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

__global__ void carved(float *out) {
  extern __shared__ float buf[];
  float *a = buf;
  float *b = &buf[32 * 32];
  a[threadIdx.x * 32] = 1.0f;
  // CHECK: real-world.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'buf'
  b[threadIdx.x] = 2.0f;
  // CHECK: real-world.cu:[[@LINE-1]]:3: remark: writing shared array 'buf' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  out[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x * 2];
  // CHECK-DAG: real-world.cu:[[@LINE-1]]:22: remark: reading shared array 'buf' on sm_{{[0-9]+}}: no bank conflict
  // CHECK-DAG: real-world.cu:[[@LINE-2]]:39: warning: 2-way bank conflict reading shared array 'buf'
}

__global__ void helper(float *out) {
  SharedMemory<float> smem;
  float *s = smem.getPointer();
  s[threadIdx.x * 4] = 0;
  // CHECK: real-world.cu:[[@LINE-1]]:3: warning: 4-way bank conflict writing shared array '__smem'
}

__device__ float get(const float *p, int i) { return p[i * 8]; }

__global__ void rows(float *out) {
  __shared__ float tile[32][32];
  float *row = &tile[threadIdx.y][0];
  row[threadIdx.x] = 1;
  // CHECK: real-world.cu:[[@LINE-1]]:3: remark: writing shared array 'tile' on sm_{{[0-9]+}}: no bank conflict
  out[threadIdx.x] = get(&tile[0][0], threadIdx.x);
  // CHECK: real-world.cu:35:54: warning: 8-way bank conflict reading shared array 'tile'
  // CHECK: real-world.cu:[[@LINE-2]]:22: note: in the device function called here
}

struct Particle { float x, y, z, w; };
__global__ void aos(float *out) {
  __shared__ Particle ps[64];
  out[threadIdx.x] = ps[threadIdx.x].y;
  // Alone 4-way; the compiler may merge it with the read of `.x` below
  // (nvcc reads only the fields of `v` that are used) into one 8-byte
  // read, 2-way: a conflict either way, both degrees given.
  // CHECK: real-world.cu:[[@LINE-4]]:38: warning: 2- to 4-way bank conflict reading shared array 'ps' on sm_{{[0-9]+}}: up to 4 wavefronts per warp instruction, ideal 1
  // CHECK: note: whether or not ptxas merges this access with the one at line [[@LINE+2]], column 14 into one 8-byte instruction, it conflicts: 4-way as written, 2-way merged
  // CHECK: note: 'ps' holds 16-byte structs and this access uses 4 bytes of each: a struct of arrays (one array per member) would give consecutive lanes consecutive words
  float4 v = reinterpret_cast<float4 *>(&ps[0])[threadIdx.x];
  // CHECK: real-world.cu:[[@LINE-1]]:14: warning: 2- to 4-way bank conflict reading shared array 'ps' on sm_{{[0-9]+}}
  // CHECK: note: whether or not ptxas merges this access with the one at line [[@LINE-9]], column 38 into one 8-byte instruction, it conflicts: 4-way as written, 2-way merged
  out[threadIdx.x] += v.x;
}

__global__ void histogram(const int *data, int *out) {
  __shared__ int h[256];
  atomicAdd(&h[data[threadIdx.x] & 255], 1);
  // CHECK: real-world.cu:[[@LINE-1]]:3: remark: atomic update of shared array 'h' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `data[...]`, which differs between lanes (it is loaded from memory at a per-lane address: data-dependent)
  atomicAdd(&h[threadIdx.x], 1);
  // CHECK: real-world.cu:[[@LINE-1]]:3: remark: atomic update of shared array 'h' on sm_{{[0-9]+}}: no bank conflict
}

__global__ void warp_reduce(float *out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  unsigned lane = tid % 32, warp = tid / 32;
  sdata[warp * 33 + lane] = 1.f;
  // CHECK: real-world.cu:[[@LINE-1]]:3: remark: writing shared array 'sdata' on sm_{{[0-9]+}}: no bank conflict
  if (tid < 32) {
    volatile float *v = sdata;
    v[tid] += v[tid + 16];
    // CHECK-DAG: real-world.cu:[[@LINE-1]]:15: remark: reading shared array 'sdata'{{.*}}no bank conflict
    // CHECK-DAG: real-world.cu:[[@LINE-2]]:5: remark: reading shared array 'sdata'{{.*}}no bank conflict
    // CHECK-DAG: real-world.cu:[[@LINE-3]]:5: remark: writing shared array 'sdata'{{.*}}no bank conflict
  }
}

// The helper on a temporary: the call is wrapped in ExprWithCleanups.
__global__ void helper_temporary(float *out) {
  float *s = SharedMemory<float>().getPointer();
  s[threadIdx.x * 2] = 0;
  // CHECK: real-world.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array '__smem'
}

void launch(float *o, const int *d, int *h) {
  carved<<<1, 32, 8192>>>(o);
  helper<<<1, 32, 4096>>>(o);
  rows<<<1, dim3(32, 32)>>>(o);
  aos<<<1, 64>>>(o);
  histogram<<<1, 256>>>(d, h);
  warp_reduce<<<1, 256>>>(o);
  helper_temporary<<<1, 32, 4096>>>(o);
}
