// The JSON contract of the driver, and its exit codes.
// RUN: %ldslint --arch=%cuda_arch --format=json --report=all %s -- %stubargs > %t.json; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ldslint --arch=%cuda_arch %s -- %stubargs -DCLEAN_ONLY; test $? -eq 0

template <int S>
__global__ void load_stride(float *out) {
  __shared__ float s[32 * 64];
  out[threadIdx.x] = s[threadIdx.x * S];
}

__global__ void param_stride(float *out, int stride) {
  __shared__ float s[32 * 64];
  out[threadIdx.x] = s[threadIdx.x * stride];
}

void launch(float *o, int n) {
#ifndef CLEAN_ONLY
  load_stride<32><<<1, 32>>>(o);
  param_stride<<<1, 32>>>(o, n);
#endif
  load_stride<33><<<1, 32>>>(o);
}

// CHECK:      "findings": [
// CHECK:          "access": "read",
// CHECK-NEXT:     "arch": "sm_{{[0-9]+}}",
// CHECK-NEXT:     "array": "s",
// CHECK-NEXT:     "assumptions": [
// CHECK-NEXT:       "block 32x1x1 from the launch at {{.*}}json.cu:19:3"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "block": [
// CHECK-NEXT:       32,
// CHECK-NEXT:       1,
// CHECK-NEXT:       1
// CHECK-NEXT:     ],
// CHECK-NEXT:     "block_source": "the launch at {{.*}}",
// CHECK-NEXT:     "column": 22,
// CHECK-NEXT:     "degree": 32,
// CHECK-NEXT:     "file": "{{.*}}json.cu",
// CHECK-NEXT:     "fix_notes": [
// CHECK-NEXT:       "no fix offered: the size of 's' (2048) is not a whole number of rows of 33; the index of 's' at line 9 is not written as `x * stride + column` with one column term that an XOR can be applied to"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "fixes": [],
// CHECK-NEXT:     "function": "load_stride<32>",
// CHECK-NEXT:     "ideal_wavefronts_per_instruction": 1,
// CHECK-NEXT:     "line": 9,
// CHECK-NEXT:     "reason": "lanes 0, 1, 2, 3, ..., 31 of warp 0 access bytes 0, 128, 256, 384, ..., 3968 of 's', all in bank 0",
// CHECK-NEXT:     "status": "conflict",
// CHECK-NEXT:     "wavefronts_per_instruction": 32,
// CHECK-NEXT:     "width": 4
// CHECK:          "function": "load_stride<33>",
// CHECK:          "status": "ok",
// CHECK-NEXT:     "wavefronts_per_instruction": 1,
// CHECK:          "degree": null,
// CHECK:          "function": "param_stride",
// CHECK:          "reason": "32-way bank conflict when `stride` % 32 == 0; conflict-free when `stride` is odd",
// CHECK-NEXT:     "status": "unknown",
// CHECK-NEXT:     "wavefronts_per_instruction": null,
