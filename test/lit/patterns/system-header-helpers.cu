// Shared-memory accesses inside functions of a system header (a library's
// helpers: a namespace, a template, an extern "C" block) are analysed where
// the kernel calls them, and answered at the kernel's line. Of a system
// header, only what the unit uses is generated: a helper that nothing calls
// gives no finding: it is not even handed to the code generator (FILTER,
// from the developers' phase times: the header's unused helper). The unit's
// own `never_called` is generated, as clang emits it for other units to
// call, but it reaches no shared memory of its own (its pointer is any
// memory), so it gives no finding either
// (uncalled-device-function.cu has one that does).
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -isystem %S/Inputs/system 2>&1 | FileCheck %s --implicit-check-not="shared_helpers.h:{{[0-9]+}}:{{[0-9]+}}: {{warning|remark}}"
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all -isystem %S/Inputs/system %s 2>&1 | FileCheck %s --implicit-check-not="shared_helpers.h:{{[0-9]+}}:{{[0-9]+}}: {{warning|remark}}"
// RUN: env LDSLINT_DEBUG_TIME=1 not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch -isystem %S/Inputs/system 2>&1 | FileCheck %s --check-prefix=FILTER
// FILTER: ldslint: codegen {{.*}} (1 unused device functions not generated, {{[0-9]+}} functions and variables no kernel reaches not handed)
#include <shared_helpers.h>

__device__ void never_called(float *s) { s[threadIdx.x * 32] = 0.0f; }

__global__ void uses_helpers(float *out) {
  __shared__ float s[32 * 32];
  helpers::store_at(s, threadIdx.x * 2, 1.0f);
  // CHECK: system-header-helpers.cu:[[@LINE-1]]:3: warning: 2-way bank conflict writing shared array 's'
  __syncthreads();
  out[threadIdx.x] = helpers::load_at(s, threadIdx.x * 4);
  // CHECK: system-header-helpers.cu:[[@LINE-1]]:22: warning: 4-way bank conflict reading shared array 's'
  add_at(s, threadIdx.x, 2.0f);
  // CHECK: system-header-helpers.cu:[[@LINE-1]]:3: remark: reading shared array 's' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: system-header-helpers.cu:[[@LINE-2]]:3: remark: writing shared array 's' on sm_{{[0-9]+}}: no bank conflict
}

void launch(float *o) { uses_helpers<<<1, 32>>>(o); }
