// Exploration: the decisions added in the twenty-ninth session, on the H200
// (none was measured when they were made: no GPU was lent that session).
// test/hardware/explore/run.sh measures it (CASES=shapes30).
//
// - Loops whose every exit is the same for the whole block (ggml's cpy):
//   the double buffer `buf` is the same in every lane, so the column read
//   of a 32x32 tile is 32-way and that of a 32x33 tile has no conflict.
//   Blocks 2 and 3 leave the loop early (nmat = 20).
// - Launch shapes read through lambda captures (BOOL_SWITCH dispatch): a
//   lambda made by copy keeps the block it was made with (32x1x1, although
//   block.y is set to 32 afterwards); one by reference sees the later write
//   (32x32x1), and ldslint does not take that launch's shape.
// - An index advanced in a loop that runs once (instcombine folds its step
//   to a constant): `idx` is the same in every lane of a warp, so the
//   column write of a 32x64 array is 32-way and of a 32x65 one has none.
//
// And two of the thirtieth session:
// - A data-dependent index masked to 0..15 into a 16-word table inside a
//   larger struct (rocRAND mtgp32's `param_tbl[y & 0x0f]`): every address
//   is within 64 bytes, so no conflict whatever the keys (here every lane
//   a different word: 16 words, 2 lanes each).
// - A range-for over a braced list of strides (ggml's flash attention):
//   4-way at stride 8 and stride 4, 2-way at 16, none at 32 (2.75
//   wavefronts a warp on average).
// - Unrolled iterations whose threads disagree on the 8-byte alignment of
//   every pairing, plus a part the same for every thread (an outer loop's
//   variable, a kernel argument): ptxas keeps them apart, 2-way as written
//   (16x4 block, rows of 160 words; convolutionSeparable's row filter).
#include <cstdio>
#include <cuda_runtime.h>

template <int Pad>
__global__ void uniformExit(const float *src, float *dst, int nmat) {
  __shared__ float tile[2][32][32 + Pad];
  int buf = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int imat = blockIdx.z * 8 + i;
    if (imat >= nmat)
      break; // the same for every lane of the block
    for (int j = 0; j < 32; j += 8)
      tile[buf][threadIdx.y + j][threadIdx.x] = src[imat * 1024 + (threadIdx.y + j) * 32 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < 32; j += 8)
      dst[imat * 1024 + (threadIdx.y + j) * 32 + threadIdx.x] = tile[buf][threadIdx.x][threadIdx.y + j];
    buf = (buf + 1) % 2;
  }
}

// Consecutive words for a block one row high: no conflict; 32-way for a
// block 32 high (t = x * 32 + y).
template <int N> __global__ void rows(float *out) {
  __shared__ float s[1024];
  const unsigned t = threadIdx.x * blockDim.y + threadIdx.y;
  s[t] = t;
  __syncthreads();
  out[t] = s[(t + N) % 1024];
}

void byCopy(float *out) {
  dim3 block(32);
  auto launch = [=] { rows<1><<<1, block>>>(out); };
  block.y = 32; // the lambda keeps its copy: 32x1x1
  launch();
}

void byReference(float *out) {
  dim3 block(32);
  auto launch = [&] { rows<2><<<1, block>>>(out); };
  block.y = 32; // read when the lambda runs: 32x32x1
  launch();
}

template <int Iters, int Pad> __global__ void oneTrip(const float *in, float *out) {
  __shared__ float s[32][64 + Pad];
  const unsigned lane = threadIdx.x % 32;
  unsigned idx = threadIdx.x / 32 * 8;
#pragma unroll
  for (int i = 0; i < Iters; ++i) {
    s[lane][idx] = in[i];
    idx += 8;
  }
  s[lane][idx] = in[32];
  __syncthreads();
  out[threadIdx.x] = s[lane][threadIdx.x / 32];
}

struct Engine {
  unsigned status[400];
  unsigned table[16];
};

__global__ void maskedTable(const unsigned *keys, unsigned *out) {
  __shared__ Engine e;
  e.status[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 16)
    e.table[threadIdx.x] = threadIdx.x;
  __syncthreads();
  const unsigned y = keys[threadIdx.x];
  out[threadIdx.x] = e.table[y & 0x0f];
}

__global__ void bracedList(const float *in, float *out) {
  __shared__ float tile[8][33];
  for (int stride : {32, 16, 8, 4}) {
    const int row = threadIdx.x / stride, col = threadIdx.x % stride;
    tile[row][col] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[col % 8][row];
    __syncthreads();
  }
}

__global__ void uniformOffsets(const float *in, float *out, int offset) {
  __shared__ float s[4][160];
  for (int i = 0; i < 10; ++i)
    s[threadIdx.y][threadIdx.x + i * 16] = in[i];
  __syncthreads();
#pragma unroll
  for (int i = 1; i < 9; ++i) {
    float sum = 0;
#pragma unroll
    for (int j = -8; j <= 8; ++j)
      sum += s[threadIdx.y][threadIdx.x + i * 16 + j];
    out[i * 64 + threadIdx.y * 16 + threadIdx.x] = sum;
  }
  float sum = 0;
#pragma unroll
  for (int j = 0; j < 6; ++j)
    sum += s[threadIdx.y][threadIdx.x + offset + j];
  out[threadIdx.y * 16 + threadIdx.x] = sum;
}

int main() {
  float *src, *dst;
  cudaMalloc(&src, 32 * 1024 * sizeof(float));
  cudaMalloc(&dst, 32 * 1024 * sizeof(float));
  cudaMemset(src, 0, 32 * 1024 * sizeof(float));
  uniformExit<0><<<dim3(1, 1, 4), dim3(32, 8)>>>(src, dst, 20);
  uniformExit<1><<<dim3(1, 1, 4), dim3(32, 8)>>>(src, dst, 20);
  byCopy(dst);
  byReference(dst);
  oneTrip<1, 0><<<1, 128>>>(src, dst);
  oneTrip<1, 1><<<1, 128>>>(src, dst);
  unsigned *keys, h[256];
  for (int i = 0; i < 256; ++i)
    h[i] = i * 17; // y & 15 = i * 17 % 16 = i % 16: 16 words, 2 lanes each
  cudaMalloc(&keys, sizeof h);
  cudaMemcpy(keys, h, sizeof h, cudaMemcpyHostToDevice);
  maskedTable<<<1, 256>>>(keys, reinterpret_cast<unsigned *>(dst));
  bracedList<<<1, 32>>>(src, dst);
  uniformOffsets<<<1, dim3(16, 4)>>>(src, dst, 8);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
