// A kernel argument that reaches an address only through a division, a
// remainder, a min() or a comparison stops changing it past some
// magnitude (`tid / d` is 0 once d exceeds every thread index), so every
// value of it behaves like one of a finite range, which ldslint evaluates
// value by value (lib/ValueClasses.h). Before, these were "depends on `n`
// (it is a kernel argument) through a non-linear operation".
// RUN: %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

// rocSOLVER's syevj folds the block into ddy columns, ddy from the matrix
// size: the lanes of a warp reach consecutive elements, some several on
// one: conflict-free for every n.
__global__ void fold(int n, double *out) {
  __shared__ double res[256];
  const int half_n = (n + n % 2) / 2;
  const int ddy = half_n < 256 / 4 ? half_n : 256 / 4;
  const int tid = threadIdx.x;
  res[tid / ddy] = tid;
  // CHECK: divisor-argument.cu:[[@LINE-1]]:3: remark: writing shared array 'res' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: the result holds for every value `n` can take (it is a kernel argument): each value from -516 to 131 evaluated, the others change the address no further (arithmetic on it taken not to overflow); 511 of them left out, under which a lane divides by zero or accesses past the end of the array
  __syncthreads();
  out[tid] = res[tid % 32];
}

// A group norm writes one float2 per group of cpg channels, two channels
// a thread: the writing lanes are consecutive groups, whatever cpg is.
__global__ void groups(int cpg, float2 *out) {
  __shared__ float2 smem[256];
  const int gj = threadIdx.x * 2 / cpg;
  const int cj = threadIdx.x * 2 - cpg * gj;
  if (cj == cpg - 2)
    smem[gj] = float2{1.f, 2.f};
  // CHECK: divisor-argument.cu:[[@LINE-1]]:5: remark: writing shared array 'smem' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: the result holds for every value `cpg` can take
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x % 32];
}

// Rows of `width` floats, `width` an argument: 4-way for some widths and
// conflict-free for others, so it stays unknown, now with an example of
// each (widths below 8 take a lane past the 32 rows: not the program's).
__global__ void rows(int width, float *out) {
  __shared__ float s[32][33];
  const int r = threadIdx.x / width, c = threadIdx.x % width;
  s[r][c] = 1.f;
  // CHECK: divisor-argument.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the degree depends on `width` (it is a kernel argument): 4-way when `width` = 8, conflict-free when it is 32
  __syncthreads();
  out[threadIdx.x] = s[0][threadIdx.x % 32];
}

// A sum with the argument outside the division is a uniform offset,
// which changes no bank: decided too.
__global__ void offset(int n, float *out) {
  __shared__ float s[4096];
  s[threadIdx.x / n + n] = 1.f;
  // CHECK: divisor-argument.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: the result holds for every value `n` can take (it is a kernel argument): each value from -257 to 257 evaluated
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The argument as a stride inside the lane's index as well: the residue
// argument does not cover the division, nor a range the product: unknown.
__global__ void stride(int n, float *out) {
  __shared__ float s[4096];
  s[threadIdx.x * n + threadIdx.x / n] = 1.f;
  // CHECK: divisor-argument.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the address depends on `n` (it is a kernel argument) through a non-linear operation
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// __launch_bounds__(256) is the most threads, not the launch's shape: a
// value of n under which thread 255 leaves the array (n = 2) may run in a
// block of 128, where it is 2-way. Only a launch's shape leaves values out
// (review: this was "no bank conflict for every value").
__global__ void __launch_bounds__(256) bounded(int n, float *out) {
  __shared__ float s[256];
  s[threadIdx.x * 4 / n] = 1.f;
  // CHECK: divisor-argument.cu:[[@LINE-1]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: bank conflicts not decided: the degree depends on `n` (it is a kernel argument): 4-way when `n` = 1, conflict-free when it is 4
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *f, double *d, float2 *f2, int n) {
  fold<<<1, 256>>>(n, d);
  groups<<<1, 128>>>(n, f2);
  rows<<<1, 256>>>(n, f);
  offset<<<1, 256>>>(n, f);
  stride<<<1, 256>>>(n, f);
}
