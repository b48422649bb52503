// sgemm.hip - tiled single-precision GEMM, C = A * B, all row-major:
// A is M x K, B is K x N, C is M x N. M, N multiples of 64, K of 32.
//
// Two families, each as conflicting / padded / XOR-swizzled:
//
// sgemm32_bt_*  32x32 output tile, block 32x32, one C element per thread.
//   The B tile is kept transposed, sBt[n][k], and the inner loop reads
//   sBt[threadIdx.x][k]: the 32 lanes of a warp read one column of sBt,
//   word stride 32, one bank: 32-way. The transposing store sBt[tx][ty] is
//   32-way as well (once per tile instead of 32 times).
//   Padded sBt[32][33] and swizzled sBt[n][k ^ (n % 32)] (both ldslint's
//   fix-its) are conflict-free.
//
// sgemm64_at_*  64x64 output tile, block 16x16, 4x4 C elements per thread,
//   K step 16. The A tile is stored transposed, sAt[k][m], from a coalesced
//   load where k is fastest: a warp stores 16 values of k for 2 values of m,
//   sAt[k][m] has word stride 64: 16-way store conflict. The compute loop's
//   reads are conflict-free in all three variants (broadcast of 2 words).
//   Padding by one (sAt[16][65]) would leave a 2-way store conflict (lanes
//   (k, m+1) and (k+1, m) 64 words apart); the padded variant is ldslint's
//   fix, sAt[16][66], which is conflict-free. So is ldslint's swizzle
//   sAt[k][m ^ (k * 2 % 64)] (the textbook `m ^ (k % 64)` stays 2-way).
//
// All variants of a family sum over k in the same order, so their outputs
// are expected to be bitwise identical; the check uses a relative tolerance.

#include "bench_util.h"

static constexpr int TS = 32;   // sgemm32: tile edge
static constexpr int BM = 64;   // sgemm64: rows of C per block
static constexpr int BN = 64;   // sgemm64: columns of C per block
static constexpr int BK = 16;   // sgemm64: K step
static constexpr int TM = 4;    // sgemm64: C rows per thread (stride 16)
static constexpr int TN = 4;    // sgemm64: C columns per thread (stride 16)

// ---------------------------------------------------------------------------
// 32x32 tile, B stored transposed.

