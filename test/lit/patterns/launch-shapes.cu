// A launch's block shape is read however the dim3 is built: member
// assignment after the declaration (NVIDIA's samples: `dim3 threads;
// threads.x = 32; threads.y = 8;`, once read as 1x1x1 and reported conflict
// free), assignment from another dim3, helper functions, and locals that
// fold. Where a change may or may not run before the launch (a branch, a
// loop, a non-const reference) or a value is only known at run time, the
// shape is unknown and the finding says so: never a wrong constant shape.
//
// Every kernel reads a 32x32 tile by columns: 32-way with 32 lanes along x,
// 16-way with 16, conflict-free with one lane.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json; test $? -eq 1
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=ALL

__global__ void member(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x8x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+7]]:3
}

void launch_member(float *o) {
  dim3 threads;
  threads.x = 32;
  threads.y = 8;
  member<<<1, threads>>>(o);
}

__global__ void copied(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 16-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 16x16x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+6]]:3
}

void launch_copied(float *o) {
  dim3 square(16, 16), b;
  b = square;
  copied<<<1, b>>>(o);
}

__global__ void helper(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x4x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+5]]:3
}

dim3 blockFor(int rows) { return dim3(32, rows); }
void launch_helper(float *o) {
  helper<<<1, blockFor(4)>>>(o);
}

__global__ void folded(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 16-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 16x2x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+12]]:3
}

void launch_folded(float *o) {
  const int Tile = 32;
  int rows = Tile / 8;
  rows /= 2;
  dim3 f;
  f.x = Tile / 2;
  f.y = rows;
  ++f.z;
  f.z--;
  folded<<<1, f>>>(o);
}

// One thread per block: no conflict; the change after the launch does not
// reach it.
__global__ void single(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch_single(float *o) {
  dim3 one;
  single<<<1, one>>>(o);
  one.x = 32;
}
// JSON: "block 1x1x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE-3]]:3"
// JSON: "degree": 1,
// JSON: "function": "single",
// JSON: "status": "ok",

__global__ void runtime(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape unknown
}

void launch_runtime(float *o, int n) {
  dim3 r;
  r.x = n;
  runtime<<<1, r>>>(o);
}

__global__ void branch(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape unknown
}

void launch_branch(float *o, bool wide) {
  dim3 w(16);
  if (wide)
    w.x = 32;
  branch<<<1, w>>>(o);
}

__global__ void looped(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape unknown
}

void launch_looped(float *o) {
  dim3 l(1);
  for (int k = 0; k < 2; ++k) {
    looped<<<1, l>>>(o);
    l.x = 32;
  }
}

__global__ void by_reference(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape unknown
}

void setBlock(dim3 &b, unsigned n);
void launch_by_reference(float *o) {
  dim3 p(1);
  setBlock(p, 32);
  by_reference<<<1, p>>>(o);
}

// Launched through a local function pointer (NVIDIA's transpose sample):
// the launch is one of each kernel the pointer is set to.
__global__ void via_pointer_a(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x8x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+21]]:3
}

__global__ void via_pointer_b(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x8x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+14]]:3
}

void launch_via_pointer(float *o, int which) {
  void (*kernel)(float *);
  switch (which) {
  case 0:
    kernel = &via_pointer_a;
    break;
  default:
    kernel = via_pointer_b;
    break;
  }
  dim3 threads(32, 8);
  kernel<<<1, threads>>>(o);
}

// A shape made of a parameter of the launching function: each call of that
// function in the file binds it (NVIDIA's matrixMul: MatrixMultiply(...,
// block_size, ...) called from main). A launch under an `if` that the
// binding decides against is not one. The branch around a launch fixes the
// parameter it tests: wrapped<16> runs only where block_size == 16.
template <int B> __global__ void wrapped(float *out) {
  __shared__ float tile[B][B];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:22: warning: 8-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 16x16x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+8]]:5 (where block_size == 16)
  // CHECK: launch-shapes.cu:[[@LINE-3]]:22: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x32x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+8]]:5 (from the call at {{.*}}launch-shapes.cu:[[@LINE+14]]:3)
}

