// Kernel arguments that are constants at every launch site are evaluated at
// those values (one finding per access, the worst launch, with the launch
// in a note); a block size held in an unmodified local folds too, and so
// does an argument that is the launching function's parameter, bound by
// its callers (hip-tests' streams sample). A runtime argument keeps the
// finding conditional (silent by default).
// RUN: %clang_cuda %plugin %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-show-unknown %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

__global__ void strided(float *out, int stride) {
  __shared__ float s[32 * 64];
  out[threadIdx.x] = s[threadIdx.x * stride];
  // CHECK: launch-args.cu:[[@LINE-1]]:22: warning: 4-way bank conflict reading shared array 's' on sm_{{[0-9]+}}: 4 wavefronts per warp instruction, ideal 1 [ldslint]
  // CHECK: note: lanes 0, 8, 16, 24 of warp 0 access bytes 0, 128, 256, 384 of 's', all in bank 0
  // CHECK: note: block shape 64x1x1 from the launch at {{.*}}launch-args.cu:[[#LAUNCH2:]]:3
  // CHECK: note: kernel argument `stride` = 4 at the launch at {{.*}}launch-args.cu:[[#LAUNCH2]]:3
  // CHECK: note: the kernel is launched in 2 ways; the worst is shown
}

__global__ void strided_runtime(float *out, int stride) {
  __shared__ float s[32 * 64];
  out[threadIdx.x] = s[threadIdx.x * stride];
  // UNKNOWN: launch-args.cu:[[@LINE-1]]:22: remark: reading shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: 32-way bank conflict when `stride` % 32 == 0; conflict-free when `stride` is odd [ldslint]
}

__global__ void strided_by_caller(float *out, int stride) {
  __shared__ float s[32 * 64];
  out[threadIdx.x] = s[threadIdx.x * stride];
  // CHECK: launch-args.cu:[[@LINE-1]]:22: warning: 8-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  // CHECK: note: block shape 32x1x1 from the launch at {{.*}}launch-args.cu:[[#LAUNCH3:]]:34 (from the call at {{.*}}launch-args.cu:[[#CALL3:]]:3)
  // CHECK: note: kernel argument `stride` = 8 at the launch at {{.*}}launch-args.cu:[[#LAUNCH3]]:34 (from the call at {{.*}}launch-args.cu:[[#CALL3]]:3)
}

void run(float *o, int stride) { strided_by_caller<<<1, 32>>>(o, stride); }

// A shape that the branch around the launch fixes stays known when the
// callers are asked for an argument they do not give either.
__global__ void guarded(float *out, int n) {
  __shared__ float s[64 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32 + (n & 1)];
  // CHECK: launch-args.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 's' on sm_{{[0-9]+}}
  // CHECK: note: block shape 64x1x1 from the launch at {{.*}}launch-args.cu:[[@LINE+6]]:
}

void runGuarded(float *o, int threads, int n) {
  switch (threads) {
  case 64:
    guarded<<<1, threads>>>(o, n);
    break;
  }
}

void launch(float *o, int n) {
  run(o, 8);
  runGuarded(o, n, n);
  int threads = 64;
  strided<<<1, threads>>>(o, 2);
  strided<<<1, threads>>>(o, 4);
  strided_runtime<<<1, threads>>>(o, n);
}
