// Runs the host function `launch(T0 *, T1 *, ...)` of a golden fix input
// (test/lit/fixes/Inputs) on the GPU: every pointer argument gets its own
// 64 KiB device buffer filled with the same pseudo-random bytes (fixed seed),
// then all buffers are written, in order, to the file named by argv[1]. The
// original and the fixed file must produce identical dumps.
//   nvcc -x cu -arch=sm_90 -lineinfo -DFIXES_GPU_SOURCE='"path/x.cu"' harness.cu
#include FIXES_GPU_SOURCE

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

constexpr size_t kBufferBytes = 64 * 1024;

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(2);
  }
}

std::vector<void *> g_buffers;

template <class P> P buffer(uint32_t &seed) {
  static_assert(std::is_pointer<P>::value, "launch() must take pointers only");
  std::vector<uint32_t> host(kBufferBytes / 4);
  for (uint32_t &w : host) { // xorshift32; small floats, no NaN or Inf
    seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
    w = 0x3f800000u | (seed >> 9);
  }
  void *dev = nullptr;
  check(cudaMalloc(&dev, kBufferBytes), "cudaMalloc");
  check(cudaMemcpy(dev, host.data(), kBufferBytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  g_buffers.push_back(dev);
  return static_cast<P>(dev);
}

template <class... Ps> void run(void (*f)(Ps...)) {
  uint32_t seed = 2463534242u;
  std::tuple<Ps...> args{buffer<Ps>(seed)...}; // braces: left to right
  std::apply(f, args);
  check(cudaGetLastError(), "launch");
  check(cudaDeviceSynchronize(), "kernels");
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DUMP\n", argv[0]);
    return 2;
  }
  run(launch);
  FILE *out = std::fopen(argv[1], "wb");
  if (!out)
    return 2;
  std::vector<char> host(kBufferBytes);
  for (void *dev : g_buffers) {
    check(cudaMemcpy(host.data(), dev, kBufferBytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    std::fwrite(host.data(), 1, host.size(), out);
  }
  return std::fclose(out) == 0 ? 0 : 2;
}
