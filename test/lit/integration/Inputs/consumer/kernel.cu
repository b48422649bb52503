// Input for compdb.test.
__global__ void k(float *out) {
  __shared__ float s[64 * 2];
  out[threadIdx.x] = s[threadIdx.x * 2];
}
void launch(float *o) { k<<<1, 64>>>(o); }
