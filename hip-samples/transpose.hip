// transpose.hip - out-of-place matrix transpose through shared memory (LDS).
//
// The classic kernels of M. Harris, "An Efficient Matrix Transpose in CUDA
// C/C++" (2013), on a 64x64 tile with a 64x8 thread block, each thread moving
// 8 rows (measured on an H200 with the padded tile: 95% of cudaMemcpy D2D,
// against 90% with a 32x32 tile and 32x4 blocks and 88% with Harris's 32x8).
// The tile is written row-wise and read column-wise, so the plain
// `tile[64][64]` layout puts a whole warp's column read in one bank.
//
//   kernel                            shared layout        conflict (NVIDIA, warp32)
//   copy_kernel                       -                    - (bandwidth reference)
//   transpose_naive                   -                    - (uncoalesced stores)
//   transpose_shared_conflict         tile[64][64]         read 32-way
//   transpose_shared_padded           tile[64][65]         none
//   transpose_shared_swizzled         tile[64][64], x^y    none
//   transpose_shared_float4_conflict  tile[64][64], v4     read 8-way
//   transpose_shared_float4_swizzled  tile[64][64], v4+xor none
//
// On AMD CDNA (wave64) a ds_read_b32 is resolved per half-wave of 32 lanes;
// with a 64x8 block a half-wave is half a tile row, exactly like an NVIDIA
// warp, so the scalar kernels conflict identically there.
//
// Matrices are row-major; `in` is height x width, `out` is width x height.
// width and height must be multiples of 64 (the float4 tile; both sizes used
// by main are).

#include "bench_util.h"

static constexpr int TILE_DIM = 64;
static constexpr int BLOCK_ROWS = 8;

// Reference for "% of copy": same grid, block and per-thread work as the
// transposes, but reads and writes are both row-wise.
__global__ void copy_kernel(float* __restrict__ out, const float* __restrict__ in,
                            int width, int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * width + x] = in[(y + j) * width + x];
}

// No shared memory: coalesced reads, stores strided by `height`.
__global__ void transpose_naive(float* __restrict__ out, const float* __restrict__ in,
                                int width, int height) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}

// Read tile[threadIdx.x][...]: the 32 lanes of a warp read one column, word
// stride 64, all in the same bank: 32-way conflict (32 wavefronts, 31 extra).
__global__ void transpose_shared_conflict(float* __restrict__ out, const float* __restrict__ in,
                                          int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Same text as transpose_shared_conflict except the extent: a row of 65 words
// shifts each row by one bank, so a column touches 32 different banks.
__global__ void transpose_shared_padded(float* __restrict__ out, const float* __restrict__ in,
                                        int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// XOR swizzle: element (r, c) lives at tile[r][c ^ r]. A row write permutes
// the columns of one row (still 32 banks per warp); a warp's column read of
// column c hits banks (c ^ r) % 32 for 32 consecutive r, all different. No
// extra memory, rows stay aligned.
__global__ void transpose_shared_swizzled(float* __restrict__ out, const float* __restrict__ in,
                                          int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x ^ ((threadIdx.y + j) % TILE_DIM)] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][(threadIdx.y + j) ^ (threadIdx.x % TILE_DIM)];
}

// Vectorised, on a 64x64 tile (16 KiB) with 512 threads: each thread loads two
// float4 (rows r = t / 16 and r + 32, chunk q = t % 16) and stores each with
// one 16-byte shared store, then gathers, twice, four floats of one tile
// column (tile rows 4p .. 4p+3, column c) and writes them as one float4 of the
// output. Measured on an H200 with the swizzle: 95% of the copy kernel (94% of
// cudaMemcpy), against 89% on a 32x32 tile with 256 threads, one float4 each.
//
// The 16-byte stores are conflict-free (a phase of 8 lanes covers 32
// consecutive words). The scalar column reads are not: a warp reads 4 columns
// c and 8 rows 4p+i, and every row of 64 words starts in bank 0, so the 8 rows
// of one column share a bank: 8-way conflict (8 wavefronts, 7 extra).
static constexpr int TILE4 = 64;

__global__ void transpose_shared_float4_conflict(float* __restrict__ out,
                                                 const float* __restrict__ in,
                                                 int width, int height) {
  alignas(16) __shared__ float tile[TILE4][TILE4];
  int t = threadIdx.x;
  float4 v[2];
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    int r = t / 16 + 32 * k, q = t % 16;
    v[k] = *reinterpret_cast<const float4*>(
        &in[(blockIdx.y * TILE4 + r) * width + blockIdx.x * TILE4 + 4 * q]);
  }
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    int r = t / 16 + 32 * k, q = t % 16;
    *reinterpret_cast<float4*>(&tile[r][4 * q]) = v[k];
  }
  __syncthreads();
  int p = t % 8 + 8 * (t / 256);
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    int c = (t / 8) % 32 + 32 * k;
    float4 o;
    o.x = tile[4 * p + 0][c];
    o.y = tile[4 * p + 1][c];
    o.z = tile[4 * p + 2][c];
    o.w = tile[4 * p + 3][c];
    *reinterpret_cast<float4*>(
        &out[(blockIdx.x * TILE4 + c) * height + blockIdx.y * TILE4 + 4 * p]) = o;
  }
}

