// Kernels defined in system headers (thrust's and CUB's device-wide
// kernels, instantiated by this file's thrust::exclusive_scan) are analysed
// when every answer is asked for (--report=all), at the library's lines;
// otherwise their code is dropped unanalysed: nothing of them could be shown.
// REQUIRES: cuda-sdk, cuda-cccl
// RUN: not %ldslint --format=json --report=all %s -- -x cuda --cuda-path=%cuda_path > %t.json 2>/dev/null
// RUN: FileCheck %s --check-prefix=ALL < %t.json
// RUN: not %ldslint --format=json %s -- -x cuda --cuda-path=%cuda_path > %t.default.json 2>/dev/null
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.json
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint %s -- -x cuda --cuda-path=%cuda_path 2>&1 | FileCheck %s --check-prefix=TIME
// ALL: "file": "{{.*}}/cub/block/block_store.cuh",
// DEFAULT: "findings": [
// DEFAULT-NOT: cub/
// DEFAULT-NOT: thrust/
// DEFAULT: "degree": 2,
// DEFAULT-NOT: cub/
// DEFAULT-NOT: thrust/
// DEFAULT: "function": "own",
// DEFAULT-NOT: cub/
// DEFAULT-NOT: thrust/
// TIME: ldslint: device IR of 1 kernels; library kernel instantiations: {{[1-9][0-9]*}} left out
#include <thrust/device_vector.h>
#include <thrust/scan.h>

__global__ void own(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 1.0f;
  out[threadIdx.x] = s[(2 * threadIdx.x) % 64]; // 2-way: the finding shown
}

void run(thrust::device_vector<int> &v, float *out) {
  thrust::exclusive_scan(v.begin(), v.end(), v.begin());
  own<<<1, 64>>>(out);
}
