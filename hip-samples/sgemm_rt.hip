// sgemm_rt.hip - register-tiled SGEMM in the production style, C = A * B,
// all row-major: A is M x K, B is K x N, C is M x N. M, N multiples of 128,
// K of 8.
//
// A 128x128 tile of C per block of 256 threads, 8x8 C elements per thread
// (rows ty*4 + {0..3, 64..67}, columns tx*4 + {0..3, 64..67}), K step 8.
// The shared tiles are one-dimensional, rows laid out by hand:
//   As[k * BM + m]  A's tile, stored transposed so the inner loop reads
//                   contiguous m; filled from float4 loads of A.
//   Bs[k * BN + n]  B's tile, filled with float4 stores.
// The inner loop reads float4s (LDS.128) of both tiles: every row starts at
// a multiple of 16 bytes.
//
// sgemm_rt_conflict  as written. The transposing stores are 2-way: lanes
//   2i and 2i+1 store column m = i of rows k and k+4, 4*BM = 512 words
//   apart, one bank.
// sgemm_rt_padded    ldslint --fix of sgemm_rt_conflict: the row stride BM
//   becomes BM + 4 in every index of As and in its size. The stores are
//   conflict-free (rows k and k+4 are 16 banks apart) and rows stay
//   16-byte aligned, so the reads stay LDS.128.
// sgemm_rt_extra5    the hand "extra columns" fix with an odd pad of 5: the
//   stores are still 2-way (rows k and k+4 are 20 banks apart, m spans 16)
//   and the rows are no longer 16-byte aligned, so the float4 reads of As
//   must become scalar reads (four times the instructions).
//
// All variants sum over k in the same order; the check uses a relative
// tolerance.

#include "bench_util.h"

static constexpr int BM = 128;  // rows of C per block
static constexpr int BN = 128;  // columns of C per block
static constexpr int BK = 8;    // K step

#define SGEMM_RT_PROLOGUE                                                      \
  const int tid = threadIdx.x;                                                 \
  const int rowA = tid / 2, colA = tid % 2;   /* A tile: 128 rows, 2 float4 */ \
  const int rowB = tid / 32, colB = tid % 32; /* B tile: 8 rows, 32 float4 */  \
  const int ty = tid / 16, tx = tid % 16;                                      \
  A += blockIdx.y * BM * K;                                                    \
  B += blockIdx.x * BN;                                                        \
  float acc[8][8] = {};                                                        \
  float a[8], b[8];

#define SGEMM_RT_EPILOGUE                                                      \
  for (int i = 0; i < 8; ++i) {                                                \
    const int row = blockIdx.y * BM + ty * 4 + (i % 4) + (i / 4) * 64;         \
    float* c = &C[row * N + blockIdx.x * BN + tx * 4];                         \
    reinterpret_cast<float4*>(c)[0] =                                          \
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);               \
    reinterpret_cast<float4*>(c + 64)[0] =                                     \
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);               \
  }

#define SGEMM_RT_SPLIT(r, v0, v1)                                              \
  r[0] = v0.x; r[1] = v0.y; r[2] = v0.z; r[3] = v0.w;                          \
  r[4] = v1.x; r[5] = v1.y; r[6] = v1.z; r[7] = v1.w;

#define SGEMM_RT_LOAD_B                                                        \
  {                                                                            \
    const float4 b0 = reinterpret_cast<const float4*>(&Bs[k * BN + tx * 4])[0];  \
    const float4 b1 =                                                          \
        reinterpret_cast<const float4*>(&Bs[k * BN + tx * 4 + 64])[0];         \
    SGEMM_RT_SPLIT(b, b0, b1)                                                  \
  }

#define SGEMM_RT_FMA                                                           \
  for (int i = 0; i < 8; ++i)                                                  \
    for (int j = 0; j < 8; ++j) acc[i][j] += a[i] * b[j];

