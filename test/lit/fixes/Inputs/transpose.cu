// Input of fix.test: a macro extent and a literal extent. Deterministic, for
// test/fixes-gpu/gpu-check.sh.
#define TILE 32

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
}

__global__ void columns(double *out) {
  __shared__ double t[32][32];
  t[threadIdx.y][threadIdx.x] = threadIdx.y * 32 + threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

void launch(float *o, const float *i, double *d) {
  transpose<<<1, dim3(32, 32)>>>(o, i);
  columns<<<1, dim3(32, 32)>>>(d);
}