// Conflict-free layout that keeps 16-byte alignment (padding to 65 would break
// the float4 stores, and no padding in steps of 4 removes the conflict). This
// is ldslint's fix (`ldslint --fix`): a swizzle of whole 16-byte chunks,
// element (r, c) lives at column c ^ ((r / 4) * 4 % 64). The stores still
// cover 16 distinct chunks per row; the 8 rows 4p+i that a warp reads for one
// column land in 8 different chunk positions = 32 distinct banks.
__global__ void transpose_shared_float4_swizzled(float* __restrict__ out,
                                                 const float* __restrict__ in,
                                                 int width, int height) {
  alignas(16) __shared__ float tile[TILE4][TILE4];
  int t = threadIdx.x;
  float4 v[2];
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    int r = t / 16 + 32 * k, q = t % 16;
    v[k] = *reinterpret_cast<const float4*>(
        &in[(blockIdx.y * TILE4 + r) * width + blockIdx.x * TILE4 + 4 * q]);
  }
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    int r = t / 16 + 32 * k, q = t % 16;
    *reinterpret_cast<float4*>(&tile[r][(4 * q) ^ ((r / 4) * 4 % TILE4)]) = v[k];
  }
  __syncthreads();
  int p = t % 8 + 8 * (t / 256);
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    int c = (t / 8) % 32 + 32 * k;
    float4 o;
    o.x = tile[4 * p + 0][c ^ (((4 * p + 0) / 4) * 4 % TILE4)];
    o.y = tile[4 * p + 1][c ^ (((4 * p + 1) / 4) * 4 % TILE4)];
    o.z = tile[4 * p + 2][c ^ (((4 * p + 2) / 4) * 4 % TILE4)];
    o.w = tile[4 * p + 3][c ^ (((4 * p + 3) / 4) * 4 % TILE4)];
    *reinterpret_cast<float4*>(
        &out[(blockIdx.x * TILE4 + c) * height + blockIdx.y * TILE4 + 4 * p]) = o;
  }
}

// ---------------------------------------------------------------------------
// Launch sites. Each writes its block shape as a constant right at the call
// (ldslint takes the block shape from constant launch sites in this file).
// The scalar kernels assume blockDim == (TILE_DIM, BLOCK_ROWS) == (64, 8), the
// float4 kernels 512 threads.
static_assert(TILE_DIM == 64 && BLOCK_ROWS == 8, "launch sites below hard-code 64x8");

static void launch_copy_kernel(float* out, const float* in, int width, int height) {
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(64, 8);
  copy_kernel<<<grid, block>>>(out, in, width, height);
}

static void launch_transpose_naive(float* out, const float* in, int width, int height) {
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(64, 8);
  transpose_naive<<<grid, block>>>(out, in, width, height);
}

static void launch_transpose_shared_conflict(float* out, const float* in, int width, int height) {
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(64, 8);
  transpose_shared_conflict<<<grid, block>>>(out, in, width, height);
}

static void launch_transpose_shared_padded(float* out, const float* in, int width, int height) {
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(64, 8);
  transpose_shared_padded<<<grid, block>>>(out, in, width, height);
}

static void launch_transpose_shared_swizzled(float* out, const float* in, int width, int height) {
  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(64, 8);
  transpose_shared_swizzled<<<grid, block>>>(out, in, width, height);
}

static void launch_transpose_shared_float4_conflict(float* out, const float* in, int width,
                                                    int height) {
  dim3 grid(width / TILE4, height / TILE4);
  transpose_shared_float4_conflict<<<grid, 512>>>(out, in, width, height);
}

static void launch_transpose_shared_float4_swizzled(float* out, const float* in, int width,
                                                    int height) {
  dim3 grid(width / TILE4, height / TILE4);
  transpose_shared_float4_swizzled<<<grid, 512>>>(out, in, width, height);
}

// ---------------------------------------------------------------------------
// Host driver.

typedef void (*Launch)(float* out, const float* in, int width, int height);

struct Case {
  const char* kernel;
  const char* baseline;  // the kernel this one is the fixed version of
  Launch launch;
  bool is_copy;          // output must equal the input, not its transpose
};

static const Case kCases[] = {
    {"copy_kernel", "none", launch_copy_kernel, true},
    {"transpose_naive", "none", launch_transpose_naive, false},
    {"transpose_shared_conflict", "transpose_shared_conflict", launch_transpose_shared_conflict, false},
    {"transpose_shared_padded", "transpose_shared_conflict", launch_transpose_shared_padded, false},
    {"transpose_shared_swizzled", "transpose_shared_conflict", launch_transpose_shared_swizzled, false},
    {"transpose_shared_float4_conflict", "transpose_shared_float4_conflict",
     launch_transpose_shared_float4_conflict, false},
    {"transpose_shared_float4_swizzled", "transpose_shared_float4_conflict",
     launch_transpose_shared_float4_swizzled, false},
};

