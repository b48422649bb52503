// Loops whose bound is a kernel argument and whose variable halves or
// doubles (bitonic sorts: NVIDIA's sortingNetworks, ggml's argsort, HIP's
// bitonic sort): the variable takes few values whatever the bound is, and
// the access is evaluated for each of them. It is decided only when every
// value gives the same answer (measured: test/hardware/explore/idioms13.cu).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: not %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>/dev/null | FileCheck %s --check-prefix=JSON

__global__ void bitonic(float *d, int n) {
  __shared__ float s[512];
  const int t = threadIdx.x;
  s[t] = d[t];
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      __syncthreads();
      const int ixj = t ^ j;
      if (ixj > t) {
        const float b = s[ixj];
        // CHECK: halving-loops.cu:[[@LINE-1]]:25: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
        // CHECK: note: block shape 512x1x1
        // CHECK-NEXT: note: the result holds for every value `j` can take (it changes in the loop at line [[@LINE-7]], whose bounds are not known)
        s[t] = b;
      }
    }
}

__global__ void stride2(float *d, int n) {
  __shared__ float s[2048];
  const int t = threadIdx.x;
  float acc = 0;
  for (int k = 2; k <= n; k <<= 1)
    for (int j = k >> 1; j > 0; j >>= 1) {
      acc += s[2 * (t ^ j)];
      // CHECK: halving-loops.cu:[[@LINE-1]]:14: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 2 wavefronts per warp instruction
      // CHECK: note: the result holds for every value `j` can take
      const int ixj = t ^ j;
      if (ixj > t)
        acc += s[2 * ixj + 1];
      // CHECK: halving-loops.cu:[[@LINE-1]]:16: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: up to 2-way depending on `j` (it changes in the loop at line [[@LINE-7]], whose bounds are not known); conflict-free for some of its values
    }
  d[t] = acc;
}

// A scan's tree offset doubles beside a loop variable that halves from the
// kernel argument: its residues already give the condition. Every residue
// conflicts, so it is a conflict whose degree depends on `offset`.
__global__ void scan(float *d, int size) {
  __shared__ float block[512];
  const int t = threadIdx.x;
  int offset = 1;
  for (int active = size >> 1; active > 0; active >>= 1) {
    __syncthreads();
    if (t < active)
      block[offset * (2 * t + 2) - 1] += 1.0f;
    // CHECK: halving-loops.cu:[[@LINE-1]]:7: warning: 2- to 32-way bank conflict reading shared array 'block' on sm_{{[0-9]+}}: up to 32 wavefronts per warp instruction, ideal 1
    // The example is taken at a small value of the worst residue.
    // CHECK: note: lanes 0, 1, 2, 3, ..., 31 of warp 0 access bytes -4, 124, 252, 380, ..., 3964 of 'block' (plus a uniform offset), all in bank 31 (at `offset` = 16)
    // CHECK: note: the degree depends on `offset`: 32-way when `offset` % 16 == 0, at least 2-way for every value; the mean is not known
    offset <<= 1;
  }
  d[t] = block[t];
}

void launch(float *d, int n) {
  bitonic<<<1, 512>>>(d, n);
  stride2<<<1, 512>>>(d, n);
  scan<<<1, 256>>>(d, n);
}

// A conflict whose degree depends on a value: the worst degree, the least
// one, and no mean.
// JSON: "degree": 32,
// JSON: "function": "scan",
// JSON-NEXT: "ideal_wavefronts_per_instruction": null,
// JSON-NEXT: "least_degree": 2,
// JSON: "status": "conflict",
// JSON-NEXT: "wavefronts_per_instruction": null,
