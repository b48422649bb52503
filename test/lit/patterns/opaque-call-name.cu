// An address computed by a function whose body is not in the unit (defined
// in another file, linked with -fgpu-rdc): the reason names the function as
// the source does, scopes and template arguments included, not its mangled
// symbol; clang's own names for temporaries (`call`) never stand for a value.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=_Z --implicit-check-not='`call`'

namespace hashing {
__device__ int scramble(int x);
template <int Bits> __device__ unsigned fold(unsigned x);
}

__global__ void opaque(float *out) {
  __shared__ float s[1024];
  s[hashing::scramble(threadIdx.x) & 1023] = 1.0f;
  // CHECK: opaque-call-name.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value, which differs between lanes (it is the result of 'hashing::scramble')
  s[hashing::fold<10>(threadIdx.x) & 1023] = 2.0f;
  // CHECK: opaque-call-name.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value, which differs between lanes (it is the result of 'hashing::fold<10>')
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The call comes first in its kernel: clang names its result `call`, which
// is no source name (the message said "depends on `call`").
__global__ void first(float *out, int n) {
  __shared__ float s[1024];
  const int h = hashing::scramble(n);
  s[(h * threadIdx.x) & 1023] = 3.0f;
  // CHECK: opaque-call-name.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on a value, which differs between lanes (it is the result of 'hashing::scramble')
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
