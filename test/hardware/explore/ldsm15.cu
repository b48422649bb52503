// Exploration (not part of the validated kit): ldmatrix/stmatrix and
// cp.async written in inline PTX, as GEMM and attention kernels issue them
// (LeetCUDA's LDMATRIX_X4/CP_ASYNC_CG macros, CuTe's LDSM/STSM atoms), with
// addresses passed as pointers or computed as integers from
// `__cvta_generic_to_shared`. The fifteenth session reads an ldmatrix.xN as a
// 16-byte access by lanes 0 .. 8N-1 (one row each) and measures that here on
// an H200 against ldslint's predictions:
//   OUT=DIR CASES=ldsm15 bash test/hardware/explore/run.sh
// One warp per kernel; every asm statement is on one line (nvcc's line
// table puts a statement's instruction at its last line).
#include <cstdint>
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__device__ uint32_t smem_u32(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ void fill(half *s, int n, const half *g) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = g[i];
  __syncthreads();
}

__device__ void keep(uint32_t *out, uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
  out[threadIdx.x] = a ^ b ^ c ^ d;
}

// Rows of 16 bytes one after the other: each 8-row matrix covers the 32
// banks once (predicted: no conflict, 4 wavefronts).
__global__ void ldsm_x4_contiguous(const half *g, uint32_t *out) {
  __shared__ half s[32 * 8];
  fill(s, 32 * 8, g);
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smem_u32(&s[threadIdx.x * 8])));
  keep(out, a, b, c, d);
}

// Rows 128 bytes apart (a 64-half tile row): the 8 rows of a matrix are in
// the same 4 banks (predicted: 8-way, 32 wavefronts).
__global__ void ldsm_x4_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smem_u32(&s[threadIdx.x * 64])));
  keep(out, a, b, c, d);
}

// Rows 64 bytes apart: rows r and r + 2 share banks (predicted: 4-way).
__global__ void ldsm_x4_stride64(const half *g, uint32_t *out) {
  __shared__ half s[32 * 32];
  fill(s, 32 * 32, g);
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smem_u32(&s[threadIdx.x * 32])));
  keep(out, a, b, c, d);
}

// The 128-byte rows padded by 16 bytes (predicted: no conflict).
__global__ void ldsm_x4_padded(const half *g, uint32_t *out) {
  __shared__ half s[32 * 72];
  fill(s, 32 * 72, g);
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smem_u32(&s[threadIdx.x * 72])));
  keep(out, a, b, c, d);
}

// The 128-byte rows with their 16-byte chunks XOR-swizzled by the row
// (predicted: no conflict).
__global__ void ldsm_x4_swizzled(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  const int r = threadIdx.x;
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smem_u32(&s[r * 64 + ((r & 7) << 3)])));
  keep(out, a, b, c, d);
}

// Transposed: the same rows are read (predicted: 8-way, as without .trans).
__global__ void ldsm_x4_trans_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(smem_u32(&s[threadIdx.x * 64])));
  keep(out, a, b, c, d);
}

// Two matrices: lanes 0-15 give rows 128 bytes apart; lanes 16-31 would
// conflict too, but their addresses are not used (predicted: 8-way, 16
// wavefronts).
__global__ void ldsm_x2_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  uint32_t a, b;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "r"(smem_u32(&s[threadIdx.x * 64])));
  keep(out, a, b, 0, 0);
}

// One matrix: lanes 0-7 give rows 16 bytes apart; the other lanes'
// addresses, all row 0, are not used (predicted: no conflict, 1 wavefront).
__global__ void ldsm_x1_others_ignored(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  const int r = threadIdx.x < 8 ? threadIdx.x * 8 : (threadIdx.x & 7) * 64;
  uint32_t a;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(a) : "r"(smem_u32(&s[r])));
  keep(out, a, 0, 0, 0);
}

// The address computed as an integer from the tile's base, as LeetCUDA's
// kernels do (predicted: 8-way, as ldsm_x4_stride128).
__global__ void ldsm_x4_integer_address(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  const uint32_t base = smem_u32(s);
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(static_cast<uint32_t>(base + threadIdx.x * 64 * sizeof(half))));
  keep(out, a, b, c, d);
}

// The same integer address, swizzled and padded the way LeetCUDA's tiles are
// (predicted: no conflict).
__global__ void ldsm_x4_integer_swizzled(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  const uint32_t base = smem_u32(s);
  const int r = threadIdx.x;
  uint32_t a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(base + (r * 64 + ((r & 7) << 3)) * 2));
  keep(out, a, b, c, d);
}

// A 4-byte load at an integer address, 128 bytes per lane (predicted:
// 32-way).
__global__ void lds_integer_column(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  fill(s, 32 * 64, g);
  const uint32_t base = smem_u32(s);
  uint32_t v;
  asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(base + threadIdx.x * 128));
  keep(out, v, 0, 0, 0);
}

