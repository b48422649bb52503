// A kernel written for a block BX threads wide numbers its threads
// `BX * threadIdx.y + threadIdx.x` and shares the work out in rows of 32.
// Its launch shape is built at run time, so no launch gives it: the block
// width is taken from the numbering (blockDim.x = BX), not from the default
// assumption (a whole number of warps along x), under which warp 1 of a
// 32-wide block would number its lanes 16..47 and meet a conflict the
// kernel never has (measured: test/hardware/explore/numbering25.cu).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not="not decided"
// RUN: not %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>/dev/null | FileCheck %s --check-prefix=JSON
template <int BX, int BY>
__global__ void renumbered(const float *in, float *out) {
  __shared__ float rows[BX * BY / 32][33];
  __shared__ float cols[BX][16];
  const int tidx = BX * threadIdx.y + threadIdx.x;
  const int loadY = tidx / 32, loadX = tidx % 32;
  rows[loadY][loadX] = in[tidx];
  // CHECK-DAG: thread-numbering.cu:[[@LINE-1]]:3: remark: writing shared array 'rows' on {{sm_[0-9]+}}: no bank conflict
  // CHECK-DAG: thread-numbering.cu:[[@LINE-2]]:3: note: block shape 16x8x1 from an assumption (no launch gives the shape): the kernel numbers its threads threadIdx.y * 16 + threadIdx.x, so blockDim.x = 16; blockDim.y = 8 shown, of the powers of two 2 to 64
  // CHECK-DAG: thread-numbering.cu:[[@LINE-3]]:3: note: evaluated under each assumed blockDim.y; the result holds under every one that keeps the lanes inside the array, the least is shown
  cols[threadIdx.x][threadIdx.y] = in[tidx];
  // 8-way in the 16-wide instantiation (16 lanes, two per bank pair), 16-way
  // in the 32-wide one.
  // CHECK-DAG: thread-numbering.cu:[[@LINE-3]]:3: warning: 8-way bank conflict writing shared array 'cols'
  // CHECK-DAG: thread-numbering.cu:[[@LINE-4]]:3: note: in renumbered<16, 8>; other instantiations or call sites of this access differ
  // CHECK-DAG: thread-numbering.cu:[[@LINE-5]]:3: warning: 16-way bank conflict writing shared array 'cols'
  // CHECK-DAG: thread-numbering.cu:[[@LINE-6]]:3: note: block shape 32x{{[0-9]+}}x1 from an assumption (no launch gives the shape): the kernel numbers its threads threadIdx.y * 32 + threadIdx.x, so blockDim.x = 32
  __syncthreads();
  out[tidx] = rows[loadX % (BX * BY / 32)][loadY] + cols[threadIdx.x][threadIdx.y];
}

// Padded tiles are indexed `threadIdx.y * 33 + threadIdx.x`: an address,
// not a numbering; the default assumptions stay.
__global__ void padded(const float *in, float *out) {
  __shared__ float tile[32 * 33];
  tile[threadIdx.y * 33 + threadIdx.x] = in[threadIdx.x];
  // CHECK-DAG: thread-numbering.cu:[[@LINE-1]]:3: remark: writing shared array 'tile' on {{sm_[0-9]+}}: no bank conflict
  // CHECK-DAG: thread-numbering.cu:[[@LINE-2]]:3: note: block shape unknown: assumed blockDim.x is 32 times a power of two
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x * 33 + threadIdx.y];
}

void launch(const float *in, float *out, int n) {
  dim3 threads;
  threads.x = n % 128 == 0 ? 32 : 16;
  threads.y = 8;
  if (threads.x == 16)
    renumbered<16, 8><<<1, threads>>>(in, out);
  else
    renumbered<32, 8><<<1, threads>>>(in, out);
  padded<<<1, threads>>>(in, out);
}
// JSON: "block_source": "an assumption (no launch gives the shape): the kernel numbers its threads threadIdx.y * 16 + threadIdx.x, so blockDim.x = 16; blockDim.y = {{[0-9]+}} shown, of the powers of two 2 to 64"
