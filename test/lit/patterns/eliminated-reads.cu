// Reads of shared memory that no instruction performs still get an answer
// at their own line, saying why: a value passed to a helper that ignores
// it (the compiler drops the read), and a read of what the same block, or
// a block that leads only to the read, just stored there (the compiler
// forwards the stored value).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="conflict reading"

__device__ void store(unsigned *dst, unsigned count, unsigned v) { dst[threadIdx.x] = v; }

__global__ void dropped(unsigned *out) {
  __shared__ unsigned active;
  __shared__ unsigned s[64];
  if (threadIdx.x == 0)
    active = out[0];
  __syncthreads();
  if (threadIdx.x < active)
    // CHECK: eliminated-reads.cu:[[@LINE-1]]:21: remark: reading shared array 'active' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
    store(s, active, 1u);
  // CHECK: eliminated-reads.cu:[[@LINE-1]]:14: remark: reading shared array 'active' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler drops this read, whose value is not used)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void forwarded(float *out) {
  __shared__ float a[64 * 32];
  const int t = threadIdx.x;
  a[t * 64] = 1.0f;
  // CHECK: eliminated-reads.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'a'
  out[t] = a[t * 64];
  // CHECK: eliminated-reads.cu:[[@LINE-1]]:12: remark: reading shared array 'a' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[@LINE-3]])
}

// Stored in the loop's body, read in each arm of an `if` (HeCBench's ccs):
// each read is answered by the store.
__global__ void forwardedToArms(const float *in, const char *pick, float *out, int n) {
  __shared__ float g[128];
  float a = 0.f, b = 0.f;
  for (int j = 0; j < n; j++) {
    g[j] = in[j];
    // CHECK: eliminated-reads.cu:[[@LINE-1]]:5: remark: writing shared array 'g'
    if (pick[j] == '1')
      a += g[j];
    // CHECK: eliminated-reads.cu:[[@LINE-1]]:12: remark: reading shared array 'g' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[@LINE-4]])
    else
      b += g[j];
    // CHECK: eliminated-reads.cu:[[@LINE-1]]:12: remark: reading shared array 'g' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[@LINE-7]])
  }
  out[0] = a + b;
}

// A struct copied out of shared memory into an argument by value (NVIDIA's
// marchingCubes: `make_float4(*v[0], 1.0f)` after `calcNormal` read *v[0]):
// the copy becomes loads only in the pipeline, which then reuses the
// helper's loads for them.
struct P3 {
  float x, y, z;
};
struct P4 {
  float x, y, z, w;
};
__device__ P4 widen(P3 a, float w) { return {a.x, a.y, a.z, w}; }
__device__ P3 operator-(P3 a, P3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
__device__ P3 normal(const P3 *a, const P3 *b) { return *b - *a; }
__global__ void copied(P3 *in, P4 *out, int e) {
  __shared__ P3 list[64];
  list[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  const P3 *v[2];
  v[0] = &list[(e + threadIdx.x) & 63];
  v[1] = &list[threadIdx.x];
  P3 n = normal(v[0], v[1]);
  out[threadIdx.x] = widen(*v[0], 1.0f);
  // CHECK: eliminated-reads.cu:[[@LINE-1]]:28: remark: reading shared array 'list' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value read at line
  out[threadIdx.x + 64] = widen(n, 0.0f);
}

void launch(unsigned *u, float *f, P3 *i, P4 *o, int e) {
  dropped<<<1, 64>>>(u);
  forwarded<<<1, 32>>>(f);
  copied<<<1, 64>>>(i, o, e);
  forwardedToArms<<<1, 1>>>(f, (const char *)u, f, e);
}
