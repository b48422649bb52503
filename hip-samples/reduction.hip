// reduction.hip - block-level sum in shared memory (M. Harris, "Optimizing
// Parallel Reduction in CUDA", kernels 1-3). Each block of 256 threads loads
// 256 floats and writes one partial sum; the host adds the partials.
//
//   reduce_interleaved_divergent  if (tid % (2*s) == 0) sdata[tid] += sdata[tid + s]
//       Interleaved addressing with a divergent branch. NOT a bank-conflict
//       case: the active lanes of a warp access words tid and tid + s, which
//       are distinct words inside one 32-word window (for s < 32) or a single
//       lane per warp (s >= 32). Its cost is divergence / idle lanes.
//   reduce_interleaved_strided    index = 2*s*tid; sdata[index] += sdata[index + s]
//       Interleaved addressing, compact threads: the active lanes of a warp
//       touch words at stride 2s. Per step s = 1, 2, 4, 8, 16, 32, 64, 128 the
//       first warp is 2, 4, 8, 8, 8, 4, 2, 1-way conflicted (stride 2s spreads
//       32 lanes over 32/(2s) banks, while only 256/(2s) lanes stay active).
//       This is the kernel Harris flags for bank conflicts.
//   reduce_sequential             for (s = blockDim.x/2; s > 0; s >>= 1) if (tid < s) ...
//       Sequential addressing: consecutive lanes, consecutive words. No conflict.
//
// Wave64 (AMD CDNA) resolves ds_read/write_b32 per half-wave of 32 lanes, so
// the counts per 32 lanes are the same as on a 32-lane NVIDIA warp.

#include "bench_util.h"

static constexpr int RBLOCK = 256;  // threads per block == floats per block

__global__ void reduce_interleaved_divergent(float* __restrict__ partial,
                                             const float* __restrict__ in, int n) {
  __shared__ float sdata[RBLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < (unsigned)n) ? in[i] : 0.f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}

__global__ void reduce_interleaved_strided(float* __restrict__ partial,
                                           const float* __restrict__ in, int n) {
  __shared__ float sdata[RBLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < (unsigned)n) ? in[i] : 0.f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}

__global__ void reduce_sequential(float* __restrict__ partial, const float* __restrict__ in,
                                  int n) {
  __shared__ float sdata[RBLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < (unsigned)n) ? in[i] : 0.f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}

// ---------------------------------------------------------------------------
// Launch sites, block shape written at each call. sdata has RBLOCK entries,
// so blockDim.x must be RBLOCK.
static_assert(RBLOCK == 256, "launch sites below hard-code 256 threads");

static int num_blocks(int n) { return (n + RBLOCK - 1) / RBLOCK; }

static void launch_reduce_interleaved_divergent(float* partial, const float* in, int n) {
  dim3 block(256);
  reduce_interleaved_divergent<<<num_blocks(n), block>>>(partial, in, n);
}

static void launch_reduce_interleaved_strided(float* partial, const float* in, int n) {
  dim3 block(256);
  reduce_interleaved_strided<<<num_blocks(n), block>>>(partial, in, n);
}

static void launch_reduce_sequential(float* partial, const float* in, int n) {
  dim3 block(256);
  reduce_sequential<<<num_blocks(n), block>>>(partial, in, n);
}

// ---------------------------------------------------------------------------
// Host driver.

typedef void (*Launch)(float* partial, const float* in, int n);

struct Case {
  const char* kernel;
  const char* baseline;
  Launch launch;
};

static const Case kCases[] = {
    {"reduce_interleaved_divergent", "none", launch_reduce_interleaved_divergent},
    {"reduce_interleaved_strided", "reduce_interleaved_strided",
     launch_reduce_interleaved_strided},
    {"reduce_sequential", "reduce_interleaved_strided", launch_reduce_sequential},
};
static const size_t kNumCases = sizeof(kCases) / sizeof(kCases[0]);

