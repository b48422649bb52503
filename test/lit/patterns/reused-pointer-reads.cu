// A pointer kept in shared memory (Parboil's cutcp: `__shared__ float
// *myRegionAddr`) is read once for several stores through it: instcombine
// reads it as an integer and converts it (`inttoptr (load i64 @p)`), and
// every later read of the source gets that one read's answer, not nothing.
// (LLVM 15 keeps some of the reads: each line has an answer either way.)
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void store4(float *base, float a, float b, float c, float d) {
  __shared__ float *p;
  const int tid = threadIdx.x;
  if (tid == 0)
    p = base + blockIdx.x * 64;
  __syncthreads();
  p[(tid >> 4) * 64 + (tid & 15)] = a;
  // CHECK: reused-pointer-reads.cu:[[@LINE-1]]:3: remark: reading shared array 'p' on sm_{{[0-9]+}}: no bank conflict (2 wavefronts per warp instruction)
  p[(tid >> 4) * 64 + (tid & 15) + 16] = b;
  // CHECK: reused-pointer-reads.cu:[[@LINE-1]]:3: remark: reading shared array 'p' on sm_{{[0-9]+}}: no bank conflict ({{2 wavefronts per warp instruction|no shared-memory instruction of its own: the compiler reuses the value read at line [0-9]+}})
  p[(tid >> 4) * 64 + (tid & 15) + 32] = c;
  // CHECK: reused-pointer-reads.cu:[[@LINE-1]]:3: remark: reading shared array 'p' on sm_{{[0-9]+}}: no bank conflict ({{2 wavefronts per warp instruction|no shared-memory instruction of its own: the compiler reuses the value read at line [0-9]+}})
  p[(tid >> 4) * 64 + (tid & 15) + 48] = d;
  // CHECK: reused-pointer-reads.cu:[[@LINE-1]]:3: remark: reading shared array 'p' on sm_{{[0-9]+}}: no bank conflict ({{2 wavefronts per warp instruction|no shared-memory instruction of its own: the compiler reuses the value read at line [0-9]+}})
}
void run(float *b) { store4<<<1, 64>>>(b, 1, 2, 3, 4); }
