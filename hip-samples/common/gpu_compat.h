// gpu_compat.h - let the .hip samples build with nvcc as well as hipcc.
//
// The kernels use only the device subset HIP and CUDA share (threadIdx,
// __shared__, __syncthreads, float4, <<<>>>). Host code is written against the
// HIP runtime API; under nvcc (which defines __CUDACC__ but not __HIP__) the
// hip* names below are mapped to their CUDA equivalents. Anything else
// (hipcc, clang -x hip) gets the real HIP header.
#pragma once

#if defined(__CUDACC__) && !defined(__HIP__)

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
