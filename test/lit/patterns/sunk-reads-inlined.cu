// A helper's binary search over a codebook that the kernel keeps in shared
// memory (HeCBench's quantBnB): the read before the loop and the one at
// the end of its body become one read in the body once the helper is
// inlined (instcombine). That read runs; both lines take its answer (data:
// the search follows the input), neither is a read the compiler drops.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json --implicit-check-not="drops this read"
template <int X>
__device__ unsigned char quantize(const float *code, float x) {
  int pivot = 127;
  float val = code[pivot];
  for (int i = 64; i > 0; i >>= 1) {
    if (x > val)
      pivot += i;
    else
      pivot -= i;
    val = code[pivot];
  }
  return (unsigned char)pivot;
}

__global__ void encode(const float *in, const float *codes, unsigned char *out) {
  __shared__ float code[256];
  code[threadIdx.x] = codes[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = quantize<0>(code, in[threadIdx.x]);
}

void launch(const float *a, const float *c, unsigned char *o) { encode<<<1, 256>>>(a, c, o); }
// CHECK: "data_dependent": true,
// CHECK: "line": 11,
// CHECK: "status": "unknown",
// CHECK: "data_dependent": true,
// CHECK: "line": 17,
// CHECK: "status": "unknown",
