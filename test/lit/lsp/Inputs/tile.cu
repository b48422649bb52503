#define TILE 32

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
}

void launch(float *o, const float *i) {
  transpose<<<1, dim3(32, 32)>>>(o, i);
}