int multiply(int block_size, float *o) {
  dim3 threads(block_size, block_size);
  if (block_size == 16)
    wrapped<16><<<1, threads>>>(o);
  else
    wrapped<32><<<1, threads>>>(o);
  return 0;
}

void launch_wrapped(float *o) {
  int block_size = 32;
  multiply(block_size, o);
}

// A switch on the parameter the shape is made of (NVIDIA's reduction:
// `switch (threads) { case 512: reduce4<T, 512><<<g, dimBlock>>>(); ... }`):
// each case fixes it. A case that the previous one falls into does not.
template <int W> __global__ void by_case(float *out) {
  __shared__ float s[32][16];
  out[0] = s[threadIdx.y][threadIdx.x];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:12: warning: 2-way bank conflict reading shared array 's'
  // CHECK: note: block shape 8x8x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+13]]:5 (where width == 8)
  // ALL: launch-shapes.cu:[[@LINE-3]]:12: note: in by_case<2>;
  // ALL-NEXT: launch-shapes.cu:[[@LINE-4]]:12: note: block shape unknown
}

void launch_by_case(int width, float *o) {
  dim3 threads(width, 64 / width);
  int calls = 0;
  switch (width) {
  case 16:
    by_case<16><<<1, threads>>>(o);
    break;
  case 8:
    by_case<8><<<1, threads>>>(o);
    break;
  case 4:
    ++calls;
  case 2:
    by_case<2><<<1, threads>>>(o);
  }
}

// Constant leading extents, a run-time trailing one (llm.c's
// `dim3 block_dim = {4, 8, (unsigned)block_size / 32}`): each warp is one
// 4x8 slice, so the lanes are known whatever blockDim.z is. Lanes read
// s[x * 8 + y], 32 distinct words: conflict-free (the default lane model,
// x = lane, would say 8-way).
__global__ void partial_z(float *out) {
  __shared__ float s[32 * 8];
  out[0] = s[threadIdx.x * 8 + threadIdx.y];
  // ALL: launch-shapes.cu:[[@LINE-1]]:12: remark: reading shared array 's' on {{.*}}: no bank conflict
  // ALL: note: block shape 4x8x32 from the launch at {{.*}}launch-shapes.cu:[[@LINE+5]]:3 (blockDim.z not constant there: assumed 4x8x32, the most threads that fit; each warp's threadIdx values are the same for any blockDim.z)
}

void launch_partial_z(int block_size, float *o) {
  dim3 block_dim = {4, 8, (unsigned)block_size / 32};
  partial_z<<<1, block_dim>>>(o);
}

// x = 32 and a run-time y: each warp is one row of x.
__global__ void partial_y(float *out) {
  __shared__ float tile[32][32];
  out[0] = tile[threadIdx.x][threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:12: warning: 32-way bank conflict reading shared array 'tile'
  // CHECK: note: block shape 32x32x1 from the launch at {{.*}}launch-shapes.cu:[[@LINE+5]]:3 (blockDim.y not constant there: assumed 32x32x1, the most threads that fit; each warp's threadIdx values are the same for any blockDim.y)
}

void launch_partial_y(int rows, float *o) {
  dim3 threads(32, rows);
  partial_y<<<1, threads>>>(o);
}

// 4x4 slices and a run-time z: a warp spans z slices only when there are
// enough of them, so the lanes depend on blockDim.z and the shape stays
// unknown.
__global__ void partial_mixed(float *out) {
  __shared__ float s[32 * 8];
  out[0] = s[threadIdx.x * 8 + threadIdx.y];
  // CHECK: launch-shapes.cu:[[@LINE-1]]:12: warning: 8-way bank conflict reading shared array 's'
  // CHECK: note: block shape unknown
}

void launch_partial_mixed(int n, float *o) {
  partial_mixed<<<1, dim3(4, 4, n)>>>(o);
}
