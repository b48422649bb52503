// LDS code-generation survey kernels for ldslint (project issue 3, item 10).
//
// One shared-memory access pattern per kernel. tools/amd-codegen/survey.sh
// compiles this file for several AMDGPU targets and prints, per kernel, the
// ds_* instructions the backend emitted. Each kernel is declared with a
// "// @pattern NAME: description" line that survey.sh reads.
//
// Rules that keep the measured instructions clean:
//  * Kernels are extern "C" so the names in the .s are the names below.
//  * A load pattern never stores to its shared array; ESCAPE(s) publishes the
//    array's address to an empty asm with a memory clobber, so the optimiser
//    cannot fold loads of a never-written __shared__ variable to undef.
//    The ds_* instructions of a load pattern are therefore exactly its loads.
//  * A store pattern ends with ESCAPE(s) so its stores are not dead.
//  * Values come from / go to global memory (global_load / global_store),
//    which survey.sh ignores.
//
// Compiles as HIP (hipcc / clang -x hip). With -nogpuinc define LDSLINT_STUB
// to get minimal stand-ins for the few HIP names used (same instructions).

#ifdef LDSLINT_STUB
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))
struct __ldslint_tid { unsigned x, y; };
__device__ inline __ldslint_tid __ldslint_threadIdx() {
  return {__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y()};
}
#define threadIdx (__ldslint_threadIdx())
struct alignas(8) float2 { float x, y; };
struct alignas(16) float4 { float x, y, z, w; };
__device__ inline int atomicAdd(int* p, int v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}
__device__ inline float atomicAdd(float* p, float v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}
#else
#include <hip/hip_runtime.h>
#endif

// Half precision as the builtin _Float16 (what HIP's __half wraps): HIP 5.2's
// hip_fp16.h does not compile with clang 22, and the load is the same 2 bytes.
typedef _Float16 half_t;

// Barrier as recent HIP headers spell __syncthreads(). HIP 5.2's own
// __syncthreads() calls __atomic_work_item_fence from the device library,
// which is an opaque external call when compiling with -nogpulib.
#define SYNC()                                          \
  do {                                                  \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); \
    __builtin_amdgcn_s_barrier();                       \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); \
  } while (0)

#ifdef LDSLINT_STUB
__device__ inline unsigned blockDim_x() { return __builtin_amdgcn_workgroup_size_x(); }
#else
__device__ inline unsigned blockDim_x() { return blockDim.x; }
#endif

#define ESCAPE(p) asm volatile("" : : "v"(p) : "memory")
#define K extern "C" __global__ void __launch_bounds__(1024)

// ---------------------------------------------------------------- 4-byte loads

// @pattern ld_f32_s1: float load s[t]
K ld_f32_s1(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t];
}
// @pattern ld_f32_s2: float load s[2*t]
K ld_f32_s2(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[2 * t];
}
// @pattern ld_f32_s33: float load s[33*t]
K ld_f32_s33(float* out) {
  __shared__ float s[33 * 256]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[33 * t];
}
// @pattern ld_f32_bcast: float load s[0] (same address in every lane)
K ld_f32_bcast(float* out) {
  __shared__ float s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[0];
}

// ------------------------------------------------- two or more 4-byte loads

