// A copy into bytes of shared memory from a 16-byte vector (`memcpy(buf +
// pad + 16 * t, &in[t], 16)`) is a copy of bytes: the destination is only
// as aligned as `buf + pad`, whatever the source's alignment. A copy of a
// float4 value (`*(float4 *)&s[4 * t] = v`) is one 16-byte store, as nvcc
// trusts the type (measured: test/hardware/idioms/vector_copies.cu).
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json
__global__ void bytes(const float4 *in, char *out, int pad) {
  __shared__ char buffer[16 + 16 * 1024];
  __builtin_memcpy(buffer + pad + 16 * threadIdx.x, &in[threadIdx.x], 16);
  __syncthreads();
  out[threadIdx.x] = buffer[threadIdx.x];
}
// CHECK: "function": "bytes",
// CHECK: "line": 10,
// CHECK: "width": 1

__global__ void vectors(const float4 *in, float *out) {
  __shared__ float s[4 * 1024];
  *reinterpret_cast<float4 *>(&s[4 * threadIdx.x]) = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// CHECK: "function": "vectors",
// CHECK: "line": 20,
// CHECK: "width": 16

void launch(const float4 *in, char *c, float *f, int pad) {
  bytes<<<1, 32>>>(in, c, pad);
  vectors<<<1, 32>>>(in, f);
}
