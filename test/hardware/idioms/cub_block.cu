// CUB block primitives in a user's kernel (their shared-memory accesses are
// in CUB's headers and reported at this file's lines that call them).
#include <cub/cub.cuh>
#include <cstdio>

template <int BLOCK, int ITEMS>
__global__ void cubBlocks(int *d_in, int *d_out) {
  using Load = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cub::BlockStore<int, BLOCK, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using Scan = cub::BlockScan<int, BLOCK>;
  using Reduce = cub::BlockReduce<int, BLOCK>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Scan::TempStorage scan;
    typename Reduce::TempStorage reduce;
  } temp;
  int items[ITEMS];
  const int offset = blockIdx.x * BLOCK * ITEMS;
  Load(temp.load).Load(d_in + offset, items);
  __syncthreads();
  Scan(temp.scan).ExclusiveSum(items, items);
  __syncthreads();
  const int total = Reduce(temp.reduce).Sum(items[0]);
  __syncthreads();
  Store(temp.store).Store(d_out + offset, items);
  if (threadIdx.x == 0)
    d_out[blockIdx.x] += total;
}

int main() {
  const int blocks = 1024, n = blocks * 128 * 4;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 1, n * sizeof(int));
  cubBlocks<128, 4><<<blocks, 128>>>(in, out);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("cub_block: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