// stmatrix (sm_90): rows 128 bytes apart (predicted: 8-way write) and
// contiguous (predicted: no conflict).
__global__ void stsm_x4_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  const uint32_t v = threadIdx.x;
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" : : "r"(smem_u32(&s[threadIdx.x * 64])), "r"(v), "r"(v + 1), "r"(v + 2), "r"(v + 3) : "memory");
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 64]) + (g == nullptr);
}

__global__ void stsm_x4_contiguous(const half *g, uint32_t *out) {
  __shared__ half s[32 * 8];
  const uint32_t v = threadIdx.x;
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" : : "r"(smem_u32(&s[threadIdx.x * 8])), "r"(v), "r"(v + 1), "r"(v + 2), "r"(v + 3) : "memory");
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 8]) + (g == nullptr);
}

// cp.async of 16 bytes per lane into shared memory at an integer address:
// consecutive (no conflict as a store would be) and 128 bytes apart (8-way
// as a store would be). How the counters count LDGSTS is what is measured:
// with consecutive global addresses, as those stores (4 and 32 wavefronts).
__global__ void cp_async_contiguous(const half *g, uint32_t *out) {
  __shared__ half s[32 * 8];
  const uint32_t base = smem_u32(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(base + threadIdx.x * 16), "l"(&g[threadIdx.x * 8]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 8]);
}

__global__ void cp_async_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  const uint32_t base = smem_u32(s);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(base + threadIdx.x * 128), "l"(&g[threadIdx.x * 8]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 64]);
}

// cp.async of 4 and 8 bytes per lane (.ca), 128 bytes apart (32-way and
// 16-way as stores of those widths would be) and consecutive.
__global__ void cp_async4_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  const uint32_t base = smem_u32(s);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(base + threadIdx.x * 128), "l"(&g[threadIdx.x * 2]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 64]);
}

__global__ void cp_async8_stride128(const half *g, uint32_t *out) {
  __shared__ half s[32 * 64];
  const uint32_t base = smem_u32(s);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(base + threadIdx.x * 128), "l"(&g[threadIdx.x * 4]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 64]);
}

__global__ void cp_async8_contiguous(const half *g, uint32_t *out) {
  __shared__ half s[32 * 4];
  const uint32_t base = smem_u32(s);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(base + threadIdx.x * 8), "l"(&g[threadIdx.x * 4]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 4]);
}

// The same 512 consecutive shared bytes as cp_async_contiguous, read from 16
// global rows 512 bytes apart (a 16x16 half tile of a row-major matrix, as
// LeetCUDA's GEMMs load it): 16 wavefronts on an H200 where a store would
// take 4. The global side is not modelled, so ldslint answers `unknown`.
__global__ void cp_async_from_rows(const half *g, uint32_t *out) {
  __shared__ half s[32 * 8];
  const uint32_t base = smem_u32(s);
  const int row = threadIdx.x / 2, chunk = threadIdx.x % 2;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(base + threadIdx.x * 16), "l"(&g[row * 256 + chunk * 8]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = __half_as_ushort(s[threadIdx.x * 8]);
}

int main() {
  half *g;
  uint32_t *out;
  cudaMalloc(&g, 16 * 256 * sizeof(half));
  cudaMemset(g, 0, 16 * 256 * sizeof(half));
  cudaMalloc(&out, 32 * sizeof(uint32_t));
  ldsm_x4_contiguous<<<1, 32>>>(g, out);
  ldsm_x4_stride128<<<1, 32>>>(g, out);
  ldsm_x4_stride64<<<1, 32>>>(g, out);
  ldsm_x4_padded<<<1, 32>>>(g, out);
  ldsm_x4_swizzled<<<1, 32>>>(g, out);
  ldsm_x4_trans_stride128<<<1, 32>>>(g, out);
  ldsm_x2_stride128<<<1, 32>>>(g, out);
  ldsm_x1_others_ignored<<<1, 32>>>(g, out);
  ldsm_x4_integer_address<<<1, 32>>>(g, out);
  ldsm_x4_integer_swizzled<<<1, 32>>>(g, out);
  lds_integer_column<<<1, 32>>>(g, out);
  stsm_x4_stride128<<<1, 32>>>(g, out);
  stsm_x4_contiguous<<<1, 32>>>(g, out);
  cp_async_contiguous<<<1, 32>>>(g, out);
  cp_async_stride128<<<1, 32>>>(g, out);
  cp_async4_stride128<<<1, 32>>>(g, out);
  cp_async8_stride128<<<1, 32>>>(g, out);
  cp_async8_contiguous<<<1, 32>>>(g, out);
  cp_async_from_rows<<<1, 32>>>(g, out);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("ldsm15: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
