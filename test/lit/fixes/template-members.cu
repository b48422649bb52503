// Arrays declared in templates: a class template's member function, a
// member function template of a class template, a function template
// (declared before its definition), and a friend defined in a class
// template (its instantiations hang off each specialization: the whole
// unit is read).
// The layout-safety scan reads only the functions that declare the
// conflicting arrays (every instantiation of each); an escaping address in
// any of them still refuses the fix, and the arrays whose addresses stay
// inside get one.
// RUN: %clang_cuda_device %plugin -fno-caret-diagnostics %s 2>&1 | FileCheck %s
extern "C" __device__ void keep(float *);

template <int N> struct Tile {
  __device__ void member(float *out) {
    __shared__ float a[N][N];
    a[threadIdx.y][threadIdx.x] = 1.f;
    keep(&a[threadIdx.y][0]);
    __syncthreads();
    out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
    // CHECK: template-members.cu:[[@LINE-1]]:24: warning: 32-way bank conflict reading shared array 'a'
    // CHECK: note: no fix offered: an address in 'a' is passed to 'keep', which may depend on its layout
  }
  template <typename T> __device__ void memberTemplate(T *out) {
    __shared__ T b[N][N];
    b[threadIdx.y][threadIdx.x] = 1;
    keep(&b[threadIdx.y][0]);
    __syncthreads();
    out[threadIdx.x] = b[threadIdx.x][threadIdx.y];
    // CHECK: template-members.cu:[[@LINE-1]]:24: warning: 32-way bank conflict reading shared array 'b'
    // CHECK: note: no fix offered: an address in 'b' is passed to 'keep', which may depend on its layout
  }
  __device__ void clean(float *out) {
    __shared__ float c[N][N];
    c[threadIdx.y][threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = c[threadIdx.x][threadIdx.y];
    // CHECK: template-members.cu:[[@LINE-1]]:24: warning: 32-way bank conflict reading shared array 'c'
    // CHECK: note: pad the innermost dimension of 'c' from 32 to 33 elements
  }
};

template <int N> __device__ void function(float *out) {
  __shared__ float d[N][N];
  d[threadIdx.y][threadIdx.x] = 1.f;
  keep(&d[threadIdx.y][0]);
  __syncthreads();
  out[threadIdx.x] = d[threadIdx.x][threadIdx.y];
  // CHECK: template-members.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'd'
  // CHECK: note: no fix offered: an address in 'd' is passed to 'keep', which may depend on its layout
}

template <int N> __device__ void declaredFirst(float *out);
template <int N> __device__ void declaredFirst(float *out) {
  __shared__ float e[32][32];
  e[threadIdx.y][threadIdx.x] = 1.f;
  if constexpr (N == 16) // only in the definition's own body
    keep(&e[threadIdx.y][0]);
  __syncthreads();
  out[threadIdx.x] = e[threadIdx.x][threadIdx.y];
  // CHECK: template-members.cu:[[@LINE-1]]:22: warning: 32-way bank conflict reading shared array 'e'
  // CHECK: note: no fix offered: an address in 'e' is passed to 'keep', which may depend on its layout
}

template <int N> __device__ float firstOfRow(float (&a)[N][N], int r) { return a[r][0]; }
template <int N> struct Friend {
  friend __device__ void hidden(Friend, float *out) {
    __shared__ float f[N][N];
    f[threadIdx.y][threadIdx.x] = 1.f;
    __syncthreads();
    out[threadIdx.x] = f[threadIdx.x][threadIdx.y] + firstOfRow(f, threadIdx.x);
    // CHECK: template-members.cu:[[@LINE-1]]:24: warning: 32-way bank conflict reading shared array 'f'
    // CHECK: note: no fix offered: 'f' is used at line [[@LINE-2]] in a way ldslint does not follow
  }
};

__global__ void kernel(float *out) {
  Tile<32>().member(out);
  Tile<32>().memberTemplate(out);
  Tile<32>().clean(out);
  function<32>(out);
  declaredFirst<32>(out);
  hidden(Friend<32>(), out);
}

void launch(float *out) { kernel<<<1, dim3(32, 32)>>>(out); }
