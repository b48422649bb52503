// Input for sarif.test: an access inside a __device__ helper, reached from
// a kernel launched with a constant block shape.
__device__ float column(float (*t)[32], unsigned r, unsigned c) { return t[r][c]; }

__global__ void k(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = column(tile, threadIdx.x, threadIdx.y);
}

void run(float *o) { k<<<1, dim3(32, 32)>>>(o); }
