// One-dimensional buffers whose row stride ldslint must not edit; each
// kernel's note says why.
constexpr int BM = 64;
#define AT(buf, r, c) buf[(r) * BM + (c)]

// The store uses rows of 64, the read rows of 8: no one stride.
__global__ void __launch_bounds__(128) mixed(float *out) {
  __shared__ float A[BM * 8];
  const int t = threadIdx.x;
  A[(t % 2) * 4 * BM + t / 2] = 1;
  __syncthreads();
  out[t] = A[t * 8 % 512];
}

// The index is written inside a macro: an edit there changes every use.
__global__ void __launch_bounds__(128) macro(float *out) {
  __shared__ float B[BM * 8];
  const int t = threadIdx.x;
  AT(B, (t % 2) * 4, t / 2) = 1;
  __syncthreads();
  out[t] = AT(B, t / 64, t % 64);
}

// The column term runs past the row: padding would move elements.
__global__ void __launch_bounds__(128) wide(float *out) {
  __shared__ float C[BM * 8];
  const int t = threadIdx.x;
  C[(t % 2) * 4 * BM + t / 2 + 16] = 1;
  C[(t % 2) * 2 * BM + t] = 2;
  __syncthreads();
  out[t] = C[(t / 64) * BM + t % 64];
}

// The index is computed in a variable that the global store uses too.
__global__ void __launch_bounds__(128) shared_index(float *out) {
  __shared__ float D[BM * 8];
  const int t = threadIdx.x;
  const int i = (t % 2) * 4 * BM + t / 2;
  D[i] = 1;
  __syncthreads();
  out[i] = D[i];
}

// Two buffers carved from one dynamic allocation.
__global__ void __launch_bounds__(128) carved(float *out) {
  extern __shared__ float smem[];
  float *As = smem, *Bs = smem + BM * 8;
  const int t = threadIdx.x;
  As[(t % 2) * 4 * BM + t / 2] = 1;
  Bs[(t % 2) * 4 * BM + t / 2] = 2;
  __syncthreads();
  out[t] = As[t] + Bs[t];
}

// Bs's carve offset is a literal: it does not say that it counts As's rows.
__global__ void __launch_bounds__(128) carved_literal(float *out) {
  extern __shared__ float smem[];
  float *As = smem, *Bs = smem + 512;
  const int t = threadIdx.x;
  As[(t % 2) * 4 * BM + t / 2] = 1;
  Bs[t] = 2;
  __syncthreads();
  out[t] = As[(t / 64) * BM + t % 64] + Bs[t];
}

void launch(float *o) {
  mixed<<<1, 128>>>(o);
  macro<<<1, 128>>>(o);
  wide<<<1, 128>>>(o);
  shared_index<<<1, 128>>>(o);
  carved<<<1, 128, 2 * BM * 8 * sizeof(float)>>>(o);
  carved_literal<<<1, 128, 2 * BM * 8 * sizeof(float)>>>(o);
}
