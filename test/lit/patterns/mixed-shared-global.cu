// A read whose pointer is into shared memory for some lanes and into
// global memory for the others: clang's instcombine merges the two reads
// of `if (t != 0) p = s[t - 1]; else p = in[N];` into one read of a phi of
// the two pointers, but the compilers read shared memory for the lanes of
// the shared arm alone (test/hardware/explore/mixed26.cu). The finding
// counts only those lanes; it is the shared arm's read, at its line.
// RUN: not %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.json
#define N 256

__global__ void predecessor(const float *in, float *out) {
  __shared__ float s[N];
  const int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  float p; if (t != 0) p = s[t - 1]; else p = in[N]; out[t] = p;
}

__global__ void oddLanes(const float *in, float *out) {
  __shared__ float s[N * 16];
  const int t = threadIdx.x;
  for (int i = t; i < N * 16; i += N)
    s[i] = in[i];
  __syncthreads();
  float v; if (t & 1) v = s[(t >> 1) * 32]; else v = in[t]; out[t] = v;
}

__global__ void ternary(const float *in, float *out) {
  __shared__ float s[N * 2];
  const int t = threadIdx.x;
  s[t] = in[t];
  s[t + N] = in[t + N];
  __syncthreads();
  const int lane = t & 31;
  out[t] = lane < 16 ? s[(t >> 5) * 64 + lane * 4] : in[t];
}

// The value read is `in[t]` for every lane but thread 0's: it differs
// between lanes (data), however the shared arm's address is.
__global__ void mixedIndex(const int *in, int *out) {
  __shared__ int s[N];
  __shared__ int s2[N * 33];
  const int t = threadIdx.x;
  s[t] = in[t];
  for (int i = t; i < N * 33; i += N) s2[i] = in[i];
  __syncthreads();
  int k; if (t == 0) k = s[0]; else k = in[t];
  out[t] = s2[t * 32 + k];
}

// The other arm is a pointer kept in a local array, one of them into `s`:
// not known to be outside shared memory.
__global__ void table(const float *in, float *out, int k) {
  __shared__ float s[N * 32];
  const int t = threadIdx.x;
  for (int i = t; i < N * 32; i += N) s[i] = in[i];
  __syncthreads();
  const int l = t & 31;
  const float *q[4] = {&s[l * 32], in, out, in + 1};
  const float *p = l == 0 ? &s[0] : q[(k + t) & 3];
  out[t] = *p;
}

void launch(const float *in, float *out, const int *iin, int *iout) {
  predecessor<<<1, N>>>(in, out);
  oddLanes<<<1, N>>>(in, out);
  ternary<<<1, N>>>(in, out);
  mixedIndex<<<1, N>>>(iin, iout);
  table<<<1, N>>>(in, out, 0);
}
// Keys in alphabetical order.
// CHECK: "function": "predecessor",
// CHECK: "line": 17,
// CHECK: "status": "ok",
// CHECK: "degree": 16,
// CHECK: "function": "oddLanes",
// CHECK: "line": 26,
// CHECK: "reason": "lanes 1, 3, 5, 7, ..., 31 of warp 0 access bytes 0, 128, 256, 384, ..., 1920 of 's', all in bank 0",
// CHECK: "status": "conflict",
// CHECK: "degree": 2,
// CHECK: "function": "ternary",
// CHECK: "line": 36,
// CHECK: "status": "conflict",
// CHECK: "data_dependent": true,
// CHECK: "function": "mixedIndex",
// CHECK: "line": 49,
// CHECK: "status": "unknown",
// CHECK: "function": "table",
// CHECK: "line": 62,
// CHECK: "reason": "the pointer is into `s` or into memory that is not shared, chosen per lane at run time; ldslint does not model such a mixed access",
// CHECK: "status": "unknown",
// The first three kernels are decided.
// NONE-NOT: "status": "unknown"
// NONE: "function": "mixedIndex",