// Checks every block's partial sum against a double-precision sum of the same
// 256 inputs, relative to the sum of their magnitudes (a float tree sum of 256
// values is within 8 * 2^-24 of that scale), and the grand total.
static void check_all(const std::vector<float>& h_in, float* d_in, float* d_partial,
                      std::vector<bool>& ok) {
  const int n = (int)h_in.size(), blocks = num_blocks(n);
  std::vector<double> ref(blocks, 0.0), scale(blocks, 0.0);
  double total = 0, total_scale = 0;
  for (int i = 0; i < n; ++i) {
    ref[i / RBLOCK] += h_in[i];
    scale[i / RBLOCK] += std::fabs(h_in[i]);
  }
  for (int b = 0; b < blocks; ++b) {
    total += ref[b];
    total_scale += scale[b];
  }
  GPU_CHECK(hipMemcpy(d_in, h_in.data(), (size_t)n * sizeof(float), hipMemcpyHostToDevice));
  std::vector<float> partial(blocks);
  for (size_t c = 0; c < kNumCases; ++c) {
    GPU_CHECK(hipMemset(d_partial, 0xFF, (size_t)blocks * sizeof(float)));
    kCases[c].launch(d_partial, d_in, n);
    GPU_CHECK_LAUNCH();
    GPU_CHECK(hipMemcpy(partial.data(), d_partial, (size_t)blocks * sizeof(float),
                        hipMemcpyDeviceToHost));
    size_t bad = 0;
    double sum = 0;
    for (int b = 0; b < blocks; ++b) {
      sum += partial[b];
      double err = std::fabs(partial[b] - ref[b]);
      if (!(err <= 1e-5 * scale[b] + 1e-30)) {  // NaN fails too
        if (bad++ < 3)
          std::printf("  block %d: got %.7g want %.7g\n", b, partial[b], ref[b]);
      }
    }
    double total_err = std::fabs(sum - total) / (total_scale + 1e-30);
    if (!(total_err <= 1e-6)) ++bad;
    std::printf("CHECK sample=reduction kernel=%s n=%d blocks=%d bad=%zu sum=%.6f ref=%.6f %s\n",
                kCases[c].kernel, n, blocks, bad, sum, total, bad ? "FAIL" : "ok");
    if (bad) ok[c] = false;
  }
}

int main(int argc, char** argv) {
  const int n = bench::quick_mode(argc, argv) ? 1 << 16 : 1 << 26;  // 2^26 floats = 256 MiB
  const int warmups = 5, reps = 50;
  const size_t bytes = (size_t)n * sizeof(float);
  bench::print_device("reduction");

  float *d_in, *d_partial, *d_copy;
  GPU_CHECK(hipMalloc(&d_in, bytes));
  GPU_CHECK(hipMalloc(&d_copy, bytes));
  GPU_CHECK(hipMalloc(&d_partial, (size_t)num_blocks(n) * sizeof(float)));

  if (bench::profile_mode(argc, argv)) {
    GPU_CHECK(hipMemset(d_in, 0, bytes));
    for (const Case& c : kCases) c.launch(d_partial, d_in, n);
    GPU_CHECK_LAUNCH();
    return 0;
  }

  std::vector<bool> ok(kNumCases, true);
  {
    std::vector<float> small(37 * RBLOCK + 100);  // last block partly filled
    bench::fill_uniform(small, 5);
    check_all(small, d_in, d_partial, ok);
  }
  {
    std::vector<float> big(n);
    bench::fill_uniform(big, 6);
    check_all(big, d_in, d_partial, ok);  // leaves `big` in d_in
  }

  // Reference bandwidth: a device-to-device copy of the same 256 MiB,
  // counted as read + write. The reductions only read, so a reduction that
  // streams at the copy's rate shows copy_ratio ~ 1.
  std::vector<bench::Result> results;
  double copy_ms = bench::median_ms(
      [&] { GPU_CHECK(hipMemcpy(d_copy, d_in, bytes, hipMemcpyDeviceToDevice)); }, warmups, reps);
  double copy_gbs = 2.0 * bytes / (copy_ms * 1e6);
  for (size_t c = 0; c < kNumCases; ++c) {
    double ms = bench::median_ms([&] { kCases[c].launch(d_partial, d_in, n); }, warmups, reps);
    bench::Result r;
    r.sample = "reduction";
    r.kernel = kCases[c].kernel;
    r.baseline = kCases[c].baseline;
    r.metric = "GB/s";
    r.ms = ms;
    r.value = bytes / (ms * 1e6);
    r.copy_ratio = r.value / copy_gbs;
    r.ok = ok[c];
    results.push_back(r);
  }
  {
    bench::Result r;
    r.sample = "reduction";
    r.kernel = "memcpy_d2d";
    r.baseline = "none";
    r.metric = "GB/s";
    r.ms = copy_ms;
    r.value = copy_gbs;
    r.copy_ratio = 1.0;
    r.ok = true;
    results.push_back(r);
  }
  bench::print_results(results, reps);
  GPU_CHECK(hipFree(d_in));
  GPU_CHECK(hipFree(d_copy));
  GPU_CHECK(hipFree(d_partial));
  return bench::exit_code(results);
}
