// CUB's BlockRadixRank: each key's digit comes from inline assembly
// (`bfe.u32`), and the counter's address is kept in a local array of
// pointers that a later loop reads back. Both the digit's accesses and
// the pointer read back are data-dependent (the key is loaded from
// memory); an address converted to an integer from a kernel argument is
// the same for every lane, and a shift the same for every lane leaves the
// consecutive words of `s[pad + t]` conflict-free.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json
__device__ unsigned digitOf(unsigned key) {
  unsigned bits;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(bits) : "r"(key), "r"(0u), "r"(3u));
  return bits;
}

__global__ void rank(const unsigned *keys, int *ranks, int k) {
  __shared__ unsigned short counters[4][128][2];
  unsigned short prefix[4];
  unsigned short *ptr[4];
  for (int i = 0; i < 4; ++i) {
    const unsigned digit = digitOf(keys[threadIdx.x * 4 + i]);
    ptr[i] = &counters[digit & 3][threadIdx.x][digit >> 2];
    prefix[i] = *ptr[i];
  }
  __syncthreads();
  for (int i = 0; i < k; ++i)
    ranks[threadIdx.x * 4 + i] = prefix[i & 3] + *ptr[i & 3];
}

__global__ void shifted(const float *in, float *out) {
  __shared__ float s[260];
  const int pad = (int)(((unsigned long long)in >> 2) % 3);
  s[pad + threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(const unsigned *keys, int *ranks, const float *in, float *out) {
  rank<<<1, 128>>>(keys, ranks, 4);
  shifted<<<1, 256>>>(in, out);
}
// Keys in alphabetical order: each finding's data_dependent comes before
// its line.
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 23,
// CHECK: "reason": "the address depends on a value, which differs between lanes (it is the result of inline assembly)",
// CHECK: "data_dependent": true,
// CHECK-NOT: "data_dependent"
// CHECK: "line": 27,
// CHECK: "reason": "the pointer is taken from a local array of pointers at run time",
// CHECK: "function": "shifted",
// CHECK: "line": 33,
// CHECK: "reason": "",
// CHECK: "status": "ok",
