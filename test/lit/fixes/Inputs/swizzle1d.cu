// One-dimensional buffers and the XOR swizzle of their column term: where
// it cannot be edited, the padding is offered and a note says why not the
// swizzle; where padding cannot be used, the swizzle is the fix.
#define COL(t) ((t) % 8)

// A row stride of 96 elements is not a power of two, and sizeof(A) is
// used: neither fix applies.
__global__ void __launch_bounds__(32) odd_stride(float *out) {
  __shared__ float A[96 * 32];
  const int t = threadIdx.x;
  A[t * 96 + 1] = 1.0f;
  out[t] = A[t * 96 + 1] + sizeof(A);
}

// The product by the stride sits between two column addends.
__global__ void __launch_bounds__(32) split_column(float *out) {
  __shared__ float B[64 * 4];
  const int t = threadIdx.x;
  B[t % 8 + (t / 8) * 64 + 1] = 1.0f;
  out[t] = B[t % 8 + (t / 8) * 64 + 1];
}

// The column term is a macro expansion.
__global__ void __launch_bounds__(32) macro_column(float *out) {
  __shared__ float C[64 * 4];
  const int t = threadIdx.x;
  C[(t / 8) * 64 + COL(t)] = 1.0f;
  out[t] = C[(t / 8) * 64 + COL(t)];
}

// sizeof(D) is used: no padding, the swizzle is the fix.
__global__ void __launch_bounds__(32) sized(float *out) {
  __shared__ float D[64 * 4];
  const int t = threadIdx.x;
  D[(t / 8) * 64 + t % 8] = 1.0f;
  out[t] = D[(t / 8) * 64 + t % 8] + sizeof(D);
}

// Every lane its own row, one column: no pad in steps of 4 (rows stay
// 16-byte aligned) spreads the rows. No access is a vector, so a pad of 1
// (rows 4-byte aligned) is the fix; `0 ^ (x % 64)` is the alternative.
__global__ void __launch_bounds__(32) row_per_lane(float *out) {
  __shared__ float E[64 * 32];
  const int t = threadIdx.x;
  E[t * 64 + 0] = 1.0f;
  out[t] = E[t * 64 + 0];
}

void launch(float *o) {
  odd_stride<<<1, 32>>>(o);
  split_column<<<1, 32>>>(o + 32);
  macro_column<<<1, 32>>>(o + 64);
  sized<<<1, 32>>>(o + 96);
  row_per_lane<<<1, 32>>>(o + 128);
}
