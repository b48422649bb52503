// Rows of 132 floats keep adjacent 4-byte stores 8-byte aligned for every
// thread: ptxas merges them into one STS.64 (measured on the H200:
// test/hardware/explore/pairs.cu, pair_store_rows132), which groups lanes
// by half-warps: 2-way, 4 wavefronts for an ideal 2. Compare
// unmergeable-pairs.cu (rows of 133 floats: no 8-byte instruction exists).
// With relocatable device code ptxas merges nothing in a static array
// (measured), and the stores run as written. LLVM 15's device IR spells the
// two addresses differently and finds no merge group there, so this runs
// with LLVM 22.
// REQUIRES: llvm-22
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=RDC

__global__ void even_rows(float *out, const float *in) {
  __shared__ float s[4 * 132];
  const int t = threadIdx.x, r = t / 32, c = t % 32;
  const float v = in[t];
  s[r * 132 + c * 4 + 0] = v;
  s[r * 132 + c * 4 + 1] = v;
  // CHECK: mergeable-pairs.cu:[[@LINE-2]]:3: warning: 2-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 4 wavefronts per warp instruction, ideal 2
  // CHECK: note: ptxas merges this access with the one at line [[@LINE-2]], column 3 into one 8-byte STS.64 (the lowest address is 8-byte aligned for every thread; measured on the H200)
  // RDC: mergeable-pairs.cu:[[@LINE-4]]:3: warning: 4-way bank conflict writing shared array 's' on sm_{{[0-9]+}}
  // RDC: note: not merged with the one at line [[@LINE-4]], column 3: with relocatable device code (-fgpu-rdc, nvcc -rdc=true) ptxas merges no accesses of a static shared array (measured on the H200)
  __syncthreads();
  out[t] = s[t];
}

void launch(float *o, const float *i) { even_rows<<<1, 128>>>(o, i); }
