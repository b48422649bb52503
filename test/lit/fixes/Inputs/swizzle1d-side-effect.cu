// The row of the index has a side effect: a swizzle mask would repeat it.
// The read of F is the stored value, which the compiler forwards: with no
// instruction of its own and written differently, its subscript cannot be
// checked, and no fix is offered.
__global__ void __launch_bounds__(32) row_side_effect(float *out) {
  __shared__ float F[64 * 4];
  const int t = threadIdx.x;
  int r = t / 8;
  F[r++ * 64 + t % 8] = 1.0f;
  out[t] = F[(t / 8) * 64 + t % 8] + r;
}

// The read is of other elements, an access of its own: the planner sees
// both subscripts, pads the stride and refuses the swizzle of the row with
// the side effect.
__global__ void __launch_bounds__(32) row_side_effect_own_read(float *out) {
  __shared__ float G[64 * 4];
  const int t = threadIdx.x;
  int r = t / 8;
  G[r++ * 64 + t % 8] = 1.0f;
  __syncthreads();
  out[t] = G[(t % 4) * 64 + t / 4] + r;
}
