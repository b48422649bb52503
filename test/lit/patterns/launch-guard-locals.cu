// A block size held in a local that is set once from a run-time value and
// then dispatched on (`const int K = x.size(1); dim3 block(K); switch (K)
// { case 64: k<64><<<grid, block>>>(...); ... }`, LeetCUDA's PyTorch
// bindings): inside `case 64` the block is 64 wide, as for a parameter.
// RUN: %ldslint --format=json %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json
struct Tensor {
  long size(long) const; // a run-time value
};

template <int K> __global__ void rows(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x * 2 % K] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

#define LAUNCH(K) rows<(K)><<<grid, block>>>(out);

void dispatch(Tensor x, float *out) {
  const int N = x.size(0);
  const int K = x.size(1);
  dim3 block((K));
  dim3 grid((N));
  switch ((K)) {
  case 64:
    LAUNCH(64)
    break;
  case 128:
    LAUNCH(128)
    break;
  default:
    break;
  }
}
// CHECK: "block_source": "the launch at {{.*}}launch-guard-locals.cu:27:5 (where K == 64)",
// CHECK: "degree": 2,
// CHECK: "function": "rows<64>",
// CHECK: "block_source": "the launch at {{.*}}launch-guard-locals.cu:30:5 (where K == 128)",
// CHECK: "degree": 2,
// CHECK: "function": "rows<128>",

__global__ void flat(float *out) {
  __shared__ float t[1024];
  t[threadIdx.x * 32 % 1024] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

void guarded(Tensor x, float *out) {
  int n = x.size(0);
  if (n == 16)
    flat<<<1, n>>>(out);
}
// CHECK: "block_source": "the launch at {{.*}}launch-guard-locals.cu:53:5 (where n == 16)",
// CHECK: "degree": 16,
// CHECK: "function": "flat",

// A `goto` can reach the launch without the test: nothing is bound.
__global__ void jumpedTo(float *out) {
  __shared__ float u[1024];
  u[threadIdx.x * 32 % 1024] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x];
}

bool skipTest();

void jumped(Tensor x, float *out) {
  int n = x.size(0);
  if (skipTest())
    goto launch;
  if (n == 16) {
  launch:
    jumpedTo<<<1, n>>>(out);
  }
}
// CHECK: "block_source": "default",
// CHECK: "function": "jumpedTo",
