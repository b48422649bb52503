// Exploration: block shapes and values ldslint now follows (thirty-sixth
// session). (1) A device function called only through a table, whose one
// dispatcher launches 16x2 blocks: lanes 16-31 write the words of lanes
// 0-15, so a stride of 2 words is no conflict (under the assumed shapes it
// was 2-way). (2) A kernel passed to the function that launches it (a
// template parameter, composable_kernel's launch_and_time_kernel): 16x2
// blocks no conflict, 32x1 blocks 2-way, each under its own call's shape.
// (3) A counter carried across an inner loop inside a loop whose trip count
// is a kernel argument (exllamav2's `perm[lk++]`): the same in every lane, a
// broadcast. (4) A 32x16 block assumed from the thread numbering and
// __launch_bounds__(512), 256-entry arrays read under `thrInBlock <
// numBins` (nvdiffrast's bin rasteriser): no conflict. (5) An index divided
// by 3 with __umulhi (composable_kernel's MagicDivision): rows of 4 words
// hold 3 lanes each.
// test/hardware/explore/run.sh measures it (CASES=shapes36).
#include <cstdio>
#include <cuda_runtime.h>

__device__ void viaTable(float *out) {
  __shared__ float t[128];
  t[threadIdx.x * 2] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

__device__ void (*const table[])(float *) = {viaTable};

__global__ void dispatch(float *out, int f) { table[f](out); }

template <int Size>
__global__ void halves(const float *in, float *out) {
  __shared__ float buf[Size * 2];
  buf[2 * threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

template <typename F, typename... Args>
void launchKernel(F kernel, dim3 grid, dim3 block, Args... args) {
  kernel<<<grid, block>>>(args...);
}

__global__ void counted(const unsigned short *permIn, float *out, int sizeK) {
  __shared__ unsigned short perm[128];
  int offsetK = 128 * blockIdx.y;
  int endK = offsetK + 128 < sizeK ? offsetK + 128 : sizeK;
  perm[threadIdx.x] = permIn[offsetK + threadIdx.x];
  __syncthreads();
  int lk = 0;
  float acc = 0.f;
  for (int k = offsetK; k < endK; k += 32)
    for (int j = 0; j < 4; j++) {
      acc += perm[lk++];
      acc += perm[lk++];
    }
  out[threadIdx.x] = acc;
}

struct Params {
  int numBins;
};

__global__ void __launch_bounds__(512, 1) bins(const Params p, int *out) {
  __shared__ int sOfs[256];
  __shared__ int sFirst[32];
  int thrInBlock = threadIdx.x + threadIdx.y * 32;
  if (thrInBlock < 16)
    sFirst[thrInBlock] = 0;
  if (thrInBlock < p.numBins)
    sOfs[thrInBlock] = -32;
  __syncthreads();
  if (thrInBlock < p.numBins)
    out[thrInBlock] = sOfs[thrInBlock] + sFirst[thrInBlock & 15];
}

__global__ void magic(const float *in, float *out) {
  __shared__ float rows[64 * 4];
  unsigned tid = threadIdx.x;
  unsigned q = __umulhi(tid, 0xAAAAAAABu) >> 1;
  rows[q * 4 + (tid - q * 3)] = in[tid];
  __syncthreads();
  out[tid] = rows[tid];
}

int main(int argc, char **) {
  float *out, *in;
  int *iout;
  unsigned short *perm;
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&iout, 1024 * sizeof(int));
  cudaMalloc(&perm, 1024 * sizeof(unsigned short));
  cudaMemset(in, 0, 1024 * sizeof(float));
  cudaMemset(perm, 0, 1024 * sizeof(unsigned short));
  dispatch<<<1, dim3(16, 2)>>>(out, 0);
  launchKernel(halves<64>, dim3(1), dim3(16, 2), in, out);
  launchKernel(halves<128>, dim3(1), dim3(32), in, out);
  counted<<<dim3(1, 2), 128>>>(perm, out, 192 + argc);
  // A shape ldslint cannot read: it assumes 32x16 from the numbering.
  dim3 block(argc > 5 ? 16 : 32, argc > 5 ? 8 : 16);
  bins<<<1, block>>>(Params{256}, iout);
  magic<<<1, 64>>>(in, out);
  const cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