// @pattern ld_f32_2t_2t1: s[2*t] + s[2*t+1] (adjacent dwords, 8-byte aligned pair)
K ld_f32_2t_2t1(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[2 * t] + s[2 * t + 1];
}
// @pattern ld_f32_t_t1: s[t] + s[t+1] (adjacent dwords, pair only 4-byte aligned)
K ld_f32_t_t1(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 1];
}
// @pattern ld_f32_2t_2t1_off: s[2*t+o] + s[2*t+o+1], o a kernel argument (alignment unknown)
K ld_f32_2t_2t1_off(float* out, int o) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[2 * t + o] + s[2 * t + o + 1];
}
// @pattern ld_f32_4t_x4: s[4*t] + s[4*t+1] + s[4*t+2] + s[4*t+3] (16-byte aligned quad)
K ld_f32_4t_x4(float* out) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[4 * t] + s[4 * t + 1] + s[4 * t + 2] + s[4 * t + 3];
}
// @pattern ld_f32_t_t32: s[t] + s[t+32]
K ld_f32_t_t32(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 32];
}
// @pattern ld_f32_t_t64: s[t] + s[t+64]
K ld_f32_t_t64(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 64];
}
// @pattern ld_f32_t_t256: s[t] + s[t+256] (1 KiB apart: past read2's 255-dword offset)
K ld_f32_t_t256(float* out) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 256];
}
// @pattern ld_f32_t_t1024: s[t] + s[t+1024] (4 KiB apart)
K ld_f32_t_t1024(float* out) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 1024];
}
// @pattern ld_f32_t_t300: s[t] + s[t+300] (1200 bytes apart: neither read2 nor read2st64 fits)
K ld_f32_t_t300(float* out) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 300];
}
// @pattern ld_f32_2stmt: a = s[2*t]; ...; b = s[2*t+1] in two statements with global work between
K ld_f32_2stmt(float* out, const float* in) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  float a = s[2 * t];
  float g = in[t] * 3.0f;
  float b = s[2 * t + 1];
  out[t] = a * g + b;
}
// @pattern ld_f32_volatile_pair: volatile float* v = s; v[2*t] + v[2*t+1]
K ld_f32_volatile_pair(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  volatile float* v = s;
  out[t] = v[2 * t] + v[2 * t + 1];
}
// @pattern ld_f32_extern_2t_2t1: extern __shared__ float d[]; d[2*t] + d[2*t+1]
K ld_f32_extern_2t_2t1(float* out) {
  extern __shared__ float d[]; ESCAPE(d); SYNC();
  int t = threadIdx.x;
  out[t] = d[2 * t] + d[2 * t + 1];
}

// @pattern ld_f32_extern_4t_x4: extern __shared__ float d[]; d[4*t] + d[4*t+1] + d[4*t+2] + d[4*t+3]
K ld_f32_extern_4t_x4(float* out) {
  extern __shared__ float d[]; ESCAPE(d); SYNC();
  int t = threadIdx.x;
  out[t] = d[4 * t] + d[4 * t + 1] + d[4 * t + 2] + d[4 * t + 3];
}
// @pattern ld_f32_stride_arg: s[t*S] + s[t*S+1], S a kernel argument
K ld_f32_stride_arg(float* out, int S) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t * S] + s[t * S + 1];
}
// @pattern ld_f32_cond_second: a = s[2*t]; if (t & 1) a += s[2*t+1]  (second load conditional)
K ld_f32_cond_second(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  float a = s[2 * t];
  if (t & 1) a += s[2 * t + 1];
  out[t] = a;
}
// @pattern ld_f32_across_sync: a = s[2*t]; __syncthreads(); b = s[2*t+1]
K ld_f32_across_sync(float* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  float a = s[2 * t];
  SYNC();
  float b = s[2 * t + 1];
  out[t] = a + b;
}
// @pattern ld_tile64_pair: block 32x8, float tile[32][64]: tile[ty][2*tx] + tile[ty][2*tx+1]
K ld_tile64_pair(float* out) {
  __shared__ float tile[32][64]; ESCAPE(tile); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  out[ty * 32 + tx] = tile[ty][2 * tx] + tile[ty][2 * tx + 1];
}
// @pattern ld_tile65_pair: same with tile[32][65] (odd row pitch: pairs only 4-byte aligned)
K ld_tile65_pair(float* out) {
  __shared__ float tile[32][65]; ESCAPE(tile); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  out[ty * 32 + tx] = tile[ty][2 * tx] + tile[ty][2 * tx + 1];
}

// ---------------------------------------------------------------- 4-byte stores