static void cpu_transpose(std::vector<float>& out, const std::vector<float>& in, int width,
                          int height) {
  const int B = 64;
  for (int y0 = 0; y0 < height; y0 += B)
    for (int x0 = 0; x0 < width; x0 += B)
      for (int y = y0; y < std::min(y0 + B, height); ++y)
        for (int x = x0; x < std::min(x0 + B, width); ++x)
          out[(size_t)x * height + y] = in[(size_t)y * width + x];
}

// Runs every case once on `h_in` (width x height) and compares the result
// bit for bit against the CPU transpose (or the input, for the copy).
// Clears ok[i] for a failing case.
static void check_all(const std::vector<float>& h_in, int width, int height, float* d_in,
                      float* d_out, std::vector<bool>& ok) {
  const size_t n = (size_t)width * height;
  std::vector<float> h_ref(n), h_out(n);
  cpu_transpose(h_ref, h_in, width, height);
  GPU_CHECK(hipMemcpy(d_in, h_in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  for (size_t i = 0; i < sizeof(kCases) / sizeof(kCases[0]); ++i) {
    const Case& c = kCases[i];
    GPU_CHECK(hipMemset(d_out, 0xFF, n * sizeof(float)));  // NaN: catches unwritten elements
    c.launch(d_out, d_in, width, height);
    GPU_CHECK_LAUNCH();
    GPU_CHECK(hipMemcpy(h_out.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
    const std::vector<float>& want = c.is_copy ? h_in : h_ref;
    size_t bad = 0, first = 0;
    for (size_t k = 0; k < n; ++k)
      if (std::memcmp(&h_out[k], &want[k], sizeof(float)) != 0 && bad++ == 0) first = k;
    std::printf("CHECK sample=transpose kernel=%s size=%dx%d mismatches=%zu %s\n", c.kernel,
                width, height, bad, bad ? "FAIL" : "ok");
    if (bad) {
      std::printf("  first mismatch at %zu: got %g want %g\n", first, h_out[first], want[first]);
      ok[i] = false;
    }
  }
}

int main(int argc, char** argv) {
  const int N = bench::quick_mode(argc, argv) ? 256 : 8192;  // 8192^2 floats = 256 MiB
  const int warmups = 5, reps = 50;
  const size_t n = (size_t)N * N, bytes = n * sizeof(float);
  const size_t ncases = sizeof(kCases) / sizeof(kCases[0]);
  // Kernels index with int: N * N must stay below 2^31.
  static_assert(256 % TILE4 == 0 && 8192 % TILE4 == 0 && TILE4 % TILE_DIM == 0,
                "sizes must be multiples of the tiles");

  bench::print_device("transpose");
  float *d_in, *d_out;
  GPU_CHECK(hipMalloc(&d_in, bytes));
  GPU_CHECK(hipMalloc(&d_out, bytes));

  if (bench::profile_mode(argc, argv)) {
    GPU_CHECK(hipMemset(d_in, 0, bytes));
    for (const Case& c : kCases) c.launch(d_out, d_in, N, N);
    GPU_CHECK_LAUNCH();
    return 0;
  }

  // Correctness: a small non-square case (catches width/height mix-ups),
  // then the full-size matrix; the timing below reuses its random input.
  std::vector<bool> ok(ncases, true);
  {
    std::vector<float> small(192 * 64);
    bench::fill_uniform(small, 1);
    check_all(small, 192, 64, d_in, d_out, ok);
  }
  {
    std::vector<float> big(n);
    bench::fill_uniform(big, 2);
    check_all(big, N, N, d_in, d_out, ok);  // leaves `big` in d_in
  }

  for (int i = 0; i < 20; ++i) launch_copy_kernel(d_out, d_in, N, N);  // clocks up
  GPU_CHECK_LAUNCH();

  std::vector<bench::Result> results;
  double copy_gbs = 0;
  for (size_t i = 0; i < ncases; ++i) {
    const Case& c = kCases[i];
    double ms = bench::median_ms([&] { c.launch(d_out, d_in, N, N); }, warmups, reps);
    bench::Result r;
    r.sample = "transpose";
    r.kernel = c.kernel;
    r.baseline = c.baseline;
    r.metric = "GB/s";
    r.ms = ms;
    r.value = 2.0 * bytes / (ms * 1e6);  // read + write
    if (c.is_copy) copy_gbs = r.value;
    r.ok = ok[i];
    results.push_back(r);
  }
  {
    double ms = bench::median_ms(
        [&] { GPU_CHECK(hipMemcpy(d_out, d_in, bytes, hipMemcpyDeviceToDevice)); }, warmups,
        reps);
    bench::Result r;
    r.sample = "transpose";
    r.kernel = "memcpy_d2d";
    r.baseline = "none";
    r.metric = "GB/s";
    r.ms = ms;
    r.value = 2.0 * bytes / (ms * 1e6);
    r.ok = true;
    results.push_back(r);
  }
  for (bench::Result& r : results) r.copy_ratio = r.value / copy_gbs;

  bench::print_results(results, reps);
  GPU_CHECK(hipFree(d_in));
  GPU_CHECK(hipFree(d_out));
  return bench::exit_code(results);
}
