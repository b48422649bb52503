// wave64_vs_warp32.hip - where a 64-lane AMD CDNA wave and a 32-lane NVIDIA
// warp agree on LDS bank conflicts, and one pattern where they do not.
//
// Both have 32 banks of 4 bytes. What differs is which lanes are served
// together (see /work/shared/reference/bank-models.md):
//
//   access width   NVIDIA (warp32)            AMD CDNA (wave64, gfx90a / gfx942)
//   4 bytes        32 lanes of the warp       each half-wave: lanes 0-31, 32-63
//   8 bytes        2 phases of 16 lanes       gfx942: 4 groups of 16 lanes
//   16 B store     4 phases of 8 lanes        8 groups of 8 consecutive lanes
//   16 B load      4 phases of 8 consecutive  gfx942: {0-3,20-23} {4-7,16-19}
//                  lanes                      {8-11,28-31} {12-15,24-27}, +32
//
// 1. lds_b32_row64_stride1 / _stride2: block 64x4, so one AMD wave is one
//    64-thread row. Because ds_read_b32 is resolved per half-wave, each group
//    of 32 lanes is exactly an NVIDIA warp: stride 1 is conflict-free on both,
//    stride 2 is 2-way on both. (A model that served all 64 lanes at once
//    would wrongly predict 2-way and 4-way.) These two agree; they are the
//    control.
//
// 2. lds_vec4_rows_unpadded / _padded: 256 threads read float4 rows of a
//    32 x 8-float4 tile, lane t -> row t/8, chunk t%8 (16 bytes per lane).
//    16 bytes = 4 banks, so a group of 8 lanes fills all 32 banks when the 8
//    chunks fall in distinct positions (row*stride + chunk) mod 8.
//      unpadded tile[32][8]: position = chunk. NVIDIA phase (8 lanes of one
//        row) and every AMD group (t mod 8 covers 0..7 in each group) see 8
//        distinct positions: conflict-free on both.
//      padded tile[32][9]: position = (row + chunk) mod 8. An NVIDIA phase is
//        still one row: conflict-free, the same speed as unpadded on H200.
//        An AMD group mixes two rows: {0-3} (row r, chunks 0-3) and {20-23}
//        (row r+2, chunks 4-7) give positions r+{0,1,2,3} and r+{6,7,0,1}:
//        2-way on gfx942 for every group. The "harmless" padding that a
//        CUDA programmer adds halves ds_read_b128 throughput on CDNA3.
//    The b128 read grouping is documented for gfx942 (measured, pyhip); for
//    gfx90a (the arch build.sh compiles for) it is assumed, not confirmed.
//
// On the H200 all four kernels run; the expected result is stride2 ~ half
// of stride1 and padded == unpadded. The AMD side can only be predicted here.

#include "bench_util.h"

static constexpr int ROW64 = 64;        // threads per row (blockDim.x) in part 1
static constexpr int ROWS = 32;         // part 2: tile rows
static constexpr int CHUNKS = 8;        // part 2: float4 per tile row
// Loads per thread in the timed loop. A compile-time constant so that a
// static analyser can enumerate the loop (a runtime trip count makes the
// rotating index undecidable). Not a multiple of the index period (128 in
// part 1, 32 in part 2), so the output check also covers a partial period.
static constexpr int ITERS = 4100;

// ---------------------------------------------------------------------------
// Part 1: 4-byte reads along a 64-thread row. Each block holds 4 rows of 128
// floats; iteration `it` rotates the start so the loads cannot be hoisted
// out of the loop.

__global__ void lds_b32_row64_stride1(float* __restrict__ out, const float* __restrict__ in) {
  __shared__ float buf[4][2 * ROW64];
  int tx = threadIdx.x, ty = threadIdx.y;
  const float* src = in + (blockIdx.x * 4 + ty) * (2 * ROW64);
  buf[ty][tx] = src[tx];
  buf[ty][tx + ROW64] = src[tx + ROW64];
  __syncthreads();
  float acc = 0.f;
  for (int it = 0; it < ITERS; ++it)
    acc += buf[ty][(tx + it) % (2 * ROW64)];
  out[(blockIdx.x * 4 + ty) * ROW64 + tx] = acc;
}

__global__ void lds_b32_row64_stride2(float* __restrict__ out, const float* __restrict__ in) {
  __shared__ float buf[4][2 * ROW64];
  int tx = threadIdx.x, ty = threadIdx.y;
  const float* src = in + (blockIdx.x * 4 + ty) * (2 * ROW64);
  buf[ty][tx] = src[tx];
  buf[ty][tx + ROW64] = src[tx + ROW64];
  __syncthreads();
  float acc = 0.f;
  for (int it = 0; it < ITERS; ++it)
    acc += buf[ty][(2 * tx + it) % (2 * ROW64)];
  out[(blockIdx.x * 4 + ty) * ROW64 + tx] = acc;
}