__global__ void sgemm32_bt_conflict(float* __restrict__ C, const float* __restrict__ A,
                                    const float* __restrict__ B, int M, int N, int K) {
  __shared__ float sA[TS][TS];
  __shared__ float sBt[TS][TS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TS) {
    sA[ty][tx] = A[row * K + k0 + tx];
    sBt[tx][ty] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TS; ++k)
      acc += sA[ty][k] * sBt[tx][k];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

__global__ void sgemm32_bt_padded(float* __restrict__ C, const float* __restrict__ A,
                                  const float* __restrict__ B, int M, int N, int K) {
  __shared__ float sA[TS][TS];
  __shared__ float sBt[TS][TS + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TS) {
    sA[ty][tx] = A[row * K + k0 + tx];
    sBt[tx][ty] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TS; ++k)
      acc += sA[ty][k] * sBt[tx][k];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

// Element (n, k) of the transposed B tile lives at sBt[n][k ^ n].
__global__ void sgemm32_bt_swizzled(float* __restrict__ C, const float* __restrict__ A,
                                    const float* __restrict__ B, int M, int N, int K) {
  __shared__ float sA[TS][TS];
  __shared__ float sBt[TS][TS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TS) {
    sA[ty][tx] = A[row * K + k0 + tx];
    sBt[tx][ty ^ (tx % TS)] = B[(k0 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < TS; ++k)
      acc += sA[ty][k] * sBt[tx][k ^ (tx % TS)];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

// ---------------------------------------------------------------------------
// 64x64 tile, 4x4 per thread, A stored transposed. Thread (tx, ty) owns
// C rows ty + 16 i and columns tx + 16 j (i, j < 4), so shared reads of a
// warp touch consecutive words and global stores are coalesced.

__global__ void sgemm64_at_conflict(float* __restrict__ C, const float* __restrict__ A,
                                    const float* __restrict__ B, int M, int N, int K) {
  __shared__ float sAt[BK][BM];
  __shared__ float sB[BK][BN];
  int tx = threadIdx.x, ty = threadIdx.y;
  int tid = ty * blockDim.x + tx;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      int idx = tid + l * 256;
      int m = idx / BK, ka = idx % BK;
      sAt[ka][m] = A[(row0 + m) * K + k0 + ka];
      int kb = idx / BN, n = idx % BN;
      sB[kb][n] = B[(k0 + kb) * N + col0 + n];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) a[i] = sAt[k][ty + 16 * i];
#pragma unroll
      for (int j = 0; j < TN; ++j) b[j] = sB[k][tx + 16 * j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) C[(row0 + ty + 16 * i) * N + col0 + tx + 16 * j] = acc[i][j];
}

__global__ void sgemm64_at_padded(float* __restrict__ C, const float* __restrict__ A,
                                  const float* __restrict__ B, int M, int N, int K) {
  __shared__ float sAt[BK][BM + 2];
  __shared__ float sB[BK][BN];
  int tx = threadIdx.x, ty = threadIdx.y;
  int tid = ty * blockDim.x + tx;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      int idx = tid + l * 256;
      int m = idx / BK, ka = idx % BK;
      sAt[ka][m] = A[(row0 + m) * K + k0 + ka];
      int kb = idx / BN, n = idx % BN;
      sB[kb][n] = B[(k0 + kb) * N + col0 + n];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) a[i] = sAt[k][ty + 16 * i];
#pragma unroll
      for (int j = 0; j < TN; ++j) b[j] = sB[k][tx + 16 * j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) C[(row0 + ty + 16 * i) * N + col0 + tx + 16 * j] = acc[i][j];
}

// ldslint's swizzle (`ldslint --fix --prefer=swizzle`): element (k, m) of the
// transposed A tile lives at sAt[k][m ^ (k * 2 % 64)]. The textbook m ^ k
// leaves the store 2-way (a warp stores 16 k for 2 adjacent m); with 2k the
// warp covers all 32 banks, and the reads (k uniform) stay permutations.
__global__ void sgemm64_at_swizzled(float* __restrict__ C, const float* __restrict__ A,
                                    const float* __restrict__ B, int M, int N, int K) {
  __shared__ float sAt[BK][BM];
  __shared__ float sB[BK][BN];
  int tx = threadIdx.x, ty = threadIdx.y;
  int tid = ty * blockDim.x + tx;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int l = 0; l < 4; ++l) {
      int idx = tid + l * 256;
      int m = idx / BK, ka = idx % BK;
      sAt[ka][m ^ (ka * 2 % BM)] = A[(row0 + m) * K + k0 + ka];
      int kb = idx / BN, n = idx % BN;
      sB[kb][n] = B[(k0 + kb) * N + col0 + n];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i) a[i] = sAt[k][(ty + 16 * i) ^ (k * 2 % BM)];
#pragma unroll
      for (int j = 0; j < TN; ++j) b[j] = sB[k][tx + 16 * j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) C[(row0 + ty + 16 * i) * N + col0 + tx + 16 * j] = acc[i][j];
}

// ---------------------------------------------------------------------------
// Launch sites, block shape written at each call.

static void launch_sgemm32_bt_conflict(float* C, const float* A, const float* B, int M, int N,
                                       int K) {
  dim3 grid(N / 32, M / 32);
  dim3 block(32, 32);
  sgemm32_bt_conflict<<<grid, block>>>(C, A, B, M, N, K);
}

static void launch_sgemm32_bt_padded(float* C, const float* A, const float* B, int M, int N,
                                     int K) {
  dim3 grid(N / 32, M / 32);
  dim3 block(32, 32);
  sgemm32_bt_padded<<<grid, block>>>(C, A, B, M, N, K);
}

static void launch_sgemm32_bt_swizzled(float* C, const float* A, const float* B, int M, int N,
                                       int K) {
  dim3 grid(N / 32, M / 32);
  dim3 block(32, 32);
  sgemm32_bt_swizzled<<<grid, block>>>(C, A, B, M, N, K);
}

static void launch_sgemm64_at_conflict(float* C, const float* A, const float* B, int M, int N,
                                       int K) {
  dim3 grid(N / 64, M / 64);
  dim3 block(16, 16);
  sgemm64_at_conflict<<<grid, block>>>(C, A, B, M, N, K);
}

static void launch_sgemm64_at_padded(float* C, const float* A, const float* B, int M, int N,
                                     int K) {
  dim3 grid(N / 64, M / 64);
  dim3 block(16, 16);
  sgemm64_at_padded<<<grid, block>>>(C, A, B, M, N, K);
}

static void launch_sgemm64_at_swizzled(float* C, const float* A, const float* B, int M, int N,
                                       int K) {
  dim3 grid(N / 64, M / 64);
  dim3 block(16, 16);
  sgemm64_at_swizzled<<<grid, block>>>(C, A, B, M, N, K);
}

// ---------------------------------------------------------------------------
// Host driver.

typedef void (*Launch)(float* C, const float* A, const float* B, int M, int N, int K);

struct Case {
  const char* kernel;
  const char* baseline;
  Launch launch;
};

static const Case kCases[] = {
    {"sgemm32_bt_conflict", "sgemm32_bt_conflict", launch_sgemm32_bt_conflict},
    {"sgemm32_bt_padded", "sgemm32_bt_conflict", launch_sgemm32_bt_padded},
    {"sgemm32_bt_swizzled", "sgemm32_bt_conflict", launch_sgemm32_bt_swizzled},
    {"sgemm64_at_conflict", "sgemm64_at_conflict", launch_sgemm64_at_conflict},
    {"sgemm64_at_padded", "sgemm64_at_conflict", launch_sgemm64_at_padded},
    {"sgemm64_at_swizzled", "sgemm64_at_conflict", launch_sgemm64_at_swizzled},
};
static const size_t kNumCases = sizeof(kCases) / sizeof(kCases[0]);

// The entries of C a check looks at, with their reference value and the
// error scale sum_k |a_ik * b_kj| (float rounding error is bounded by about
// K * 2^-24 times that scale).
struct Probe {
  int i, j;
  double ref, scale;
};

static std::vector<Probe> make_probes(const std::vector<float>& A, const std::vector<float>& B,
                                      int M, int N, int K, bool all) {
  std::vector<std::pair<int, int>> at;
  if (all) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) at.push_back({i, j});
  } else {
    // Three full rows, three full columns (every block row / column of the
    // grid gets visited), plus random entries.
    const int rows[3] = {0, M / 2 + 7, M - 1}, cols[3] = {0, N / 2 + 13, N - 1};
    for (int r : rows)
      for (int j = 0; j < N; ++j) at.push_back({r, j});
    for (int c : cols)
      for (int i = 0; i < M; ++i) at.push_back({i, c});
    bench::Rng rng(99);
    for (int s = 0; s < 4096; ++s)
      at.push_back({(int)(rng.next() % M), (int)(rng.next() % N)});
  }
  // B transposed once so that the column of B each probe needs is contiguous.
  std::vector<float> Bt((size_t)K * N);
  for (int k0 = 0; k0 < K; k0 += 64)
    for (int j0 = 0; j0 < N; j0 += 64)
      for (int k = k0; k < std::min(k0 + 64, K); ++k)
        for (int j = j0; j < std::min(j0 + 64, N); ++j) Bt[(size_t)j * K + k] = B[(size_t)k * N + j];
  std::vector<Probe> probes;
  probes.reserve(at.size());
  for (auto& p : at) {
    const float* a = &A[(size_t)p.first * K];
    const float* b = &Bt[(size_t)p.second * K];
    double ref = 0, scale = 0;
    for (int k = 0; k < K; ++k) {
      double t = (double)a[k] * (double)b[k];
      ref += t;
      scale += std::fabs(t);
    }
    probes.push_back({p.first, p.second, ref, scale});
  }
  return probes;
}