// @pattern st_f32_s1: float store s[t] = v
K st_f32_s1(const float* in) {
  __shared__ float s[2048];
  int t = threadIdx.x;
  s[t] = in[t];
  ESCAPE(s);
}
// @pattern st_f32_s32: float store s[32*t] = v
K st_f32_s32(const float* in) {
  __shared__ float s[32 * 256];
  int t = threadIdx.x;
  s[32 * t] = in[t];
  ESCAPE(s);
}
// @pattern st_f32_2t_2t1: s[2*t] = a; s[2*t+1] = b
K st_f32_2t_2t1(const float* in) {
  __shared__ float s[2048];
  int t = threadIdx.x;
  s[2 * t] = in[t];
  s[2 * t + 1] = in[t + 1024];
  ESCAPE(s);
}
// @pattern st_f32_t_t64: s[t] = a; s[t+64] = b
K st_f32_t_t64(const float* in) {
  __shared__ float s[2048];
  int t = threadIdx.x;
  s[t] = in[t];
  s[t + 64] = in[t + 1024];
  ESCAPE(s);
}

// ---------------------------------------------------------------- vectors, double

// @pattern ld_f2_s1: float2 load reinterpret_cast<float2*>(s)[t]
K ld_f2_s1(float2* out) {
  __shared__ float s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = reinterpret_cast<float2*>(s)[t];
}
// @pattern st_f2_s1: float2 store reinterpret_cast<float2*>(s)[t] = v
K st_f2_s1(const float2* in) {
  __shared__ float s[2048];
  int t = threadIdx.x;
  reinterpret_cast<float2*>(s)[t] = in[t];
  ESCAPE(s);
}
// @pattern ld_f4_s1: float4 load reinterpret_cast<float4*>(s)[t] (declared float array, align 4)
K ld_f4_s1(float4* out) {
  __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = reinterpret_cast<float4*>(s)[t];
}
// @pattern ld_f4_s1_al16: float4 load from alignas(16) __shared__ float s[]
K ld_f4_s1_al16(float4* out) {
  alignas(16) __shared__ float s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = reinterpret_cast<float4*>(s)[t];
}
// @pattern ld_f4_s2: float4 load reinterpret_cast<float4*>(s)[2*t]
K ld_f4_s2(float4* out) {
  __shared__ float4 s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[2 * t];
}
// @pattern st_f4_s1: float4 store reinterpret_cast<float4*>(s)[t] = v
K st_f4_s1(const float4* in) {
  __shared__ float s[4096];
  int t = threadIdx.x;
  reinterpret_cast<float4*>(s)[t] = in[t];
  ESCAPE(s);
}
// @pattern ld_f4_tile_row: float4 load *reinterpret_cast<float4*>(&tile[r][4*q]), tile[32][32]
K ld_f4_tile_row(float4* out) {
  alignas(16) __shared__ float tile[32][32]; ESCAPE(tile); SYNC();
  int t = threadIdx.x, r = t / 8, q = t % 8;
  out[t] = *reinterpret_cast<float4*>(&tile[r][4 * q]);
}
// @pattern ld_f64_s1: double load s[t]
K ld_f64_s1(double* out) {
  __shared__ double s[1024]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t];
}
// @pattern ld_f64_2t_2t1: double loads s[2*t] + s[2*t+1]
K ld_f64_2t_2t1(double* out) {
  __shared__ double s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[2 * t] + s[2 * t + 1];
}
// @pattern ld_f64_t_t32: double loads s[t] + s[t+32]
K ld_f64_t_t32(double* out) {
  __shared__ double s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t] + s[t + 32];
}
// @pattern st_f64_s1: double store s[t] = v
K st_f64_s1(const double* in) {
  __shared__ double s[1024];
  int t = threadIdx.x;
  s[t] = in[t];
  ESCAPE(s);
}

// ---------------------------------------------------------------- sub-dword

