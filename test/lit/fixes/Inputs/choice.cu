// Input of choice.test: which fix is chosen, and when none is offered.
// Every kernel is deterministic (no races, no uninitialised shared reads), so
// that test/fixes-gpu/gpu-check.sh can compare its outputs with those of the
// fixed file on a GPU.
#ifndef __NVCC__ // nvcc declares it
extern "C" __device__ void *memcpy(void *, const void *, size_t); // opaque
#endif
__global__ void tile16(float *out, const float *in) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
__global__ void vec(float4 *out, const float4 *in) {
  __shared__ float v[32][32];
  int r = threadIdx.x / 8, q = threadIdx.x % 8;
  reinterpret_cast<float4 *>(&v[r][4 * q])[0] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x].x = v[threadIdx.x % 32][0];
}
__global__ void sized(float *out, const float *in) {
  __shared__ float s[32][32];
  s[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x] + sizeof(s);
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
}
__global__ void copied(float *out, const float *in) {
  __shared__ float c[32][32];
  if (threadIdx.x == 0 && threadIdx.y == 0)
    memcpy(c, in, sizeof(float) * 32 * 32);
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = c[threadIdx.x][threadIdx.y];
}
__device__ float walk(const float *p, int i) { return p[i * 33]; }
__global__ void walker(float *out, const float *in) {
  __shared__ float w[32][32];
  w[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] =
      walk(&w[0][0], threadIdx.x) + w[threadIdx.x][threadIdx.y];
}
__global__ void big(float *out, const float *in) {
  __shared__ float b[96][128];
  b[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = b[threadIdx.x][threadIdx.y];
}
__global__ void vec4t(float4 *out, const float4 *in) {
  __shared__ float q4[32][32];
  int t = threadIdx.x, r = t / 8, q = t % 8;
  *reinterpret_cast<float4 *>(&q4[r][4 * q]) = in[t];
  __syncthreads();
  out[t].x = q4[4 * (t % 8)][t / 8];
}
void launch(float *o, const float *i, float4 *o4, const float4 *i4) {
  tile16<<<1, dim3(16, 16)>>>(o, i);
  vec<<<1, 256>>>(o4, i4);
  sized<<<1, dim3(32, 32)>>>(o + 1024, i);
  copied<<<1, dim3(32, 32)>>>(o + 2048, i);
  walker<<<1, dim3(32, 32)>>>(o + 3072, i);
  big<<<1, dim3(32, 32)>>>(o + 4096, i);
  vec4t<<<1, 256>>>(o4 + 256, i4);
}
