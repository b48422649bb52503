// A launch through cudaLaunchKernelEx (cluster and programmatic launches):
// the block's extents are the configuration's `blockDim`, followed through
// its writes like a local's. Set whole or by part before the launch, the
// launch's shape is read (here 32x32: a 32-way column read); written only
// in a branch that may not run, or after its address goes to a function
// (or a lambda) that may change it, the shape is not taken from that launch.
// REQUIRES: cuda-sdk
// RUN: %ldslint --format=json --report=all %s -- -x cuda --cuda-path=%cuda_path > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json
#include <cuda_runtime.h>

template <int N> __global__ void columns(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][(threadIdx.y + N) % 32];
}

void whole(float *out) {
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32, 32);
  cudaLaunchKernelEx(&config, columns<1>, out);
}

void byPart(float *out) {
  cudaLaunchConfig_t config = {};
  config.blockDim.x = 32;
  config.blockDim.y = 1;
  cudaLaunchKernelExC(&config, (const void *)columns<2>, (void **)&out);
}

void maybe(float *out, bool wide) {
  cudaLaunchConfig_t config = {};
  config.blockDim = dim3(32, 1);
  if (wide)
    config.blockDim = dim3(32, 32);
  cudaLaunchKernelEx(&config, columns<3>, out);
}

void changeConfig(cudaLaunchConfig_t *config);

void byLambda(float *out, const float *hint) {
  cudaLaunchConfig_t config = {};
  config.blockDim = dim3(32, 1);
  auto transpose = [](cudaLaunchConfig_t *c, const float *) { c->blockDim = dim3(1, 32); };
  transpose(&config, hint); // an operator call: its object is argument 0
  cudaLaunchKernelEx(&config, columns<5>, out);
}

void escapes(float *out) {
  cudaLaunchConfig_t config = {};
  config.blockDim = dim3(32, 1);
  changeConfig(&config);
  cudaLaunchKernelEx(&config, columns<4>, out);
}
// CHECK: "block": [
// CHECK-NEXT: 32,
// CHECK-NEXT: 32,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block_source": "the launch at {{.*}}launch-config.cu:23:3",
// CHECK: "degree": 32,
// CHECK: "function": "columns<1>",
// CHECK: "line": 16,
// CHECK: "block": [
// CHECK-NEXT: 32,
// CHECK-NEXT: 1,
// CHECK-NEXT: 1
// CHECK-NEXT: ],
// CHECK-NEXT: "block_source": "the launch at {{.*}}launch-config.cu:30:3",
// CHECK: "function": "columns<2>",
// CHECK: "line": 16,
// CHECK: "function": "columns<3>",
// CHECK-NOT: "block_source": "the launch
// CHECK: "function": "columns<5>",
// CHECK-NOT: "block_source": "the launch
// CHECK: "function": "columns<4>",
// CHECK-NOT: "block_source": "the launch
