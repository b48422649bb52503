// Input of choice.test: which fix is chosen, and when none is offered.
extern "C" __device__ void *memcpy(void *, const void *, size_t); // opaque
__global__ void tile16(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
__global__ void vec(float4 *out) {
  __shared__ float v[32][32];
  int r = threadIdx.x / 8, q = threadIdx.x % 8;
  reinterpret_cast<float4 *>(&v[r][4 * q])[0] = out[0];
  __syncthreads();
  out[threadIdx.x].x = v[threadIdx.x][0];
}
__global__ void sized(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.y][threadIdx.x] = sizeof(s);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void copied(float *out) {
  __shared__ float c[32][32];
  memcpy(c, out, sizeof(float) * 32);
  out[threadIdx.x] = c[threadIdx.x][threadIdx.y];
}
__device__ float walk(const float *p, int i) { return p[i * 33]; }
__global__ void walker(float *out) {
  __shared__ float w[32][32];
  w[threadIdx.y][threadIdx.x] = 1;
  out[threadIdx.x] = walk(&w[0][0], threadIdx.x);
  out[threadIdx.y] = w[threadIdx.x][threadIdx.y];
}
__global__ void big(float *out) {
  __shared__ float b[96][128];
  b[threadIdx.y][threadIdx.x] = 1;
  out[threadIdx.x] = b[threadIdx.x][threadIdx.y];
}
__global__ void vec4t(float4 *out) {
  __shared__ float q4[32][32];
  int t = threadIdx.x, r = t / 8, q = t % 8;
  *reinterpret_cast<float4 *>(&q4[r][4 * q]) = out[t];
  __syncthreads();
  out[t].x = q4[4 * (t % 8)][t / 8];
}
void launch(float *o, float4 *o4) {
  tile16<<<1, dim3(16, 16)>>>(o);
  vec<<<1, 256>>>(o4);
  sized<<<1, dim3(32, 32)>>>(o);
  copied<<<1, dim3(32, 32)>>>(o);
  walker<<<1, dim3(32, 32)>>>(o);
  big<<<1, dim3(32, 32)>>>(o);
  vec4t<<<1, 256>>>(o4);
}
