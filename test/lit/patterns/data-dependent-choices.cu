// Values ldslint does not follow but that are computed from data the
// program loads are marked data-dependent too (cudpp's merge and string
// sorts, multisplit): a position moved by comparisons with loaded keys, an
// index kept in a local array of loaded values, the result of a call on a
// loaded value, a float comparison of loaded values. A value computed only
// from thread indices and arguments is not.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json

__device__ int (*mapper)(int);

__global__ void choices(int *out, const int *in, const float *f, int n, int k) {
  __shared__ int keys[256];
  __shared__ float fkeys[256];
  const int t = threadIdx.x;
  keys[t] = in[t];
  fkeys[t] = f[t];
  __syncthreads();
  // A merge position: each step reads a key.
  int j = t;
  for (int bump = 64; bump > 0; bump >>= 1)
    j = keys[j & 255] < k ? j + bump : j - bump;
  out[t] = keys[j & 255];
  // Ranks kept in a local array indexed at run time.
  int rank[4];
  for (int i = 0; i < 4; ++i)
    rank[i] = in[t * 4 + i] & 255;
  out[t] += keys[rank[n & 3]];
  // A bucket from a call through a pointer.
  out[t] += keys[mapper(in[t]) & 255];
  // A float comparison of loaded values.
  out[t] += keys[fkeys[t] < fkeys[(t + 1) & 255] ? t : 255 - t];
  // Not data: a per-lane choice from the thread index, through a call.
  out[t] += keys[mapper(t) & 255];
}
void run(int *o, const int *i, const float *f) { choices<<<1, 256>>>(o, i, f, 3, 7); }

// Not data either: a value chosen by thread-index bits, where loaded data
// only guards a store inside one arm (it does not choose the value).
__global__ void guarded(int *out, const int *in) {
  __shared__ int s[1024];
  const int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int v;
  if (t & 1) {
    v = t * 3;
    if (in[t] > 0)
      out[t] = 1;
  } else if (t & 2) {
    v = t * 5;
  } else {
    v = t * 7;
    if (in[t + 1] > 0)
      out[t] = 2;
  }
  out[t] += s[v & 1023];
}
void runGuarded(int *o, const int *i) { guarded<<<1, 256>>>(o, i); }

// (A finding's "data_dependent" comes before its "line".)
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 22,
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 23,
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 28,
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 30,
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 32,
// CHECK: "data_dependent": false,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 34,
// (Decided with LLVM 15, whose pipeline keeps the branches.)
// CHECK-NOT: "data_dependent": true
// CHECK: "line": 57,
