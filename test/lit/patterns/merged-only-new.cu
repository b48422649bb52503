// A merged access the load/store vectorizer made stands for the accesses it
// replaced, and is reported at theirs. An access that was there before is
// none of those, even when it covers their bytes: `block0[i] = input[j]`
// (one 4-byte copy) stays at its line, and the four 1-byte stores of the
// `^=` after it, which the vectorizer does merge, are reported at theirs
// (HeCBench's aes; the copy used to be reported at the operator's line, and
// its own line had no answer).
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

struct alignas(4) bytes4 { unsigned char x, y, z, w; };

__device__ inline bytes4 operator^(bytes4 a, bytes4 b) {
  return {static_cast<unsigned char>(a.x ^ b.x), static_cast<unsigned char>(a.y ^ b.y),
          static_cast<unsigned char>(a.z ^ b.z), static_cast<unsigned char>(a.w ^ b.w)};
}

__device__ inline void operator^=(bytes4 &a, const bytes4 b) { a = a ^ b; }
// CHECK-DAG: merged-only-new.cu:[[@LINE-1]]:64: remark: writing shared array 'block0' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)

__global__ void encrypt(bytes4 *out, const bytes4 *input, const bytes4 *roundKey) {
  __shared__ bytes4 block0[4];
  const unsigned int i = threadIdx.y;
  block0[i] = input[threadIdx.y + blockIdx.x * 4];
  // CHECK-DAG: merged-only-new.cu:[[@LINE-1]]:3: remark: writing shared array 'block0' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  block0[i] ^= roundKey[i];
  out[threadIdx.y] = block0[i];
}

void launch(bytes4 *o, const bytes4 *i, const bytes4 *k) { encrypt<<<1, dim3(1, 4)>>>(o, i, k); }