// ---------------------------------------------------------------------------
// Part 2: 16-byte reads of tile rows (ds_read_b128 / LDS.128).

__global__ void lds_vec4_rows_unpadded(float4* __restrict__ out, const float4* __restrict__ in) {
  __shared__ float4 tile[ROWS][CHUNKS];
  int t = threadIdx.x;
  tile[t / CHUNKS][t % CHUNKS] = in[blockIdx.x * ROWS * CHUNKS + t];
  __syncthreads();
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  for (int it = 0; it < ITERS; ++it) {
    float4 v = tile[(t / CHUNKS + it) % ROWS][t % CHUNKS];
    acc.x += v.x;
    acc.y += v.y;
    acc.z += v.z;
    acc.w += v.w;
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

__global__ void lds_vec4_rows_padded(float4* __restrict__ out, const float4* __restrict__ in) {
  __shared__ float4 tile[ROWS][CHUNKS + 1];
  int t = threadIdx.x;
  tile[t / CHUNKS][t % CHUNKS] = in[blockIdx.x * ROWS * CHUNKS + t];
  __syncthreads();
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  for (int it = 0; it < ITERS; ++it) {
    float4 v = tile[(t / CHUNKS + it) % ROWS][t % CHUNKS];
    acc.x += v.x;
    acc.y += v.y;
    acc.z += v.z;
    acc.w += v.w;
  }
  out[blockIdx.x * blockDim.x + t] = acc;
}

// ---------------------------------------------------------------------------
// Launch sites, block shape written at each call.

static void launch_lds_b32_row64_stride1(float* out, const float* in, int blocks) {
  dim3 block(64, 4);
  lds_b32_row64_stride1<<<blocks, block>>>(out, in);
}

static void launch_lds_b32_row64_stride2(float* out, const float* in, int blocks) {
  dim3 block(64, 4);
  lds_b32_row64_stride2<<<blocks, block>>>(out, in);
}

static void launch_lds_vec4_rows_unpadded(float* out, const float* in, int blocks) {
  dim3 block(256);
  lds_vec4_rows_unpadded<<<blocks, block>>>(reinterpret_cast<float4*>(out),
                                            reinterpret_cast<const float4*>(in));
}

static void launch_lds_vec4_rows_padded(float* out, const float* in, int blocks) {
  dim3 block(256);
  lds_vec4_rows_padded<<<blocks, block>>>(reinterpret_cast<float4*>(out),
                                          reinterpret_cast<const float4*>(in));
}

// ---------------------------------------------------------------------------
// Host driver. Per block, part 1 reads 512 floats (4 rows of 128) and writes
// 256 (one per thread); part 2 reads 1024 floats (32 x 8 float4) and writes
// 1024 (one float4 per thread). Buffers are sized for part 2.

typedef void (*Launch)(float* out, const float* in, int blocks);

struct Case {
  const char* kernel;
  const char* baseline;
  Launch launch;
  bool vec4;   // part 2 (else part 1)
  int stride;  // part 1 only
};

// The baseline of each pair is the conflicting kernel: stride2 (2-way on both
// vendors) and padded (2-way on gfx942 only, so ~1.00x expected on NVIDIA).
static const Case kCases[] = {
    {"lds_b32_row64_stride1", "lds_b32_row64_stride2", launch_lds_b32_row64_stride1, false, 1},
    {"lds_b32_row64_stride2", "lds_b32_row64_stride2", launch_lds_b32_row64_stride2, false, 2},
    {"lds_vec4_rows_unpadded", "lds_vec4_rows_padded", launch_lds_vec4_rows_unpadded, true, 0},
    {"lds_vec4_rows_padded", "lds_vec4_rows_padded", launch_lds_vec4_rows_padded, true, 0},
};
static const size_t kNumCases = sizeof(kCases) / sizeof(kCases[0]);
static const int kFloatsPerBlock = 1024;

// Inputs are multiples of 1/8 below 8, so every partial sum of up to ~2^18
// terms is exact in float and the expected output does not depend on the
// order of additions: compare exactly.
static void fill_dyadic(std::vector<float>& v, uint64_t seed) {
  bench::Rng r(seed);
  for (float& x : v) x = (float)(r.next() % 64) / 8.0f;
}

// Expected output of one case; `in` holds blocks * 1024 floats. The index
// sequence is periodic in `it` with period P and one period visits every
// element of the row (part 1, P = 128) or column (part 2, P = 32) once.
static std::vector<float> expected(const Case& c, const std::vector<float>& in, int blocks) {
  const int iters = ITERS;
  std::vector<float> out((size_t)blocks * kFloatsPerBlock, 0.f);
  for (int b = 0; b < blocks; ++b) {
    if (!c.vec4) {
      const float* blk = &in[(size_t)b * 4 * 2 * ROW64];
      const int P = 2 * ROW64;
      for (int ty = 0; ty < 4; ++ty) {
        const float* row = blk + ty * P;
        double full = 0;
        for (int k = 0; k < P; ++k) full += row[k];
        for (int tx = 0; tx < ROW64; ++tx) {
          double acc = (double)(iters / P) * full;
          for (int it = 0; it < iters % P; ++it) acc += row[(c.stride * tx + it) % P];
          out[(size_t)b * 4 * ROW64 + ty * ROW64 + tx] = (float)acc;
        }
      }
    } else {
      const float* blk = &in[(size_t)b * kFloatsPerBlock];
      const int P = ROWS;
      for (int t = 0; t < ROWS * CHUNKS; ++t) {
        for (int comp = 0; comp < 4; ++comp) {
          const int chunk = t % CHUNKS;
          double full = 0, acc = 0;
          for (int r = 0; r < ROWS; ++r) full += blk[(r * CHUNKS + chunk) * 4 + comp];
          acc = (double)(iters / P) * full;
          for (int it = 0; it < iters % P; ++it)
            acc += blk[(((t / CHUNKS + it) % ROWS) * CHUNKS + chunk) * 4 + comp];
          out[(size_t)b * kFloatsPerBlock + t * 4 + comp] = (float)acc;
        }
      }
    }
  }
  return out;
}

static void check_all(int blocks, float* d_in, float* d_out, std::vector<bool>& ok) {
  const size_t n = (size_t)blocks * kFloatsPerBlock;
  std::vector<float> in(n), got(n);
  fill_dyadic(in, 1000 + blocks);
  GPU_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  for (size_t c = 0; c < kNumCases; ++c) {
    std::vector<float> want = expected(kCases[c], in, blocks);
    GPU_CHECK(hipMemset(d_out, 0, n * sizeof(float)));
    kCases[c].launch(d_out, d_in, blocks);
    GPU_CHECK_LAUNCH();
    GPU_CHECK(hipMemcpy(got.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
    size_t bad = 0;
    for (size_t k = 0; k < n; ++k)
      if (got[k] != want[k] && bad++ < 3)
        std::printf("  out[%zu] = %.9g, want %.9g\n", k, got[k], want[k]);
    std::printf("CHECK sample=wave64_vs_warp32 kernel=%s blocks=%d iters=%d bad=%zu %s\n",
                kCases[c].kernel, blocks, ITERS, bad, bad ? "FAIL" : "ok");
    if (bad) ok[c] = false;
  }
}

int main(int argc, char** argv) {
  const int blocks = bench::quick_mode(argc, argv) ? 64 : 4096;
  const int warmups = 3, reps = 20;
  const size_t n = (size_t)blocks * kFloatsPerBlock;
  bench::print_device("wave64_vs_warp32");

  float *d_in, *d_out;
  GPU_CHECK(hipMalloc(&d_in, n * sizeof(float)));
  GPU_CHECK(hipMalloc(&d_out, n * sizeof(float)));

  if (bench::profile_mode(argc, argv)) {
    GPU_CHECK(hipMemset(d_in, 0, n * sizeof(float)));
    for (const Case& c : kCases) c.launch(d_out, d_in, blocks);
    GPU_CHECK_LAUNCH();
    return 0;
  }

  std::vector<bool> ok(kNumCases, true);
  check_all(7, d_in, d_out, ok);       // a few blocks
  check_all(blocks, d_in, d_out, ok);  // the timed configuration

  std::vector<bench::Result> results;
  for (size_t c = 0; c < kNumCases; ++c) {
    double ms = bench::median_ms([&] { kCases[c].launch(d_out, d_in, blocks); },
                                 warmups, reps);
    // Shared-memory bytes loaded by the timed loop: 256 threads per block,
    // 4 or 16 bytes per load.
    double lds_bytes = (double)blocks * 256 * ITERS * (kCases[c].vec4 ? 16 : 4);
    bench::Result r;
    r.sample = "wave64_vs_warp32";
    r.kernel = kCases[c].kernel;
    r.baseline = kCases[c].baseline;
    r.metric = "GB/s";  // of LDS loads, not DRAM
    r.ms = ms;
    r.value = lds_bytes / (ms * 1e6);
    r.ok = ok[c];
    results.push_back(r);
  }
  bench::print_results(results, reps);
  GPU_CHECK(hipFree(d_in));
  GPU_CHECK(hipFree(d_out));
  return bench::exit_code(results);
}
