// Rows of 132 floats keep adjacent 4-byte stores 8-byte aligned for every
// thread: the compiler may merge them into STS.64, which groups lanes
// differently, so nothing is claimed (unknown); compare
// unmergeable-pairs.cu. LLVM 15's device IR spells the two addresses
// differently and finds no merge group there, so this runs with LLVM 22.
// REQUIRES: llvm-22
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void even_rows(float *out, const float *in) {
  __shared__ float s[4 * 132];
  const int t = threadIdx.x, r = t / 32, c = t % 32;
  const float v = in[t];
  s[r * 132 + c * 4 + 0] = v;
  s[r * 132 + c * 4 + 1] = v;
  // CHECK: mergeable-pairs.cu:[[@LINE-2]]:3: remark: writing shared array 's' on {{.*}}: bank conflicts not decided: the compiler may merge this access
  __syncthreads();
  out[t] = s[t];
}

void launch(float *o, const float *i) { even_rows<<<1, 128>>>(o, i); }