// @pattern ld_half_s1: _Float16 load s[t] (converted to float)
K ld_half_s1(float* out) {
  __shared__ half_t s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = (float)s[t];
}
// @pattern ld_half_2t_2t1: _Float16 loads s[2*t], s[2*t+1] (one dword per lane)
K ld_half_2t_2t1(float* out) {
  __shared__ half_t s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = (float)s[2 * t] + (float)s[2 * t + 1];
}
// @pattern ld_short_s1: short load s[t]
K ld_short_s1(int* out) {
  __shared__ short s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t];
}
// @pattern ld_ushort_s1: unsigned short load s[t]
K ld_ushort_s1(unsigned* out) {
  __shared__ unsigned short s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t];
}
// @pattern ld_char_s1: signed char load s[t]
K ld_char_s1(int* out) {
  __shared__ signed char s[2048]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[t];
}
// @pattern ld_uchar_s4: unsigned char load s[4*t]
K ld_uchar_s4(unsigned* out) {
  __shared__ unsigned char s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[4 * t];
}
// @pattern ld_char_4t_x4: char loads s[4*t..4*t+3] summed (one dword per lane)
K ld_char_4t_x4(int* out) {
  __shared__ signed char s[4096]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = s[4 * t] + s[4 * t + 1] + s[4 * t + 2] + s[4 * t + 3];
}
// @pattern st_half_s1: _Float16 store s[t] = v
K st_half_s1(const half_t* in) {
  __shared__ half_t s[2048];
  int t = threadIdx.x;
  s[t] = in[t];
  ESCAPE(s);
}
// @pattern st_char_s1: char store s[t] = v
K st_char_s1(const signed char* in) {
  __shared__ signed char s[2048];
  int t = threadIdx.x;
  s[t] = in[t];
  ESCAPE(s);
}

// ---------------------------------------------------------------- 2-D tiles

// @pattern tile32_read_T: block 32x32, float tile[32][32], read tile[tx][ty]
K tile32_read_T(float* out) {
  __shared__ float tile[32][32]; ESCAPE(tile); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  out[ty * 32 + tx] = tile[tx][ty];
}
// @pattern tile33_read_T: block 32x32, float tile[32][33], read tile[tx][ty]
K tile33_read_T(float* out) {
  __shared__ float tile[32][33]; ESCAPE(tile); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  out[ty * 32 + tx] = tile[tx][ty];
}
// @pattern tile32_write: block 32x32, float tile[32][32], write tile[ty][tx]
K tile32_write(const float* in) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[ty * 32 + tx];
  ESCAPE(tile);
}
// @pattern transpose32_rd: block 32x8, tile[32][32], unrolled j+=8: out = tile[tx][ty+j] (hip-samples/transpose.hip)
K transpose32_rd(float* out) {
  __shared__ float tile[32][32]; ESCAPE(tile); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8) out[(ty + j) * 32 + tx] = tile[tx][ty + j];
}
// @pattern transpose33_rd: same with tile[32][33]
K transpose33_rd(float* out) {
  __shared__ float tile[32][33]; ESCAPE(tile); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8) out[(ty + j) * 32 + tx] = tile[tx][ty + j];
}
// @pattern transpose32_wr: block 32x8, tile[32][32], unrolled j+=8: tile[ty+j][tx] = in
K transpose32_wr(const float* in) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8) tile[ty + j][tx] = in[(ty + j) * 32 + tx];
  ESCAPE(tile);
}
// @pattern transpose33_wr: same with tile[32][33]
K transpose33_wr(const float* in) {
  __shared__ float tile[32][33];
  int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
  for (int j = 0; j < 32; j += 8) tile[ty + j][tx] = in[(ty + j) * 32 + tx];
  ESCAPE(tile);
}
// @pattern transpose_f4_colread: float4 tile transpose gather o.x..o.w = tile[4p+i][c] (hip-samples)
K transpose_f4_colread(float4* out) {
  alignas(16) __shared__ float tile[32][32]; ESCAPE(tile); SYNC();
  int t = threadIdx.y * 32 + threadIdx.x;
  int c = t / 8, p = t % 8;
  float4 o;
  o.x = tile[4 * p + 0][c];
  o.y = tile[4 * p + 1][c];
  o.z = tile[4 * p + 2][c];
  o.w = tile[4 * p + 3][c];
  out[t] = o;
}

