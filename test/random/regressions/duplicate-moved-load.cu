__global__ void k(float *out) {
  __shared__ float s[9];
  float acc = 0.0f;
  if ((threadIdx.x & 4) == 0)
    acc += s[((threadIdx.x % 3) ^ 1) / 4 + 8];
  out[threadIdx.x] = acc;
}

__device__ float get(const float *s, int a) {
  return s[(a ^ a) % 4];
}
__global__ void h(float *out) {
  __shared__ float s[2];
  float acc = 0.0f;
  if (threadIdx.y != 0)
    acc += get(s, threadIdx.x * 33);
  out[threadIdx.x] = acc;
}

void launch(float *o) {
  k<<<1, dim3(32, 1, 1)>>>(o);
  h<<<1, dim3(12, 32, 1)>>>(o);
}
