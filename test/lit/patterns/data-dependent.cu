// Addresses that depend on data the program reads from memory: no static
// analysis decides them. The reason names the value, and the JSON finding
// says `"data_dependent": true`; other unknowns say false.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

// The position a binary search over shared keys ends at (a merge path's
// split, HeCBench segsort's find_kth3): its steps read the keys.
__device__ int splitAt(const int *a, int n, int diag) {
  int begin = 0, end = n;
  while (begin < end) {
    int mid = (begin + end) >> 1;
    if (a[mid] <= diag)
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

__global__ void dataKernel(int *out, const int *idx, int n) {
  __shared__ int keys[256];
  __shared__ int vals[256];
  __shared__ unsigned count;
  keys[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  const int at = splitAt(keys, 128, threadIdx.x);
  out[threadIdx.x] = vals[at];
  // CHECK: data-dependent.cu:[[@LINE-1]]:22: remark: reading shared array 'vals' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `begin`, which differs between lanes (its value after the loop at line 12, which ldslint does not follow past the loop, and depends on `keys[...]`, loaded from memory)
  // An index read from a buffer.
  vals[idx[threadIdx.x] & 255] = 1;
  // CHECK: data-dependent.cu:[[@LINE-1]]:3: remark: writing shared array 'vals' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `idx[...]`, which differs between lanes (it is loaded from memory at a per-lane address: data-dependent)
  // A slot handed out by an atomic counter.
  const unsigned slot = atomicAdd(&count, 1u);
  vals[slot & 255] = 2;
  // CHECK: data-dependent.cu:[[@LINE-1]]:3: remark: writing shared array 'vals' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on the value `atomicAdd` returns, which differs between lanes (the atomic operation read it from memory: data-dependent)
  // Not data: a stride that is a kernel argument.
  vals[(threadIdx.x * n) & 255] = 3;
  // CHECK: data-dependent.cu:[[@LINE-1]]:3: remark: writing shared array 'vals' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `n` (it is a kernel argument) through a non-linear operation
}

// A member of a struct the kernel takes by value is a kernel argument, not
// data (NVPTX passes the struct in memory: a byval argument).
struct Params { int stride; };
__global__ void byValue(int *out, Params p) {
  __shared__ int t[256];
  t[(threadIdx.x * p.stride) & 255] = 1;
  // CHECK: data-dependent.cu:[[@LINE-1]]:3: remark: writing shared array 't' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `p{{[^`]*}}` (it is a kernel argument) through a non-linear operation
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

// A loop bounded by data: each value of its counter is still plain
// arithmetic (here up to 32-way, by the value of k); only how many there are
// depends on the data.
__global__ void dataBound(int *out, const int *cnt) {
  __shared__ int u[8192];
  for (int k = 1; k < cnt[0]; k <<= 1)
    u[(threadIdx.x * k) & 8191] = 1;
  // CHECK: data-dependent.cu:[[@LINE-1]]:5: remark: writing shared array 'u' on sm_{{[0-9]+}}: bank conflicts not decided: up to 32-way depending on `k` (it changes in the loop at line 59, whose bounds are not known); conflict-free for some of its values
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x];
}

// The JSON object's keys are in alphabetical order: each finding's
// data_dependent comes before its line.
// JSON: "line": 26
// JSON: "data_dependent": true
// JSON-NOT: "data_dependent"
// JSON: "line": 14
// JSON: "data_dependent": true
// JSON-NOT: "data_dependent"
// JSON: "line": 29
// JSON: "data_dependent": true
// JSON-NOT: "data_dependent"
// JSON: "line": 32
// JSON-NOT: "data_dependent"
// JSON: "line": 35
// JSON: "data_dependent": true
// JSON-NOT: "data_dependent"
// JSON: "line": 36
// JSON: "data_dependent": false
// JSON-NOT: "data_dependent"
// JSON: "line": 39
// JSON: "data_dependent": false
// JSON-NOT: "data_dependent"
// JSON: "line": 48
// JSON: "data_dependent": false
// JSON-NOT: "data_dependent"
// JSON: "line": 60
