// The row of the index has a side effect: a swizzle mask would repeat it.
// No fix is offered (the planner also refuses the swizzle of such a row).
__global__ void __launch_bounds__(32) row_side_effect(float *out) {
  __shared__ float F[64 * 4];
  const int t = threadIdx.x;
  int r = t / 8;
  F[r++ * 64 + t % 8] = 1.0f;
  out[t] = F[(t / 8) * 64 + t % 8] + r;
}