// Checks every case at M x N x K. `all`: every entry of C, else probes.
static void check_all(int M, int N, int K, bool all, float* dA, float* dB, float* dC,
                      std::vector<bool>& ok) {
  std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N);
  bench::fill_uniform(A, 10 + M);
  bench::fill_uniform(B, 20 + N);
  GPU_CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
  GPU_CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));
  std::vector<Probe> probes = make_probes(A, B, M, N, K, all);
  // Relative to the scale. The worst-case bound K * 2^-24 is 2.4e-4 at K = 4096;
  // observed errors of float accumulation on random data are orders smaller
  // (~1e-7), while any indexing bug is off by O(1).
  const double rtol = 1e-4;
  for (size_t c = 0; c < kNumCases; ++c) {
    GPU_CHECK(hipMemset(dC, 0xFF, C.size() * sizeof(float)));
    kCases[c].launch(dC, dA, dB, M, N, K);
    GPU_CHECK_LAUNCH();
    GPU_CHECK(hipMemcpy(C.data(), dC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    size_t bad = 0;
    double worst = 0;
    for (const Probe& p : probes) {
      double got = C[(size_t)p.i * N + p.j];
      double rel = std::fabs(got - p.ref) / (p.scale + 1e-30);
      if (!(rel <= rtol)) {  // NaN fails too
        if (bad++ < 3)
          std::printf("  C[%d][%d] = %.7g, want %.7g (scale %.3g)\n", p.i, p.j, got, p.ref,
                      p.scale);
      }
      if (rel > worst || rel != rel) worst = rel;
    }
    std::printf("CHECK sample=sgemm kernel=%s size=%dx%dx%d entries=%zu bad=%zu "
                "max_rel_err=%.3g %s\n",
                kCases[c].kernel, M, N, K, probes.size(), bad, worst, bad ? "FAIL" : "ok");
    if (bad) ok[c] = false;
  }
}

int main(int argc, char** argv) {
  const int S = bench::quick_mode(argc, argv) ? 256 : 4096;
  const int M = S, N = S, K = S;  // kernels index with int: M*K, K*N, M*N < 2^31
  const int warmups = 3, reps = 20;
  bench::print_device("sgemm");

  float *dA, *dB, *dC;
  GPU_CHECK(hipMalloc(&dA, (size_t)M * K * sizeof(float)));
  GPU_CHECK(hipMalloc(&dB, (size_t)K * N * sizeof(float)));
  GPU_CHECK(hipMalloc(&dC, (size_t)M * N * sizeof(float)));

  if (bench::profile_mode(argc, argv)) {
    GPU_CHECK(hipMemset(dA, 0, (size_t)M * K * sizeof(float)));
    GPU_CHECK(hipMemset(dB, 0, (size_t)K * N * sizeof(float)));
    for (const Case& c : kCases) c.launch(dC, dA, dB, M, N, K);
    GPU_CHECK_LAUNCH();
    return 0;
  }

  std::vector<bool> ok(kNumCases, true);
  check_all(128, 192, 96, /*all=*/true, dA, dB, dC, ok);  // non-square, every entry
  check_all(M, N, K, /*all=*/false, dA, dB, dC, ok);      // leaves random A, B on the device

  std::vector<bench::Result> results;
  for (size_t c = 0; c < kNumCases; ++c) {
    double ms = bench::median_ms([&] { kCases[c].launch(dC, dA, dB, M, N, K); }, warmups, reps);
    bench::Result r;
    r.sample = "sgemm";
    r.kernel = kCases[c].kernel;
    r.baseline = kCases[c].baseline;
    r.metric = "TFLOP/s";
    r.ms = ms;
    r.value = 2.0 * M * N * K / (ms * 1e9);
    r.ok = ok[c];
    results.push_back(r);
  }
  bench::print_results(results, reps);
  GPU_CHECK(hipFree(dA));
  GPU_CHECK(hipFree(dB));
  GPU_CHECK(hipFree(dC));
  return bench::exit_code(results);
}