__global__ void sgemm_rt_conflict(float* __restrict__ C, const float* __restrict__ A,
                                  const float* __restrict__ B, int M, int N, int K) {
  __shared__ __attribute__((aligned(16))) float As[BM * BK];
  __shared__ __attribute__((aligned(16))) float Bs[BK * BN];
  SGEMM_RT_PROLOGUE
  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 va = reinterpret_cast<const float4*>(&A[rowA * K + k0 + colA * 4])[0];
    As[(colA * 4 + 0) * BM + rowA] = va.x;
    As[(colA * 4 + 1) * BM + rowA] = va.y;
    As[(colA * 4 + 2) * BM + rowA] = va.z;
    As[(colA * 4 + 3) * BM + rowA] = va.w;
    reinterpret_cast<float4*>(&Bs[rowB * BN + colB * 4])[0] =
        reinterpret_cast<const float4*>(&B[(k0 + rowB) * N + colB * 4])[0];
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = reinterpret_cast<const float4*>(&As[k * BM + ty * 4])[0];
      const float4 a1 = reinterpret_cast<const float4*>(&As[k * BM + ty * 4 + 64])[0];
      SGEMM_RT_SPLIT(a, a0, a1)
      SGEMM_RT_LOAD_B
      SGEMM_RT_FMA
    }
    __syncthreads();
  }
  SGEMM_RT_EPILOGUE
}

__global__ void sgemm_rt_padded(float* __restrict__ C, const float* __restrict__ A,
                                const float* __restrict__ B, int M, int N, int K) {
  __shared__ __attribute__((aligned(16))) float As[(BM + 4) * BK];
  __shared__ __attribute__((aligned(16))) float Bs[BK * BN];
  SGEMM_RT_PROLOGUE
  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 va = reinterpret_cast<const float4*>(&A[rowA * K + k0 + colA * 4])[0];
    As[(colA * 4 + 0) * (BM + 4) + rowA] = va.x;
    As[(colA * 4 + 1) * (BM + 4) + rowA] = va.y;
    As[(colA * 4 + 2) * (BM + 4) + rowA] = va.z;
    As[(colA * 4 + 3) * (BM + 4) + rowA] = va.w;
    reinterpret_cast<float4*>(&Bs[rowB * BN + colB * 4])[0] =
        reinterpret_cast<const float4*>(&B[(k0 + rowB) * N + colB * 4])[0];
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      const float4 a0 = reinterpret_cast<const float4*>(&As[k * (BM + 4) + ty * 4])[0];
      const float4 a1 = reinterpret_cast<const float4*>(&As[k * (BM + 4) + ty * 4 + 64])[0];
      SGEMM_RT_SPLIT(a, a0, a1)
      SGEMM_RT_LOAD_B
      SGEMM_RT_FMA
    }
    __syncthreads();
  }
  SGEMM_RT_EPILOGUE
}

__global__ void sgemm_rt_extra5(float* __restrict__ C, const float* __restrict__ A,
                                const float* __restrict__ B, int M, int N, int K) {
  __shared__ __attribute__((aligned(16))) float As[(BM + 5) * BK];
  __shared__ __attribute__((aligned(16))) float Bs[BK * BN];
  SGEMM_RT_PROLOGUE
  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 va = reinterpret_cast<const float4*>(&A[rowA * K + k0 + colA * 4])[0];
    As[(colA * 4 + 0) * (BM + 5) + rowA] = va.x;
    As[(colA * 4 + 1) * (BM + 5) + rowA] = va.y;
    As[(colA * 4 + 2) * (BM + 5) + rowA] = va.z;
    As[(colA * 4 + 3) * (BM + 5) + rowA] = va.w;
    reinterpret_cast<float4*>(&Bs[rowB * BN + colB * 4])[0] =
        reinterpret_cast<const float4*>(&B[(k0 + rowB) * N + colB * 4])[0];
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      // Rows of 133 floats are not 16-byte aligned: scalar reads.
      for (int i = 0; i < 4; ++i) {
        a[i] = As[k * (BM + 5) + ty * 4 + i];
        a[i + 4] = As[k * (BM + 5) + ty * 4 + 64 + i];
      }
      SGEMM_RT_LOAD_B
      SGEMM_RT_FMA
    }
    __syncthreads();
  }
  SGEMM_RT_EPILOGUE
}

// ---------------------------------------------------------------------------
// Launch sites, block shape written at each call.

