// A library header, included as a system header by system-header-helpers.cu.
#pragma once

namespace helpers {
__device__ inline void store_at(float *s, unsigned i, float v) { s[i] = v; }

template <class T> __device__ T load_at(const T *s, unsigned i) { return s[i]; }

// Never called: nothing of it is generated.
__device__ inline float unused(const float *s) { return s[threadIdx.x * 32]; }
} // namespace helpers

extern "C" {
__device__ inline void add_at(float *s, unsigned i, float v) { s[i] += v; }
}
