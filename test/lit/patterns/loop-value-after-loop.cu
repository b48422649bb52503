// A value a loop leaves behind, read after the loop (CuTe's predicate
// tensors, filled in one loop and tested in another; rocPRIM's ranks): it
// is not stepped where it is read, so it is an unknown, the same in every
// lane when its loop's values are. A test of it then decides nothing about
// banks; an address made of it is `unknown` and names it. (This used to be
// "division by zero or an out-of-range shift".)
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void afterLoop(float *out, int n) {
  __shared__ float s[64];
  int k = 0;
  for (; k < n; ++k)
    out[k] = 0;
  if (k < 4)
    s[threadIdx.x] = 1;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  int j = 0;
  for (; j < threadIdx.x; ++j)
    out[j] = 0;
  s[j] = 2;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `j`, which differs between lanes (its value after the loop at line 18, which ldslint does not follow past the loop)
  // A loop each lane can leave early ends with a value of that lane's.
  int m = 0;
  for (; m < n; ++m)
    if (out[threadIdx.x * n + m] > 0)
      break;
  s[m] = 3;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `m`, which differs between lanes
  // A companion of a uniform loop (a scan's doubling tree offset) ends the
  // same in every lane, though its loop's own variables read each other.
  int off = 1;
  for (int a = n >> 1; a > 0; a >>= 1)
    off <<= 1;
  s[(threadIdx.x + off) % 64] = 4;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // It ends with one of the values its step reaches from 1 (a power of
  // two, or 0 past the wrap), each of which gives a permutation here.
  s[(threadIdx.x ^ off) & 63] = 5;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
  // CHECK: note: the result holds for every value `off` can take (its value after the loop at line [[@LINE-8]], which ldslint does not follow past the loop)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A loop of constant bounds is stepped to its end: `q` is 32 after it, so
// the stride is 32 words (a 32-way conflict, not an unknown).
__global__ void constantLoop(float *out) {
  __shared__ float w[1024];
  int q = 1;
  for (int b = 0; b < 5; ++b)
    q <<= 1;
  w[threadIdx.x * q] = 1;
  // CHECK: loop-value-after-loop.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'w' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 1
  __syncthreads();
  out[threadIdx.x] = w[threadIdx.x];
}

void launch(float *o, int n) {
  afterLoop<<<1, 32>>>(o, n);
  constantLoop<<<1, 32>>>(o);
}