static void launch_sgemm_rt_conflict(float* C, const float* A, const float* B, int M, int N,
                                     int K) {
  sgemm_rt_conflict<<<dim3(N / BN, M / BM), 256>>>(C, A, B, M, N, K);
}

static void launch_sgemm_rt_padded(float* C, const float* A, const float* B, int M, int N,
                                   int K) {
  sgemm_rt_padded<<<dim3(N / BN, M / BM), 256>>>(C, A, B, M, N, K);
}

static void launch_sgemm_rt_extra5(float* C, const float* A, const float* B, int M, int N,
                                   int K) {
  sgemm_rt_extra5<<<dim3(N / BN, M / BM), 256>>>(C, A, B, M, N, K);
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
    {"sgemm_rt_conflict", "sgemm_rt_conflict", launch_sgemm_rt_conflict},
    {"sgemm_rt_padded", "sgemm_rt_conflict", launch_sgemm_rt_padded},
    {"sgemm_rt_extra5", "sgemm_rt_conflict", launch_sgemm_rt_extra5},
};
static const size_t kNumCases = sizeof(kCases) / sizeof(kCases[0]);

// Checks every case at M x N x K against a double-precision reference of
// the entries in rows/cols `step` apart (every entry when step is 1).
static void check_all(int M, int N, int K, int step, float* dA, float* dB, float* dC,
                      std::vector<bool>& ok) {
  std::vector<float> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N);
  bench::fill_uniform(A, 30 + M);
  bench::fill_uniform(B, 40 + N);
  GPU_CHECK(hipMemcpy(dA, A.data(), A.size() * sizeof(float), hipMemcpyHostToDevice));
  GPU_CHECK(hipMemcpy(dB, B.data(), B.size() * sizeof(float), hipMemcpyHostToDevice));
  const double rtol = 1e-4;  // relative to sum_k |a_ik b_kj|; indexing bugs are O(1)
  for (size_t c = 0; c < kNumCases; ++c) {
    GPU_CHECK(hipMemset(dC, 0xFF, C.size() * sizeof(float)));
    kCases[c].launch(dC, dA, dB, M, N, K);
    GPU_CHECK_LAUNCH();
    GPU_CHECK(hipMemcpy(C.data(), dC, C.size() * sizeof(float), hipMemcpyDeviceToHost));
    size_t bad = 0, entries = 0;
    double worst = 0;
    for (int i = 0; i < M; i += step)
      for (int j = (i * 7) % step; j < N; j += step) {
        double ref = 0, scale = 0;
        for (int k = 0; k < K; ++k) {
          const double t = (double)A[(size_t)i * K + k] * B[(size_t)k * N + j];
          ref += t;
          scale += std::fabs(t);
        }
        const double got = C[(size_t)i * N + j];
        const double rel = std::fabs(got - ref) / (scale + 1e-30);
        ++entries;
        if (!(rel <= rtol) && bad++ < 3)
          std::printf("  C[%d][%d] = %.7g, want %.7g\n", i, j, got, ref);
        if (rel > worst || rel != rel) worst = rel;
      }
    std::printf("CHECK sample=sgemm_rt kernel=%s size=%dx%dx%d entries=%zu bad=%zu "
                "max_rel_err=%.3g %s\n",
                kCases[c].kernel, M, N, K, entries, bad, worst, bad ? "FAIL" : "ok");
    if (bad) ok[c] = false;
  }
}

int main(int argc, char** argv) {
  const int S = bench::quick_mode(argc, argv) ? 256 : 4096;
  const int M = S, N = S, K = S;
  const int warmups = 3, reps = 20;
  bench::print_device("sgemm_rt");

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
  check_all(256, 384, 96, 1, dA, dB, dC, ok);  // non-square, every entry
  check_all(M, N, K, 61, dA, dB, dC, ok);      // full size, a lattice of entries

  std::vector<bench::Result> results;
  for (size_t c = 0; c < kNumCases; ++c) {
    double ms = bench::median_ms([&] { kCases[c].launch(dC, dA, dB, M, N, K); }, warmups, reps);
    bench::Result r;
    r.sample = "sgemm_rt";
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