// ---------------------------------------------------------------- tiled matmul

// @pattern mm16_inner: TS=16, unrolled k: acc += As[ty][k] * Bs[k][tx]
K mm16_inner(float* out) {
  __shared__ float As[16][16], Bs[16][16]; ESCAPE(As); ESCAPE(Bs); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
  out[ty * 16 + tx] = acc;
}
// @pattern mm32_inner: TS=32, unrolled k: acc += As[ty][k] * Bs[k][tx]
K mm32_inner(float* out) {
  __shared__ float As[32][32], Bs[32][32]; ESCAPE(As); ESCAPE(Bs); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 32; ++k) acc += As[ty][k] * Bs[k][tx];
  out[ty * 32 + tx] = acc;
}
// @pattern mm32_inner_nounroll: TS=32, #pragma unroll 1
K mm32_inner_nounroll(float* out) {
  __shared__ float As[32][32], Bs[32][32]; ESCAPE(As); ESCAPE(Bs); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll 1
  for (int k = 0; k < 32; ++k) acc += As[ty][k] * Bs[k][tx];
  out[ty * 32 + tx] = acc;
}
// @pattern mm32_bt_inner: TS=32, sBt[32][32]: acc += sA[ty][k] * sBt[tx][k] (hip-samples sgemm32_bt, unrolled)
K mm32_bt_inner(float* out) {
  __shared__ float sA[32][32], sBt[32][32]; ESCAPE(sA); ESCAPE(sBt); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 32; ++k) acc += sA[ty][k] * sBt[tx][k];
  out[ty * 32 + tx] = acc;
}
// @pattern mm32_bt_inner_nopragma: as mm32_bt_inner without #pragma unroll (the hip-samples text)
K mm32_bt_inner_nopragma(float* out) {
  __shared__ float sA[32][32], sBt[32][32]; ESCAPE(sA); ESCAPE(sBt); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k = 0; k < 32; ++k) acc += sA[ty][k] * sBt[tx][k];
  out[ty * 32 + tx] = acc;
}
// @pattern mm32_bt33_inner: same with sBt[32][33]
K mm32_bt33_inner(float* out) {
  __shared__ float sA[32][32], sBt[32][33]; ESCAPE(sA); ESCAPE(sBt); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 32; ++k) acc += sA[ty][k] * sBt[tx][k];
  out[ty * 32 + tx] = acc;
}
// @pattern mm32_bt36_inner: same with sBt[32][36] (row pitch 144 B keeps 16-byte alignment)
K mm32_bt36_inner(float* out) {
  __shared__ float sA[32][32], sBt[32][36]; ESCAPE(sA); ESCAPE(sBt); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 32; ++k) acc += sA[ty][k] * sBt[tx][k];
  out[ty * 32 + tx] = acc;
}
// @pattern mm64_regblock: 64x64 tile, 4x4/thread: a[i]=sAt[k][ty+16i], b[j]=sB[k][tx+16j], k unrolled (hip-samples sgemm64)
K mm64_regblock(float* out) {
  __shared__ float sAt[16][64], sB[16][64]; ESCAPE(sAt); ESCAPE(sB); SYNC();
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc[4][4] = {};
#pragma unroll
  for (int k = 0; k < 16; ++k) {
    float a[4], b[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) a[i] = sAt[k][ty + 16 * i];
#pragma unroll
    for (int j = 0; j < 4; ++j) b[j] = sB[k][tx + 16 * j];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) out[(ty + 16 * i) * 64 + tx + 16 * j] = acc[i][j];
}

// ---------------------------------------------------------------- atomics

