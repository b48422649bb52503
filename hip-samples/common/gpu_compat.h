// gpu_compat.h - let the .hip samples build with nvcc as well as hipcc.
//
// The kernels use only the device subset HIP and CUDA share (threadIdx,
// __shared__, __syncthreads, float4, <<<>>>). Host code is written against the
// HIP runtime API; under nvcc (which defines __CUDACC__ but not __HIP__) the
// hip* names below are mapped to their CUDA equivalents. Anything else
// (hipcc, clang -x hip) gets the real HIP header.
//
// -DLDSLINT_STUB: parse only, without any SDK, against a stub cuda.h such as
// ldslint's test/Inputs/cuda.h (clang -nocudainc -include cuda.h, or
// -nogpuinc for HIP). The host API is then only declared; nothing links.
#pragma once

#if defined(LDSLINT_STUB)

#undef warpSize  // the stub's macro would clash with hipDeviceProp_t::warpSize

typedef int hipError_t;
typedef struct ihipEvent_t* hipEvent_t;
enum { hipSuccess = 0 };
enum hipMemcpyKind {
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3
};
struct hipDeviceProp_t {
  char name[256];
  int major, minor, multiProcessorCount, warpSize;
  size_t sharedMemPerBlock;
};
const char* hipGetErrorString(hipError_t);
hipError_t hipGetLastError();
template <class T> hipError_t hipMalloc(T** ptr, size_t bytes);
hipError_t hipFree(void*);
hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind kind);
hipError_t hipMemset(void* dst, int value, size_t bytes);
hipError_t hipDeviceSynchronize();
hipError_t hipGetDevice(int*);
hipError_t hipGetDeviceProperties(hipDeviceProp_t*, int);
hipError_t hipDriverGetVersion(int*);
hipError_t hipRuntimeGetVersion(int*);
hipError_t hipEventCreate(hipEvent_t*);
hipError_t hipEventDestroy(hipEvent_t);
hipError_t hipEventRecord(hipEvent_t, hipStream_t = 0);
hipError_t hipEventSynchronize(hipEvent_t);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);
__host__ __device__ inline float4 make_float4(float x, float y, float z, float w) {
  float4 v = {x, y, z, w};
  return v;
}

#define GPU_COMPAT_RUNTIME "stub"

#elif defined(__CUDACC__) && !defined(__HIP__)

#include <cuda_runtime.h>

typedef cudaError_t hipError_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaStream_t hipStream_t;
typedef cudaDeviceProp hipDeviceProp_t;

#define hipSuccess cudaSuccess
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemcpy cudaMemcpy
#define hipMemset cudaMemset
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipGetDevice cudaGetDevice
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipDriverGetVersion cudaDriverGetVersion
#define hipRuntimeGetVersion cudaRuntimeGetVersion
#define hipEventCreate cudaEventCreate
#define hipEventDestroy cudaEventDestroy
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime
#define hipLaunchKernelGGL(kernel, grid, block, shmem, stream, ...) \
  kernel<<<(grid), (block), (shmem), (stream)>>>(__VA_ARGS__)

#define GPU_COMPAT_RUNTIME "CUDA"

#else

#include <hip/hip_runtime.h>

#define GPU_COMPAT_RUNTIME "HIP"

#endif
