// Tiled matmul: nested loops (an outer loop over K whose bound is a kernel
// parameter, an inner loop over the tile), the [TILE][TILE] vs
// [TILE][TILE+1] layouts and the column-wise read of a transposed B tile.
// RUN: %clang_cuda %plugin %s 2>&1 | FileCheck %s --implicit-check-not=warning:

template <int TILE, int PAD>
__global__ void matmul(float *C, const float *A, const float *B, int K) {
  __shared__ float As[TILE][TILE + PAD];
  __shared__ float Bt[TILE][TILE + PAD];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[ty * K + k0 + tx];
    Bt[tx][ty] = B[(k0 + ty) * TILE + tx];
    // CHECK: tiled-matmul.cu:[[@LINE-1]]:5: warning: 32-way bank conflict writing shared array 'Bt' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 1 [ldslint]
    // CHECK: note: in matmul<32, 0>
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      float a = As[ty][k];
      float b = Bt[tx][k];
      // ptxas fuses iterations of k into LDS.64/LDS.128 (LoopFusion.h), of
      // clang's PTX only some: the mildest form (LDS.128, 8 lanes of a
      // quarter-warp in banks 0-3) is the degree claimed, the wavefront
      // count a lower bound ("32+").
      // CHECK: tiled-matmul.cu:[[@LINE-5]]:17: warning: 8-way bank conflict reading shared array 'Bt' on sm_{{[0-9]+}}: 32+ wavefronts per warp instruction, ideal 4 [ldslint]
      // CHECK: note: lanes 0, 1, 2, 3, ..., 7 of warp 0 access bytes 0, 128, 256, 384, ..., 896 of 'Bt' (plus a uniform offset), all in bank 0 (at k = 0)
      // CHECK: note: in matmul<32, 0>
      // CHECK: note: ptxas may fuse the accesses of consecutive iterations of 'k' into wider ones (of clang's PTX it fuses only some, measured); as written (4-byte): 32-way; as LDS.64 pairs: 16-way; as LDS.128: 8-way
      acc += a * b;
    }
    __syncthreads();
  }
  C[ty * TILE + tx] = acc;
}

void launch(float *C, const float *A, const float *B) {
  matmul<32, 0><<<1, dim3(32, 32)>>>(C, A, B, 1024);
  matmul<32, 1><<<1, dim3(32, 32)>>>(C, A, B, 1024);
}
