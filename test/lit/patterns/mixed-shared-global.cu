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

void launch(const float *in, float *out) {
  predecessor<<<1, N>>>(in, out);
  oddLanes<<<1, N>>>(in, out);
  ternary<<<1, N>>>(in, out);
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
// NONE-NOT: "status": "unknown"
