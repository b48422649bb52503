// Fix search is the costly step (tens of ms per array of these kernels,
// whose loops run under an unknown block shape, against well under 1 ms
// to generate and analyse each): it stops at the time budget too, and the
// findings keep a note instead of a fix. 100 such kernels take seconds to
// plan, never 1 s, while everything before the planning takes a tenth of
// that. Not under the sanitizers, which make the analysis itself slower
// than the budget (their run checks memory, not time).
// UNSUPPORTED: sanitized
// RUN: %python -c "print(''.join('__global__ void k%%d(float *o) { __shared__ float t[64][64]; for (int i = 0; i < 64; ++i) t[threadIdx.x][i] = o[i]; __syncthreads(); float s = 0; for (int i = 0; i < 64; ++i) s += t[i][threadIdx.x] + t[threadIdx.x][i]; o[threadIdx.x] = s; }\n' %% i for i in range(100)))" > %t.plan.cu
// RUN: not %ldslint --time-budget=1 %t.plan.cu -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN: note: no fix searched: the time budget of this translation unit (option time-budget) ran out
