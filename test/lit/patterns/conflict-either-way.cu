// A pair of adjacent accesses that ptxas may make one wider instruction is
// `unknown` when the answer depends on that choice, but a conflict when
// both choices conflict (faiss's blockReduceAll reads a 16-byte
// `Pair<float, int64_t>` per lane at a 128-byte lane stride: 8-way read
// field by field, 8-way read whole; here two doubles). Where the degrees
// differ, both are given ("2- to 4-way", test/lit/patterns/real-world.cu).
// A pair that conflicts only as written stays unknown.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

// Two adjacent doubles per lane at a 128-byte lane stride, eight lanes,
// with a store to the array between them (ptxas may or may not move it):
// 8-way as two LDS.64 and as one LDS.128.
__global__ void both_conflict(double *out) {
  __shared__ double d[256];
  const int lane = threadIdx.x;
  d[lane] = lane;
  d[lane + 32] = lane;
  d[lane + 64] = lane;
  d[lane + 96] = lane;
  __syncthreads();
  if (lane < 8) {
    const double a = d[lane * 16];
    // CHECK: conflict-either-way.cu:[[@LINE-1]]:22: warning: 8-way bank conflict reading shared array 'd' on sm_{{[0-9]+}}
    // CHECK: note: whether or not ptxas merges this access with the one at line [[@LINE+2]], column 22 into one 16-byte instruction, it conflicts: 8-way as written, 8-way merged
    d[200 + lane] = a;
    const double b = d[lane * 16 + 1];
    out[lane] = a + b;
  }
}

// s[2 * t], s[2 * t + 1] with a store to the array between them: 2-way
// each as written, conflict-free as one LDS.64 if ptxas moves the store.
__global__ void only_as_written(float *out, const float *in) {
  __shared__ float s[160];
  s[threadIdx.x] = in[threadIdx.x];
  s[threadIdx.x + 32] = in[threadIdx.x + 32];
  __syncthreads();
  const float a = s[2 * threadIdx.x];
  // CHECK: conflict-either-way.cu:[[@LINE-1]]:19: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the compiler may merge this access
  s[128 + threadIdx.x] = a;
  const float b = s[2 * threadIdx.x + 1];
  out[threadIdx.x] = a + b;
}

void launch(double *p, float *o, const float *i) {
  both_conflict<<<1, 32>>>(p);
  only_as_written<<<1, 32>>>(o, i);
}
