// Adjacent 4-byte stores become one STS.64/128 only where the lower address
// is aligned for every thread. Rows of 133 floats (a hand pad of 5, as in
// the SGEMM tutorial's `BN + extraCols`): warp r writes s[r * 133 + c * 4 + k],
// whose address is 0 mod 8 in even warps and 4 mod 8 in odd ones, so no
// wider instruction exists and each store is costed as written: 4-way, as
// the H200 measures for that kernel (docs/results/one-dimensional-fixes-gpu.md).
// Rows of 132 floats keep the pairs aligned: mergeable-pairs.cu.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=IR

__global__ void odd_rows(float *out, const float *in) {
  __shared__ float s[4 * 133];
  const int t = threadIdx.x, r = t / 32, c = t % 32;
  const float v = in[t];
  s[r * 133 + c * 4 + 0] = v;
  s[r * 133 + c * 4 + 1] = v;
  s[r * 133 + c * 4 + 2] = v;
  s[r * 133 + c * 4 + 3] = v;
  // CHECK: unmergeable-pairs.cu:[[@LINE-4]]:3: warning: 4-way bank conflict writing shared array 's'
  // CHECK: note: not merged with the access at line [[@LINE-4]], column 3: the lower address is 0 and 4 modulo 8 for different threads of the 128x1x1 block, so no 8-byte instruction can serve both
  // CHECK: unmergeable-pairs.cu:[[@LINE-5]]:3: warning: 4-way bank conflict writing shared array 's'
  // CHECK: unmergeable-pairs.cu:[[@LINE-5]]:3: warning: 4-way bank conflict writing shared array 's'
  // CHECK: unmergeable-pairs.cu:[[@LINE-5]]:3: warning: 4-way bank conflict writing shared array 's'
  // IR: unmergeable-pairs.cu:[[@LINE-9]]:{{[0-9]+}}: warning: 4-way bank conflict writing shared array 's'
  // IR: note: not merged with the access at line
  __syncthreads();
  out[t] = s[t];
}

void launch(float *o, const float *i) {
  odd_rows<<<1, 128>>>(o, i);
}
