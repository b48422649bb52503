// Hermetic CUDA/HIP stub for ldslint's tests (no SDK needed).
// Modelled on clang's test/SemaCUDA/Inputs/cuda.h: the attributes the
// language needs, dim3, the launch-configuration hooks, and the builtin
// variables (threadIdx, blockIdx, blockDim, gridDim) from clang itself.
#pragma once
#include "__clang_cuda_builtin_vars.h"

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))

typedef __SIZE_TYPE__ size_t;

struct dim3 {
  unsigned x, y, z;
  __host__ __device__ constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};

typedef struct cudaStream *cudaStream_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                 size_t sharedSize = 0, cudaStream_t stream = 0);
extern "C" int __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                           size_t sharedSize = 0, cudaStream_t stream = 0);
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem, cudaStream_t stream);
typedef cudaStream_t hipStream_t;
extern "C" int hipConfigureCall(dim3 gridSize, dim3 blockSize,
                                size_t sharedSize = 0, hipStream_t stream = 0);
extern "C" int __hipPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                          size_t sharedSize = 0, hipStream_t stream = 0);
extern "C" int hipLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                               void **args, size_t sharedMem, hipStream_t stream);
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...) \
  kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)

extern "C" __device__ void __syncthreads();
__device__ int atomicAdd(int *address, int val);
__device__ unsigned atomicAdd(unsigned *address, unsigned val);
__device__ float atomicAdd(float *address, float val);

struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(16))) double2 { double x, y; };
struct __attribute__((aligned(16))) uint4 { unsigned x, y, z, w; };
struct __attribute__((aligned(2))) __half { unsigned short __x; };
struct __attribute__((aligned(4))) __half2 { __half x, y; };

#if defined(__HIP__)
#define warpSize __builtin_amdgcn_wavefrontsize()
#else
#define warpSize 32
#endif
