// `while` loops whose last statement is the only change of a local counter
// are enumerated like the equivalent `for`; other while loops are walked once
// and what depends on their variables is `unknown` (silent by default).
// RUN: %clang_cuda_device %plugin -fplugin-arg-ldslint-report-all -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %clang_cuda_device %plugin -fno-caret-diagnostics %s 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=remark:

__global__ void halving(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  // CHECK: while-loops.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  __syncthreads();
  unsigned h = blockDim.x / 2;
  while (h > 0) {
    if (tid < h)
      s[2 * tid] += s[2 * tid + h];
    // CHECK: while-loops.cu:[[@LINE-1]]:21: warning: 2-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 1.58 wavefronts per warp instruction, ideal 1
    // CHECK: note: lanes 0, 16 of warp 0 access bytes 0, 128 of 's' (plus a uniform offset), all in bank 0 (at h = {{[0-9]+}})
    // CHECK: while-loops.cu:[[@LINE-3]]:7: warning: 2-way bank conflict reading shared array 's'
    // CHECK: while-loops.cu:[[@LINE-4]]:7: warning: 2-way bank conflict writing shared array 's'
    // QUIET-COUNT-3: while-loops.cu:[[@LINE-5]]:{{7|21}}: warning: 2-way bank conflict
    __syncthreads();
    h >>= 1;
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
  // CHECK: while-loops.cu:[[@LINE-1]]:23: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

__global__ void doubling(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  unsigned k = 1;
  while (k < blockDim.x) { // k = 1, 2, ..., 128: 1, 2, 4, 8, 8, 8, 4, 2-way
    s[(tid * k) % 256] = in[tid];
    // CHECK: while-loops.cu:[[@LINE-1]]:5: warning: 8-way bank conflict writing shared array 's' on sm_{{[0-9]+}}: 4.62 wavefronts per warp instruction, ideal 1
    // QUIET: while-loops.cu:[[@LINE-2]]:5: warning: 8-way bank conflict writing shared array 's'
    k *= 2;
  }
  out[tid] = s[tid];
  // CHECK: while-loops.cu:[[@LINE-1]]:14: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

// Not enumerated: `continue` skips the update, and `j` changes twice.
__global__ void irregular(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned tid = threadIdx.x;
  unsigned i = 1;
  while (i < 32) {
    s[tid * i] = in[tid];
    // CHECK: while-loops.cu:[[@LINE-1]]:5: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided
    if (in[i] > 0.f) {
      i += 2;
      continue;
    }
    ++i;
  }
  // `j` changes twice in this loop; in the device IR it starts at 4 or 5
  // per lane and doubles, and in the third iteration the 16 even lanes read words 0, 16 * 2, ... (j = 16):
  // all in bank 0.
  unsigned j = 4;
  j += tid % 2;
  while (j < 32) {
    out[tid] = s[tid * j];
    // CHECK: while-loops.cu:[[@LINE-1]]:16: warning: 16-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
    // QUIET: while-loops.cu:[[@LINE-2]]:16: warning: 16-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
    j *= 2;
  }
}

// `i` is declared outside the enclosing loop, so the while loop does not
// restart from its initializer; `c` is declared inside the body. In the device IR, `i` is a variable of
// both loops (the outer loop carries the inner loop's exit value), and `c`
// is 0. For k = 0 the 32 lanes write column 0 of rows 0..31: one bank.
__global__ void outer_counter(float *out, const int *flag) {
  __shared__ float t[64][32];
  unsigned i = threadIdx.x;
  for (int k = 0; k < 2; ++k) {
    while (i < 64) {
      t[i][k * 16] = 0.f;
      // CHECK: while-loops.cu:[[@LINE-1]]:7: warning: 32-way bank conflict writing shared array 't' on sm_{{[0-9]+}}
      // QUIET: while-loops.cu:[[@LINE-2]]:7: warning: 32-way bank conflict writing shared array 't' on sm_{{[0-9]+}}
      // CHECK: note: pad the innermost dimension of 't' from 32 to 33 elements (+256 bytes)
      i += 32;
    }
  }
  while (flag[0] < 3) {
    int c = 0;
    t[threadIdx.x * c][0] = 1.f;
    // The device IR knows `c` is 0 here: every lane writes one word.
    // CHECK: while-loops.cu:[[@LINE-2]]:5: remark: writing shared array 't' on sm_{{[0-9]+}}: no bank conflict
    c += 1;
  }
}

void launch(float *o, const float *i) {
  halving<<<1, 256>>>(o, i);
  doubling<<<1, 256>>>(o, i);
  irregular<<<1, 32>>>(o, i);
  outer_counter<<<1, 32>>>(o, (const int *)i);
}
