// Hardware test kernels for ldslint: the production patterns of issue 3.
// Dynamic shared memory carved by pointers, the SharedMemory<T> helper of the
// CUDA samples, a row pointer, a shared pointer passed to a __device__
// function, arrays of structs, a float4 store at one element of a float
// tile, lane and warp ids, shared atomics. One warp unless noted.
// See ../README.md for the rules of this directory.
#include <cstdio>
#include <cuda_runtime.h>

// extern buffer carved into a (32 x 32) and b (32 x 33): a[t*32] -> 32,
// b[t*33] -> 1.
__global__ void carved(float* out) {
  extern __shared__ float buf[];
  float* a = buf;
  float* b = buf + 32 * 32;
  int t = threadIdx.x;
  for (int i = t; i < 32 * 32 + 32 * 33; i += blockDim.x)
    buf[i] = (float)i;  // @cv.init
  __syncthreads();
  float x = a[t * 32];  // @cv.a
  out[t] = x;
  float y = b[t * 33];  // @cv.b
  out[t + 32] = y;
}

// The SharedMemory<T> helper (CUDA samples): s[t*2] -> 2.
template <class T>
struct SharedMemory {
  __device__ T* getPointer() {
    extern __shared__ int smem_raw[];
    return reinterpret_cast<T*>(smem_raw);
  }
};

__global__ void helper(float* out) {
  float* s = SharedMemory<float>().getPointer();
  int t = threadIdx.x;
  for (int i = t; i < 64; i += blockDim.x)
    s[i] = (float)i;  // @hp.init
  __syncthreads();
  float x = s[t * 2];  // @hp.load
  out[t] = x;
}

// A row pointer: row = &tile[t][0]; row[3] reads column 3 of 32 rows -> 32.
__global__ void row_pointer(float* out) {
  __shared__ float tile[32][32];
  int t = threadIdx.x;
  for (int i = t; i < 32 * 32; i += blockDim.x)
    tile[i / 32][i % 32] = (float)i;  // @rp.init
  __syncthreads();
  const float* row = &tile[t][0];
  float x = row[3];  // @rp.load
  out[t] = x;
}

// A shared pointer passed to a __device__ function: p[t*4] -> 4, at the
// access inside the callee.
__device__ float load_at(const float* p, int i) {
  return p[i];  // @df.load
}

__global__ void device_fn(float* out) {
  __shared__ float s[32 * 4];
  int t = threadIdx.x;
  for (int i = t; i < 32 * 4; i += blockDim.x)
    s[i] = (float)i;  // @df.init
  __syncthreads();
  float x = load_at(s, t * 4);
  out[t] = x;
}

// Arrays of structs: a 12-byte struct strides 3 words (odd) -> 1; a 16-byte
// struct strides 4 words -> 4.
struct P3 {
  float x, y, z;
};
struct P4 {
  float x, y, z, w;
};

__global__ void aos3(float* out) {
  __shared__ P3 p[32];
  int t = threadIdx.x;
  p[t].y = (float)t;  // @a3.store
  __syncthreads();
  float v = p[(t + 1) % 32].y;  // @a3.load
  out[t] = v;
}

__global__ void aos4(float* out) {
  __shared__ P4 p[32];
  int t = threadIdx.x;
  p[t].z = (float)t;  // @a4.store
  __syncthreads();
  float v = p[(t + 1) % 32].z;  // @a4.load
  out[t] = v;
}

// A float4 store at one element of a float tile (64 threads: row t / 8,
// chunk t % 8): a phase of 8 lanes covers one row -> 4 / 4. The scalar read
// tile[t % 8][t / 8]: 8 rows of 4 columns per warp -> 8.
__global__ void cast_store(float* out) {
  __shared__ __align__(16) float tile[8][32];
  int t = threadIdx.x;
  int r = t / 8, q = t % 8;
  *reinterpret_cast<float4*>(&tile[r][4 * q]) = make_float4((float)t, 1.0f, 2.0f, 3.0f);  // @cs.store
  __syncthreads();
  float x = tile[t % 8][t / 8];  // @cs.load
  out[t] = x;
}

// Lane and warp ids (block 128): s[warp * 33 + lane] -> 1; s[lane * 4 + warp]
// -> 4.
__global__ void warp_lane(float* out) {
  __shared__ float s[4 * 33];
  int t = threadIdx.x;
  int lane = t & 31, warp = t / 32;
  s[warp * 33 + lane] = (float)t;  // @wi.store
  __syncthreads();
  float x = s[lane * 4 + warp];  // @wi.load
  out[t] = x;
}

// Shared atomics (ATOMS) cost like plain accesses: stride 2 -> 2; four words
// in bank 0, eight lanes each -> 4 (same-address lanes do not serialise).
__global__ void atomic_stride(float* out) {
  __shared__ unsigned s[128];
  int t = threadIdx.x;
  for (int i = t; i < 128; i += blockDim.x)
    s[i] = 0u;  // @at.init
  __syncthreads();
  atomicAdd(&s[t * 2], 1u);  // @at.stride2
  atomicAdd(&s[(t % 4) * 32], 1u);  // @at.samebank
  __syncthreads();
  float x = (float)s[t];  // @at.load
  out[t] = x;
}

int main() {
  float* out = nullptr;
  if (cudaMalloc(&out, 1 << 20) != cudaSuccess) return 2;
  carved<<<1, 32, (32 * 32 + 32 * 33) * sizeof(float)>>>(out);
  helper<<<1, 32, 64 * sizeof(float)>>>(out);
  row_pointer<<<1, 32>>>(out);
  device_fn<<<1, 32>>>(out);
  aos3<<<1, 32>>>(out);
  aos4<<<1, 32>>>(out);
  cast_store<<<1, 64>>>(out);
  warp_lane<<<1, 128>>>(out);
  atomic_stride<<<1, 32>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaGetLastError();
  printf("patterns: %s\n", cudaGetErrorString(err));
  cudaFree(out);
  return err == cudaSuccess ? 0 : 1;
}
