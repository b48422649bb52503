// Kernels that number their threads `W * threadIdx.y + threadIdx.x` and
// share the work out in rows of 32 (or 16), launched with a shape built at
// run time (no constant launch gives it): ldslint takes blockDim.x = W from
// the numbering. Under its default assumption (a whole number of warps
// along x) warp 1 of a 32-wide block would number lanes 16..47 in
// numbered16 and meet a 2-way conflict on `rows` that the 16x8 launch
// never has. Issue 9, twenty-fifth session.
#include <cstdio>
#include <cstdlib>

__global__ void numbered16(const float *in, float *out) {
  __shared__ float rows[4][33];
  __shared__ float cols[16][16];
  const int tidx = 16 * threadIdx.y + threadIdx.x;
  const int loadY = tidx / 32, loadX = tidx % 32;
  rows[loadY][loadX] = in[tidx];
  cols[threadIdx.x][threadIdx.y] = in[tidx + 128];
  __syncthreads();
  out[tidx] = rows[loadX % 4][loadY] + cols[threadIdx.x][threadIdx.y];
}

__global__ void numbered32(const float *in, float *out) {
  __shared__ float rows[8][33];
  __shared__ float cols[32][16];
  const int tidx = 32 * threadIdx.y + threadIdx.x;
  const int loadY = tidx / 32, loadX = tidx % 32;
  rows[loadY][loadX] = in[tidx];
  cols[threadIdx.x][threadIdx.y] = in[tidx + 256];
  __syncthreads();
  out[tidx] = rows[loadX % 8][loadY] + cols[threadIdx.x][threadIdx.y];
}

// The number divided by the width itself: instcombine folds
// (16 * y + x) / 16 to y + x / 16, and the remainder to x % 16.
__global__ void folded16(const float *in, float *out) {
  __shared__ float rows[8][17];
  const int tidx = 16 * threadIdx.y + threadIdx.x;
  rows[tidx / 16][tidx % 16] = in[tidx];
  __syncthreads();
  out[tidx] = rows[tidx % 8][tidx / 16];
}

int main(int argc, char **argv) {
  // The shape is a run-time value, as in code that picks it per problem.
  const unsigned wide = argc > 5 ? atoi(argv[1]) : 32, narrow = wide / 2;
  float *in, *out;
  cudaMalloc(&in, 4096 * 4);
  cudaMalloc(&out, 4096 * 4);
  cudaMemset(in, 0, 4096 * 4);
  dim3 t16, t32;
  t16.x = narrow;
  t16.y = 8;
  t32.x = wide;
  t32.y = 8;
  numbered16<<<1, t16>>>(in, out);
  numbered32<<<1, t32>>>(in, out);
  folded16<<<1, t16>>>(in, out);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
