// A GEMM's fragment loads (sgemm-practice's kernels 3-5): `As[(ty + j) * 8
// + i]` in `for (i < 8) for (j < 8)`, both unrolled. Consecutive `i` are
// 4 bytes apart across the inner loop, and ptxas fuses them into LDS.128
// (measured on the H200, test/hardware/real-code). Which instructions run
// is not a rule yet: only what every form shares is claimed.
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:

template <int TM>
__global__ void fragments(float *out, const float *a) {
  __shared__ float As[128 * 8];
  for (int k = threadIdx.x; k < 128 * 8; k += blockDim.x)
    As[k] = a[k];
  __syncthreads();
  // Two rows of 8 per warp, 64 words apart: 2-way as 4-byte loads, no
  // conflict as LDS.128.
  const int ty = (threadIdx.x / 16) * TM;
  float frag[TM] = {0.f}, acc = 0.f;
#pragma unroll
  for (int i = 0; i < 8; i++) {
#pragma unroll
    for (int j = 0; j < TM; j++)
      frag[j] = As[(ty + j) * 8 + i];
    // CHECK: outer-fusion.cu:[[@LINE-1]]:17: remark: reading shared array 'As' on sm_{{[0-9]+}}: bank conflicts not decided: ptxas may fuse the accesses of consecutive iterations of 'i' into wider ones (across the unrolled loops inside it: measured on a GEMM (LDS.128), not a rule yet); as written (4-byte): 2-way; {{.*}}as LDS.128: no conflict
#pragma unroll
    for (int j = 0; j < TM; j++)
      acc += frag[j];
  }
  out[threadIdx.x] = acc;
}

// One row per warp: a broadcast in every form, no conflict (the wavefront
// count differs: 1 per LDS, 2 per LDS.128, so none is given).
__global__ void broadcast(float *out, const float *a) {
  __shared__ float As[64 * 8];
  for (int k = threadIdx.x; k < 64 * 8; k += blockDim.x)
    As[k] = a[k];
  __syncthreads();
  const int ty = (threadIdx.x / 64) * 8;
  float acc = 0.f;
#pragma unroll
  for (int i = 0; i < 8; i++)
#pragma unroll
    for (int j = 0; j < 8; j++)
      acc += As[(ty + j) * 8 + i];
  // CHECK: outer-fusion.cu:[[@LINE-1]]:14: remark: reading shared array 'As' on sm_{{[0-9]+}}: no bank conflict [ldslint]
  out[threadIdx.x] = acc;
}

void run(float *o, const float *a) {
  fragments<8><<<1, 256>>>(o, a);
  broadcast<<<1, 512>>>(o, a);
}
