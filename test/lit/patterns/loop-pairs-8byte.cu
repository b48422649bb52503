// 8-byte reads of consecutive iterations of an unrolled loop: ptxas may
// emit them as written or as LDS.128 pairs (HeCBench's bitpermute reads
// `xchg[gid][rev][i]` of 8-byte elements as pairs, measured on the H200:
// 32 wavefronts per LDS.128, ideal 4). Only what both forms share is
// claimed: the milder degree, without wavefront counts; where one form
// has no conflict, the finding is not decided.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void rows(double *out) {
  extern __shared__ double d[];
  double (*x)[32] = reinterpret_cast<double (*)[32]>(d);
  double acc = 0;
#pragma unroll
  for (int i = 0; i < 32; i++)
    acc += x[threadIdx.x][i];
  // CHECK: loop-pairs-8byte.cu:[[@LINE-1]]:12: warning: 8-way bank conflict reading shared array 'd'
  // CHECK: note: ptxas may fuse the accesses of consecutive iterations of 'i' into wider ones (8-byte accesses: pairs measured once, not a rule); as written (8-byte): 16-way; as LDS.128 pairs: 8-way
  out[threadIdx.x] = acc;
}

__global__ void diagonal(double *out) {
  extern __shared__ double d[];
  double (*x)[33] = reinterpret_cast<double (*)[33]>(d);
  double acc = 0;
  // Rows of 33 doubles: pairs are not 16-byte aligned for every lane, so
  // the reads run as written.
#pragma unroll
  for (int i = 0; i < 32; i++)
    acc += x[threadIdx.x][i];
  // CHECK: loop-pairs-8byte.cu:[[@LINE-1]]:12: remark: reading shared array 'd' on sm_{{[0-9]+}}: no bank conflict
  out[threadIdx.x] = acc;
}

void launch(double *o) {
  rows<<<1, 32, 32 * 32 * 8>>>(o);
  diagonal<<<1, 32, 32 * 33 * 8>>>(o);
}
