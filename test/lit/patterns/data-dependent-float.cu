// A bin index computed with floating point from loaded data (a histogram
// of `in[t] * 255.0f`, rocPRIM's `storage.start[(unsigned)input[0]]`) is
// data-dependent; one computed with floating point from the thread index
// alone is not (ldslint does not evaluate floating point: unknown).
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json
__global__ void hist(const float *in, int *out) {
  __shared__ int h[256];
  h[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&h[(int)(in[threadIdx.x] * 255.0f) & 255], 1);
  atomicAdd(&h[(int)(threadIdx.x * 0.5f) & 255], 1);
  __syncthreads();
  out[threadIdx.x] = h[threadIdx.x];
}
void go(const float *in, int *out) { hist<<<1, 256>>>(in, out); }
// Keys in alphabetical order: each finding's data_dependent comes before
// its line.
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 11,
// CHECK: "reason": "the address depends on {{.*}} (it is computed with floating point)",
// CHECK: "data_dependent": false,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 12,
// CHECK: "reason": "the address depends on {{.*}} (it is computed with floating point)",
