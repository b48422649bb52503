// The classic transpose: 32-way conflict on the column read of a [32][32]
// tile, with notes and a padding fix-it; the padded tile is clean.
// RUN: %clang_cuda %plugin %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: not %clang_cuda %plugin -Werror %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %clang_cuda %plugin -w %s 2>&1 | FileCheck %s --allow-empty --check-prefix=SILENT
// SILENT-NOT: bank conflict

#define TILE 32

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
  // CHECK: transpose.cu:[[@LINE-1]]:23: warning: 32-way bank conflict reading shared array 'tile' on sm_{{[0-9]+}}: 32 wavefronts per warp instruction, ideal 1 [ldslint]
  // CHECK: note: lanes 0, 1, 2, 3, ..., 31 of warp 0 access bytes 0, 128, 256, 384, ..., 3968 of 'tile', all in bank 0
  // CHECK: note: block shape 32x32x1 from the launch at {{.*}}transpose.cu:[[#LAUNCH:]]:3
  // CHECK: transpose.cu:11:20: note: pad the innermost dimension of 'tile' from 32 to 33 elements (+128 bytes)
  // CHECK: note: 'tile' declared here
  // WERROR: error: 32-way bank conflict reading shared array 'tile'
}

__global__ void transpose_padded(float *out, const float *in) {
  __shared__ float tile[TILE][TILE + 1];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * TILE + x];
  __syncthreads();
  out[y * TILE + x] = tile[x][y];
}

void launch(float *o, const float *i) {
  transpose<<<1, dim3(32, 32)>>>(o, i);
  transpose_padded<<<1, dim3(32, 32)>>>(o, i);
}
// CHECK: 1 warning generated when compiling for sm_{{[0-9]+}}.

// no-werror keeps the findings warnings in a -Werror build, which succeeds.
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-no-werror -Werror %s 2>&1 | FileCheck %s --check-prefix=NOWERROR --implicit-check-not=error:
// NOWERROR: warning: 32-way bank conflict reading shared array 'tile'
