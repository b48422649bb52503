// bench_util.h - host-side helpers shared by the samples: error checks,
// a deterministic RNG, event timing (median of N) and the RESULT lines that
// gpu-bench.sh / make_report.py parse.
#pragma once

#include "gpu_compat.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define GPU_CHECK(call)                                                      \
  do {                                                                       \
    hipError_t err_ = (call);                                                \
    if (err_ != hipSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,     \
                   #call, hipGetErrorString(err_));                          \
      std::exit(2);                                                          \
    }                                                                        \
  } while (0)

// Call after a launch: catches bad launch configurations and faults.
#define GPU_CHECK_LAUNCH()                                                   \
  do {                                                                       \
    GPU_CHECK(hipGetLastError());                                            \
    GPU_CHECK(hipDeviceSynchronize());                                       \
  } while (0)

namespace bench {

inline bool has_flag(int argc, char** argv, const char* flag) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

// --profile: launch every kernel exactly once, no checks, no timing, no
// RESULT lines. Used under Nsight Compute (gpu-bench.sh).
inline bool profile_mode(int argc, char** argv) { return has_flag(argc, argv, "--profile"); }

// --quick: small problem sizes, for a smoke test of the whole program; the
// numbers it prints mean nothing.
inline bool quick_mode(int argc, char** argv) { return has_flag(argc, argv, "--quick"); }

inline void print_device(const char* sample) {
  int dev = 0;
  GPU_CHECK(hipGetDevice(&dev));
  hipDeviceProp_t prop;
  GPU_CHECK(hipGetDeviceProperties(&prop, dev));
  int driver = 0, runtime = 0;
  GPU_CHECK(hipDriverGetVersion(&driver));
  GPU_CHECK(hipRuntimeGetVersion(&runtime));
  std::string name = prop.name;
  std::replace(name.begin(), name.end(), ' ', '_');
  std::printf("DEVICE sample=%s runtime=%s name=%s cc=%d.%d sms=%d warp=%d "
              "smem_per_block=%zu driver_version=%d runtime_version=%d\n",
              sample, GPU_COMPAT_RUNTIME, name.c_str(), prop.major, prop.minor,
              prop.multiProcessorCount, prop.warpSize,
              (size_t)prop.sharedMemPerBlock, driver, runtime);
  std::fflush(stdout);
}

// splitmix64: fast, deterministic, identical on every host.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [-1, 1), 24 random bits.
  float uniform() { return (float)((int64_t)(next() >> 40) - (1 << 23)) / (float)(1 << 23); }
};

inline void fill_uniform(std::vector<float>& v, uint64_t seed) {
  Rng r(seed);
  for (float& x : v) x = r.uniform();
}

// Median wall time of one launch, in milliseconds, measured with events
// around each launch separately. `launch` must enqueue exactly one kernel
// (or copy) on the default stream.
template <class Launch>
double median_ms(Launch launch, int warmups, int reps) {
  for (int i = 0; i < warmups; ++i) launch();
  GPU_CHECK_LAUNCH();
  hipEvent_t start, stop;
  GPU_CHECK(hipEventCreate(&start));
  GPU_CHECK(hipEventCreate(&stop));
  std::vector<float> ms(reps);
  for (int i = 0; i < reps; ++i) {
    GPU_CHECK(hipEventRecord(start, 0));
    launch();
    GPU_CHECK(hipEventRecord(stop, 0));
    GPU_CHECK(hipEventSynchronize(stop));
    GPU_CHECK(hipEventElapsedTime(&ms[i], start, stop));
  }
  GPU_CHECK(hipGetLastError());
  GPU_CHECK(hipEventDestroy(start));
  GPU_CHECK(hipEventDestroy(stop));
  std::sort(ms.begin(), ms.end());
  return reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
}

struct Result {
  std::string sample, kernel, baseline, metric;
  double value = 0;       // in `metric` units (GB/s or TFLOP/s)
  double ms = 0;          // median time of one launch
  double copy_ratio = -1; // value / copy bandwidth; < 0: not applicable
  bool ok = false;        // output check passed
};

// One line per kernel:
//   RESULT sample=S kernel=K baseline=B metric=M value=V ms=T
//          [copy_ratio=R] speedup=X ok=0|1 reps=N
// speedup = baseline time / this kernel's time (1 for the baseline itself;
// baseline=none for reference kernels such as the copy).
inline void print_results(const std::vector<Result>& rs, int reps) {
  for (const Result& r : rs) {
    double speedup = -1;
    for (const Result& b : rs)
      if (b.kernel == r.baseline && r.ms > 0) speedup = b.ms / r.ms;
    std::printf("RESULT sample=%s kernel=%s baseline=%s metric=%s value=%.2f ms=%.5f",
                r.sample.c_str(), r.kernel.c_str(), r.baseline.c_str(),
                r.metric.c_str(), r.value, r.ms);
    if (r.copy_ratio >= 0) std::printf(" copy_ratio=%.4f", r.copy_ratio);
    if (speedup >= 0) std::printf(" speedup=%.4f", speedup);
    std::printf(" ok=%d reps=%d\n", r.ok ? 1 : 0, reps);
  }
  std::fflush(stdout);
}

inline int exit_code(const std::vector<Result>& rs) {
  for (const Result& r : rs)
    if (!r.ok) return 1;
  return 0;
}

}  // namespace bench
