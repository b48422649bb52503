// Reads of one array in both branches of an `if` inside a loop (cudpp's
// compress_kernel: `sdata[...]` chosen by `tid1 % 2`): instcombine merges
// them into one read of a phi of the indices, sunk into the loop's latch.
// Both lines get the merged read's answer, not "dropped, not used" and a
// finding at line 0. nvcc merges them too (test/hardware/explore/merged24.cu:
// one LDS.U8, 2 wavefronts per instruction, ideal 1, measured on the H200).
// (LLVM 15 merges these reads in another order, which is not matched yet.)
// REQUIRES: llvm-22
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="drops this read" --implicit-check-not=":0:"

__global__ void halves(unsigned char *out, unsigned n) {
  __shared__ unsigned char sdata[16 * 264];
  sdata[threadIdx.x] = threadIdx.x;
  __syncthreads();
  const unsigned t = threadIdx.x;
  unsigned char v, acc = 0;
  for (unsigned i = 0; i < n; i++) {
    if (t % 2 == 0)
      v = sdata[264 * (t / 2) + i];
    // CHECK: sunk-reads-in-loops.cu:[[@LINE-1]]:11: warning: 2-way bank conflict reading shared array 'sdata'
    // CHECK: note: lanes 0, 31 of warp 0 access bytes 0, 3968 of 'sdata', all in bank 0 (at i = 0)
    else
      v = sdata[(t + 1) / 2 * 264 - 256 + i];
    // CHECK: sunk-reads-in-loops.cu:[[@LINE-1]]:11: warning: 2-way bank conflict reading shared array 'sdata'
    acc += v / 32;
  }
  out[t] = acc;
}
void run(unsigned char *o) { halves<<<1, 32>>>(o, 8); }