// @pattern atom_int_noret: atomicAdd(&s[t % 64], 1), result unused
K atom_int_noret(int* out) {
  __shared__ int s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  atomicAdd(&s[t % 64], 1);
  ESCAPE(s);
}
// @pattern atom_int_ret: r = atomicAdd(&s[t % 64], 1)
K atom_int_ret(int* out) {
  __shared__ int s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = atomicAdd(&s[t % 64], 1);
}
// @pattern atom_int_same: atomicAdd(&s[0], 1) (one address for all lanes)
K atom_int_same(int* out) {
  __shared__ int s[64]; ESCAPE(s); SYNC();
  atomicAdd(&s[0], 1);
  ESCAPE(s);
}
// @pattern atom_int_same_var: atomicAdd(&s[0], in[t]) (one address, lane-varying value)
K atom_int_same_var(int* out, const int* in) {
  __shared__ int s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  atomicAdd(&s[0], in[t]);
  ESCAPE(s);
}
// @pattern atom_f32_noret: atomicAdd(&s[t % 64], 1.0f), result unused
K atom_f32_noret(float* out) {
  __shared__ float s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  atomicAdd(&s[t % 64], 1.0f);
  ESCAPE(s);
}
// @pattern atom_f32_ret: r = atomicAdd(&s[t % 64], 1.0f)
K atom_f32_ret(float* out) {
  __shared__ float s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  out[t] = atomicAdd(&s[t % 64], 1.0f);
}

// @pattern atom_f32_same_var: atomicAdd(&s[0], in[t]) on float (one address, lane-varying value)
K atom_f32_same_var(float* out, const float* in) {
  __shared__ float s[64]; ESCAPE(s); SYNC();
  int t = threadIdx.x;
  atomicAdd(&s[0], in[t]);
  ESCAPE(s);
}

// ---------------------------------------------------------------- reductions

// @pattern red_loop: for (s = 128; s > 0; s >>= 1) if (t < s) sdata[t] += sdata[t+s]  (constant trip count)
K red_loop(float* out, const float* in) {
  __shared__ float sdata[256];
  int t = threadIdx.x;
  sdata[t] = in[t];
  SYNC();
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    SYNC();
  }
  if (t == 0) out[0] = sdata[0];
}
// @pattern red_loop_bdim: for (s = blockDim.x/2; s > 0; s >>= 1) if (t < s) sdata[t] += sdata[t+s]
K red_loop_bdim(float* out, const float* in) {
  __shared__ float sdata[1024];
  int t = threadIdx.x;
  sdata[t] = in[t];
  SYNC();
  for (unsigned s = blockDim_x() / 2; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    SYNC();
  }
  if (t == 0) out[0] = sdata[0];
}
// @pattern red_step64: one step with a constant: if (t < 64) sdata[t] += sdata[t+64]
K red_step64(float* out) {
  __shared__ float sdata[256]; ESCAPE(sdata); SYNC();
  int t = threadIdx.x;
  if (t < 64) sdata[t] += sdata[t + 64];
  ESCAPE(sdata);
}
// @pattern red_step1: one step: if (t < 128) sdata[2*t] += sdata[2*t+1]  (interleaved, adjacent)
K red_step1(float* out) {
  __shared__ float sdata[256]; ESCAPE(sdata); SYNC();
  int t = threadIdx.x;
  if (t < 128) sdata[2 * t] += sdata[2 * t + 1];
  ESCAPE(sdata);
}
// @pattern red_warp_volatile: warp tail, volatile: v[t] += v[t+32]; v[t] += v[t+16]; ... v[t] += v[t+1]
K red_warp_volatile(float* out) {
  __shared__ float sdata[256]; ESCAPE(sdata); SYNC();
  int t = threadIdx.x;
  if (t < 32) {
    volatile float* v = sdata;
    v[t] += v[t + 32]; v[t] += v[t + 16]; v[t] += v[t + 8];
    v[t] += v[t + 4];  v[t] += v[t + 2];  v[t] += v[t + 1];
  }
  ESCAPE(sdata);
}
