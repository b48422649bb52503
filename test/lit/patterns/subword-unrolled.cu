// 2-byte accesses of consecutive iterations of a loop nvcc unrolls are made
// one wider access before ptxas (FlashAttention 2's `cute::fill` of a half
// tile: 2-byte stores as written, `st.shared.v4.u32` in nvcc's PTX). Not
// measured: a conflict of the accesses as written is not claimed.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s

__global__ void fillHalves(short *out) {
  __shared__ short tile[32 * 8];
  // Each lane owns 8 consecutive halves (16 bytes): as 2-byte stores, lanes
  // 0, 8, 16 and 24 share a bank (4-way); as one 16-byte store, none do.
#pragma unroll
  for (int i = 0; i < 8; ++i)
    tile[threadIdx.x * 8 + i] = 0;
  // CHECK: subword-unrolled.cu:[[@LINE-1]]:5: remark: writing shared array 'tile' on sm_{{[0-9]+}}: bank conflicts not decided: the compiler may make one wider access of the 2-byte accesses of consecutive iterations of 'i', a loop it unrolls (nvcc does, before ptxas; not measured); as written it would be 4-way
  __syncthreads();
  // Iterations 64 bytes apart are never adjacent: as written.
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x + 32 * i] = tile[threadIdx.x * 2 + 64 * i];
  // CHECK: subword-unrolled.cu:[[@LINE-1]]:33: remark: reading shared array 'tile' on sm_{{[0-9]+}}: no bank conflict (1 wavefronts per warp instruction)
}

// 13 bytes per lane (CUB's radix sort of bytes): odd lanes start at odd
// addresses, so no pairing of iterations is aligned in every lane and
// nothing is widened: as written, lanes 0 and 10 share bank 0.
__global__ void oddBytes(unsigned char *out) {
  __shared__ unsigned char keys[32 * 13];
  for (int i = 0; i < 13; ++i)
    keys[threadIdx.x * 13 + i] = out[i];
  // CHECK: subword-unrolled.cu:[[@LINE-1]]:5: warning: 2-way bank conflict writing shared array 'keys' on sm_{{[0-9]+}}
  __syncthreads();
  out[threadIdx.x] = keys[threadIdx.x];
}

void launch(short *o) {
  fillHalves<<<1, 32>>>(o);
  oddBytes<<<1, 32>>>(reinterpret_cast<unsigned char *>(o));
}
