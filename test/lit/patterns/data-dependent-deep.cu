// A table lookup whose index is computed from loaded data through hundreds
// of operations (ccminer's hash rounds: `shared[1][__byte_perm(state[6].x,
// 0, 0x44440)]`, the state many xors of earlier lookups) is data-dependent:
// the walk back to the loads is not cut short after 256 values.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json
#define ROUND s = (s ^ (s << 3) ^ (s >> 5)) + 0x9e3779b9u;
#define ROUND10 ROUND ROUND ROUND ROUND ROUND ROUND ROUND ROUND ROUND ROUND
__device__ unsigned mix(const unsigned *in) {
  unsigned s = in[threadIdx.x];
  ROUND10 ROUND10 ROUND10 ROUND10 ROUND10 ROUND10 ROUND10 ROUND10
  return s;
}
__device__ unsigned opaque(unsigned); // not followed, as __nv_byte_perm

__global__ void hashed(const unsigned *in, unsigned *out) {
  __shared__ unsigned table[256];
  table[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = table[opaque(mix(in)) & 255];
}
void launch(const unsigned *in, unsigned *out) { hashed<<<1, 256>>>(in, out); }
// CHECK: "data_dependent": true,
// CHECK: "line": 20,
// CHECK: "status": "unknown"
