// Layout-safety rules found by review: no fix when an element's address
// escapes (an opaque call, an integer, inline asm), when the array is named
// inside #if blocks, when a use is not followed (a pointer that moves, a
// reference parameter, decltype), when a column index may leave its row, or
// when a vector access may be misaligned; an under-aligned 16-byte struct
// access is `unknown`; an extent written as an expression is parenthesised;
// without a block shape the row bound is assumed, with a note.
// RUN: %clang_cuda_device %plugin -fno-caret-diagnostics -fplugin-arg-ldslint-show-unknown %s 2>&1 | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: not %ldslint --arch=%cuda_arch --fix %t/k.cu -- %stubargs > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/k.cu
extern "C" __device__ void store_async(float *, float);
extern "C" __device__ unsigned long long sink(unsigned long long);

__global__ void opaque(float *out) {
  __shared__ float a[32][32];
  store_async(&a[threadIdx.y][threadIdx.x], 1.f);
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'a'
  // CHECK: note: no fix offered: an address in 'a' is passed to 'store_async', which may depend on its layout
}

__global__ void integer(float *out) {
  __shared__ float b[32][32];
  b[threadIdx.y][threadIdx.x] = sink((unsigned long long)&b[threadIdx.y][0]);
  __syncthreads();
  out[threadIdx.x] = b[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'b'
  // CHECK: note: no fix offered: an address in 'b' is converted to an integer
}

__global__ void inline_asm(float *out) {
  __shared__ float c[32][32];
  c[threadIdx.y][threadIdx.x] = 1.f;
  asm volatile("" ::"l"(&c[threadIdx.y][0]));
  __syncthreads();
  out[threadIdx.x] = c[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'c'
  // CHECK: note: no fix offered: 'c' is used by inline asm
}

__global__ void conditional(float *out) {
  __shared__ float d[16][16];
  d[threadIdx.y][threadIdx.x] = 1.f;
  __syncthreads();
#if __CUDA_ARCH__ >= 700
  out[threadIdx.x] = d[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 8-way bank conflict reading shared array 'd'
  // CHECK: note: no fix offered: 'd' is used inside #if/#else blocks, whose code in other configurations ldslint cannot see
#else
  out[threadIdx.x] = d[threadIdx.y][threadIdx.x];
#endif
}

__global__ void flat(float *out) {
  __shared__ float e[32][32];
  for (int i = threadIdx.x; i < 32 * 32; i += 32)
    e[0][i] = 1.f;
  __syncthreads();
  out[threadIdx.x] = e[threadIdx.x][0];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'e'
  // CHECK: note: no fix offered: the column index of the access at line [[@LINE-4]] is not proven to stay inside its row
}

struct Quad {
  float x, y, z, w;
};

__global__ void underaligned(float *out) {
  __shared__ float f[32][32];
  *reinterpret_cast<Quad *>(&f[threadIdx.x][4]) = Quad{1, 2, 3, 4};
  // The compiler splits it into 4-byte stores (4-byte alignment), which
  // ptxas merges again: 16-byte aligned for every thread, one STS.128.
  // CHECK: safety.cu:[[@LINE-3]]:3: warning: 8-way bank conflict writing shared array 'f' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 4
  // CHECK: note: ptxas merges this access with the other accesses of this expression into one 16-byte STS.128
}

#define BLOCK 16
__global__ void expression_extent(float *out) {
  __shared__ float g[32][BLOCK * 2];
  // FIXED: __shared__ float g[32][(BLOCK * 2) + 1];
  g[threadIdx.y][threadIdx.x] = 1.f;
  __syncthreads();
  out[threadIdx.x] = g[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'g'
  // CHECK: note: pad the innermost dimension of 'g' from 32 to 33 elements (+128 bytes)
}

// Not launched here: the block shape is unknown, so the row bound cannot be
// proven; the fix is offered under that assumption, and the note says so.
__global__ void no_launch(float *out) {
  __shared__ float h[32][32];
  h[threadIdx.y][threadIdx.x] = 1.f;
  __syncthreads();
  out[threadIdx.x] = h[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'h'
  // CHECK: note: pad the innermost dimension of 'h' from 32 to 33 elements (+128 bytes)
  // CHECK: note: the fix assumes that every column index of 'h' stays inside its row (the block shape is unknown)
}

// A pointer that moves, a reference parameter and decltype: uses the
// analysis does not follow.
__device__ float sum_row(float (&a)[32][32], int r) { return a[r][0]; }
__global__ void unfollowed(float *out) {
  __shared__ float u[32][32];
  u[threadIdx.y][threadIdx.x] = 1.f;
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x][threadIdx.y] + sum_row(u, threadIdx.x);
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'u'
  // CHECK: note: no fix offered: 'u' is used at line [[@LINE-2]] in a way ldslint does not follow
}
__global__ void moving_pointer(float *out) {
  __shared__ float v[32][32];
  v[threadIdx.y][threadIdx.x] = 1.f;
  __syncthreads();
  const float *p = &v[0][0];
  float acc = 0;
  for (int i = 0; i < 32; ++i, p += 33)
    acc += *p;
  out[threadIdx.x] = v[threadIdx.x][threadIdx.y] + acc;
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'v'
  // CHECK: note: no fix offered: ldslint cannot tell which row and column of 'v' the access at line [[@LINE-3]] reaches
}
__global__ void declared_type(float *out) {
  __shared__ float w[32][32];
  w[threadIdx.y][threadIdx.x] = sizeof(decltype(w));
  __syncthreads();
  out[threadIdx.x] = w[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'w'
  // CHECK: note: no fix offered: 'w' is used at line [[@LINE-4]] in a way ldslint does not follow
}
// Reached only through a cast, and a dynamic array of unknown rows: no fix,
// and no crash.
__global__ void cast_only(float *out) {
  __shared__ float z[32][32];
  float *p = (float *)z;
  p[threadIdx.x * 32] = 1.f;
  // CHECK: safety.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'z'
  // CHECK: note: no fix offered: 'z' is used at line [[@LINE-3]] in a way ldslint does not follow
}
__global__ void dynamic_rows(float *out) {
  extern __shared__ float dyn[][32];
  dyn[threadIdx.x][0] = 1.f;
  // CHECK: safety.cu:[[@LINE-1]]:3: warning: 32-way bank conflict writing shared array 'dyn'
  // CHECK: note: no fix offered: 'dyn' is dynamic shared memory sized by the host
}

// Extents written in a type alias: editing the alias would change every
// array of that type.
typedef float Tile[32][32];
__global__ void aliased(float *out) {
  __shared__ Tile ta;
  ta[threadIdx.y][threadIdx.x] = 1.f;
  __syncthreads();
  out[threadIdx.x] = ta[threadIdx.x][threadIdx.y];
  // CHECK: safety.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'ta'
  // CHECK: note: no fix offered: the extents of 'ta' are written in a type alias; editing it would change every array of that type
}

void launch(float *o) {
  opaque<<<1, dim3(32, 32)>>>(o);
  integer<<<1, dim3(32, 32)>>>(o);
  inline_asm<<<1, dim3(32, 32)>>>(o);
  conditional<<<1, dim3(16, 16)>>>(o);
  flat<<<1, 32>>>(o);
  underaligned<<<1, 32>>>(o);
  expression_extent<<<1, dim3(32, 32)>>>(o);
  unfollowed<<<1, dim3(32, 32)>>>(o);
  moving_pointer<<<1, dim3(32, 32)>>>(o);
  declared_type<<<1, dim3(32, 32)>>>(o);
  cast_only<<<1, 32>>>(o);
  dynamic_rows<<<1, 32, 4096>>>(o);
  aliased<<<1, dim3(32, 32)>>>(o);
}
