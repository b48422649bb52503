// An LDS access is as aligned as its variable (clang declares an array of
// 16 bytes or more 16-byte aligned) and its indices prove, as the compile's
// InferAlignment finds after address-space inference; so four 4-byte stores
// to `s[4 * t + k]` of an `int s[512]` are one ds_write_b128 at -O3
// (`clang++ -x hip --offload-arch=gfx90a -O3 -S`), costed in 8-lane groups:
// no conflict, where each store alone would be 4-way. With loads through a
// kernel argument between the stores, ldslint does not pair them and says
// so. A struct of two doubles, 8-byte aligned, is ds_write2_b64 at -O3 (the
// back end places the variable at 16 bytes, but its vectorizer keeps the
// accesses' alignment): not a 16-byte instruction, and left `unknown`.
// (-O3's assembly for keys_and_values below: two ds_write_b128.)
// REQUIRES: hip-headers
// RUN: %ldslint --arch=gfx90a --report=all %s -- -x hip -nogpulib %hipwavedef 2>&1 | FileCheck %s
#include <hip/hip_runtime.h>

__global__ void quad(int *out, const int *in) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  const int a = in[t], b = in[t + 1], c = in[t + 2], d = in[t + 3];
  s[4 * t + 0] = a;
  // CHECK: lds-alignment.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
  // CHECK: note: the compiler merges accesses at consecutive addresses into this 16-byte instruction
  s[4 * t + 1] = b;
  s[4 * t + 2] = c;
  s[4 * t + 3] = d;
  __syncthreads();
  out[t] = s[t];
}

__global__ void quad_between(int *out, const int *in) {
  __shared__ int s[512];
  const int t = threadIdx.x;
  s[4 * t + 0] = in[t];
  // CHECK: lds-alignment.hip:[[@LINE-1]]:{{[0-9]+}}: remark: writing shared array 's' on gfx90a: bank conflicts not decided: the compiler may merge this access
  s[4 * t + 1] = in[t + 1];
  __syncthreads();
  out[t] = s[t];
}

// The indices of the second to fourth stores are the first's plus a
// constant inside a sign extension (`sext(or disjoint x, 1)`); the merged
// store keeps only the first's, and each line still takes its result
// (HeCBench's segsort: these lines had no answer).
template <class K, class T>
__global__ void keys_and_values(K *out, const K *in, const T *vals, int n) {
  __shared__ K smem[512];
  __shared__ T tmem[512];
  const int warp_lane = threadIdx.x & 31;
  const int warp_id = threadIdx.x / 32;
  const K k0 = in[threadIdx.x], k1 = in[threadIdx.x + 1], k2 = in[threadIdx.x + 2],
          k3 = in[threadIdx.x + 3];
  const T v0 = vals[threadIdx.x], v1 = vals[threadIdx.x + 1], v2 = vals[threadIdx.x + 2],
          v3 = vals[threadIdx.x + 3];
  if (n > 0) {
    smem[(warp_id << 7) + (warp_lane << 2) + 0] = k0;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'smem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    smem[(warp_id << 7) + (warp_lane << 2) + 1] = k1;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'smem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    smem[(warp_id << 7) + (warp_lane << 2) + 2] = k2;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'smem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    smem[(warp_id << 7) + (warp_lane << 2) + 3] = k3;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'smem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    tmem[(warp_id << 7) + (warp_lane << 2) + 0] = v0;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'tmem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    tmem[(warp_id << 7) + (warp_lane << 2) + 1] = v1;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'tmem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    tmem[(warp_id << 7) + (warp_lane << 2) + 2] = v2;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'tmem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
    tmem[(warp_id << 7) + (warp_lane << 2) + 3] = v3;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'tmem' on gfx90a: no bank conflict (8 LDS passes per wavefront instruction)
  }
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x] + tmem[threadIdx.x];
}

struct two_doubles {
  double x, y;
  __device__ two_doubles &operator=(const two_doubles &o) {
    x = o.x;
    // CHECK: lds-alignment.hip:[[@LINE-1]]:5: remark: writing shared array 'storage' on gfx90a: bank conflicts not decided: the compiler may merge this access
    y = o.y;
    return *this;
  }
};

__global__ void pairs_of_doubles(two_doubles *out, const two_doubles *in) {
  __shared__ struct { two_doubles items[256]; } storage;
  storage.items[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = storage.items[255 - threadIdx.x];
}

void launch(int *o, const int *i) {
  hipLaunchKernelGGL(quad, dim3(1), dim3(64), 0, 0, o, i);
  hipLaunchKernelGGL(quad_between, dim3(1), dim3(64), 0, 0, o, i);
  keys_and_values<int, int><<<1, 128>>>(o, i, i, 1);
  hipLaunchKernelGGL(pairs_of_doubles, dim3(1), dim3(256), 0, 0, nullptr, nullptr);
}
