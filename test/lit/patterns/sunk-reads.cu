// `if (c) n = north[y][x] - j; else if (...) n = temp[y - 1][x] - j; ...`:
// instcombine (as in clang's -O2 pipeline) replaces the reads of the
// branches by one read after them, of the address each lane's branch chose
// (a phi of the pointers; one address where the branches read the same
// one: `s`). That read is what runs: every branch's line gets its answer, saying
// why, instead of one finding at line 0 and "dropped, not used" at the
// branches (Rodinia's srad).
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: not %ldslint --report=all --format=json %s -- %stubargs --cuda-gpu-arch=%cuda_arch | FileCheck %s --check-prefix=JSON
// JSON-NOT: "line": 0,
// CHECK-NOT: drops this read

__global__ void edges(float *out, const float *in) {
  __shared__ float north[16][16], temp[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  temp[ty][tx] = in[ty * 16 + tx];
  north[ty][tx] = in[256 + ty * 16 + tx];
  __syncthreads();
  const float j = temp[ty][tx];
  float n, s;
  // `n`: different arrays per lane, not decided, at each line. `s`: one
  // address in every branch, that read's answer at each line.
  const float c = in[512];
  if (c > 0.0f && tx == 0) {
    n = north[ty][tx] - j;
    // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array '(unresolved pointer)' on sm_{{[0-9]+}}: bank conflicts not decided: the pointer is into `north` or `temp`, chosen per lane at run time; the banks then depend on whether the compiler reads them through one instruction
    // CHECK: note: the compiler replaces the reads of the branches by one read after them
    s = temp[ty + 1][tx] - j;
    // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array 'temp' on sm_{{[0-9]+}}: no bank conflict
    // CHECK: note: the compiler replaces the reads of the branches by one read after them
  } else if (c > 1.0f) {
    n = north[ty][tx] - j;
    // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array '(unresolved pointer)' on sm_{{[0-9]+}}: bank conflicts not decided
    s = temp[ty + 1][tx] - j;
    // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array 'temp' on sm_{{[0-9]+}}: no bank conflict
  } else {
    n = temp[ty - 1][tx] - j;
    // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array '(unresolved pointer)' on sm_{{[0-9]+}}: bank conflicts not decided
    s = temp[ty + 1][tx] - j;
    // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array 'temp' on sm_{{[0-9]+}}: no bank conflict
  }
  // `g`: global memory in one branch, shared in the other (HeCBench's
  // sosfil): one read after them, of a pointer into either; the global
  // read's line is no shared access, and the shared read is the lanes of
  // its branch (the compilers read shared memory for them alone:
  // test/hardware/explore/mixed26.cu).
  float g;
  if (tx == 0)
    g = in[ty];
  // CHECK-NOT: sunk-reads.cu:[[@LINE-1]]:
  else
    g = temp[ty][tx - 1];
  // CHECK: sunk-reads.cu:[[@LINE-1]]:9: remark: reading shared array 'temp' on sm_{{[0-9]+}}: no bank conflict
  out[ty * 16 + tx] = n + s + g;
}

// In a loop, after a read the compiler answers from a store: each merged
// read stands for its own branches' reads only (not for those of the next
// if/else, which reach it around the loop, nor for `w`).
__global__ void inLoop(float *out, const float *in, int n) {
  __shared__ float a[32][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int it = 0; it < n; ++it) {
    a[ty][tx] = in[it * 1024 + ty * 32 + tx];
    const float w = a[ty][tx];
    // CHECK: sunk-reads.cu:[[@LINE-1]]:21: remark: reading shared array 'a' on sm_{{[0-9]+}}: no bank conflict (no shared-memory instruction of its own: the compiler reuses the value written at line [[@LINE-2]])
    __syncthreads();
    float u, v;
    if (tx & 1)
      u = a[ty][tx];
    // CHECK: sunk-reads.cu:[[@LINE-1]]:11: {{.*}} reading shared array 'a'
    else
      u = a[tx][ty];
    // CHECK: sunk-reads.cu:[[@LINE-1]]:11: {{.*}} reading shared array 'a'
    acc += u + w;
    __syncthreads();
    if (tx & 2)
      v = a[ty][tx];
    // CHECK: sunk-reads.cu:[[@LINE-1]]:11: remark: reading shared array 'a' on sm_{{[0-9]+}}: no bank conflict
    else
      v = a[ty][tx ^ 2];
    // CHECK: sunk-reads.cu:[[@LINE-1]]:11: remark: reading shared array 'a' on sm_{{[0-9]+}}: no bank conflict
    acc += v;
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}

void launch(float *o, const float *i, int n) {
  edges<<<1, dim3(16, 16)>>>(o, i);
  inLoop<<<1, dim3(32, 32)>>>(o, i, n);
}
