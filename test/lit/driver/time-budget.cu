// A time budget per translation unit and target: kernels not reached in
// time are named, the findings made so far are kept, and the compile goes
// on. (A budget of a nanosecond runs out before the first kernel.)
// RUN: %ldslint --time-budget=0.000000001 %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: ldslint: note: {{.*}}time-budget.cu on sm_{{[0-9]+}}: the time budget (1e-09 s per translation unit, option time-budget) ran out: 2 kernel(s) not analysed: first, second
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-time-budget=0.000000001 %s 2>&1 | FileCheck %s --check-prefix=PLUGIN --implicit-check-not=warning:
// PLUGIN: remark: ldslint on sm_{{[0-9]+}}: the time budget (1e-09 s per translation unit, option time-budget) ran out: 2 kernel(s) not analysed: first, second
// The default (60 s) analyses both.
// RUN: not %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-COUNT-2: warning: 32-way bank conflict
// RUN: not %ldslint --time-budget=-1 %s -- %stubargs 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: ldslint: --time-budget must be 0 (no limit) or more seconds
// RUN: not %clang_cuda %plugin -fplugin-arg-ldslint-time-budget=soon %s 2>&1 | FileCheck %s --check-prefix=BADPLUGIN
// BADPLUGIN: invalid time-budget 'soon' (expected seconds, 0 for no limit)

__global__ void first(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][0];
}

__global__ void second(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][1];
}

void launch(float *o) {
  first<<<1, 32>>>(o);
  second<<<1, 32>>>(o);
}

// Fix search stops at the budget too: time-budget-planning.cu.
// RUN: %python -c "print(''.join('__global__ void k%%d(float *o) { __shared__ float t[32][32]; t[threadIdx.y][threadIdx.x] = o[0]; __syncthreads(); o[threadIdx.x] = t[threadIdx.x][threadIdx.y]; }\n' %% i for i in range(300)))" > %t.many.cu

// A memory budget likewise (what the analysis may add to the process's
// resident memory): with one byte, some of 300 kernels are not analysed and
// the note names the memory budget; bad values are refused.
// RUN: %ldslint --memory-budget=0.000001 --time-budget=0 %t.many.cu -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.mem 2>&1 || true
// RUN: FileCheck %s --check-prefix=MEM < %t.mem
// MEM: ldslint: note: {{.*}}.many.cu on sm_{{[0-9]+}}: the memory budget (1e-06 MB per translation unit, option memory-budget) ran out: {{[0-9]+}} kernel(s) not analysed: k{{[0-9]+}}
// RUN: not %ldslint --memory-budget=-5 %s -- %stubargs 2>&1 | FileCheck %s --check-prefix=BADMEM
// BADMEM: ldslint: --memory-budget must be 0 (no limit) or more MB
// RUN: not %clang_cuda %plugin -fplugin-arg-ldslint-memory-budget=lots %s 2>&1 | FileCheck %s --check-prefix=BADMEMPLUGIN
// BADMEMPLUGIN: invalid memory-budget 'lots' (expected MB, 0 for no limit)
