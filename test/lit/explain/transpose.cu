// --explain: the bank map of the 32-way transpose read (every lane in bank
// 0), the same warp after the padding fix (lane i in bank i), the block
// shape, access width and target; a selection by FILE:LINE[:COL].
// RUN: %ldslint --arch=%cuda_arch --explain %s -- %stubargs > %t.txt 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.txt
// No colour when stdout is not a terminal.
// RUN: not grep -q -P '\x1b' %t.txt
// RUN: not %ldslint --arch=%cuda_arch --explain=explain/transpose.cu:27 %s -- %stubargs 2>/dev/null | FileCheck %s --check-prefix=READ
// RUN: not %ldslint --arch=%cuda_arch --explain=%s:24:5 %s -- %stubargs 2>/dev/null | FileCheck %s --check-prefix=WRITE
// The plugin argument (maps on stderr, after the diagnostics); wave64: wave64.hip.
// RUN: %clang_cuda_device %plugin -fplugin-arg-ldslint-explain=transpose.cu:27 %s 2>&1 | FileCheck %s --check-prefix=PLUGIN
// Errors: a malformed selection, and --explain with JSON.
// RUN: not %ldslint --explain=transpose.cu %s -- %stubargs 2>&1 | FileCheck %s --check-prefix=BADSEL
// RUN: not %ldslint --explain --format=json %s -- %stubargs 2>&1 | FileCheck %s --check-prefix=BADFMT
// BADSEL: ldslint: invalid --explain selection 'transpose.cu' (expected FILE:LINE or FILE:LINE:COLUMN)
// BADFMT: ldslint: --explain draws text next to the diagnostics; use it with --format=text

#define TILE 32

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[y + j][x] = in[(y + j) * TILE + x];
  __syncthreads();
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * TILE + x] = tile[x][y + j];
}

void launch(float *o, const float *i) { transpose<<<1, dim3(32, 8)>>>(o, i); }

// CHECK:      == {{.*}}transpose.cu:27:31: 32-way bank conflict reading 'tile' in 'transpose' (sm_{{[0-9]+}})
// CHECK-NEXT: target sm_{{[0-9]+}}: 32 banks x 4 B, 32-lane warps
// CHECK-NEXT: block 32x8x1 (the launch at {{.*}}transpose.cu:30:41); 4-byte read per lane
// CHECK-NEXT: warp 0 at j = 0 (the worst of 32 warp instructions); lane 0 is threadIdx (0,0,0) ... lane 31 is threadIdx (31,0,0)
// CHECK-NEXT: (a uniform offset is left out: the banks may be rotated)
// CHECK-NEXT: lanes 0-31: 32 passes (32-way conflict)
// CHECK-NEXT: bank  |0        1        2        3        4        5        6        7
// CHECK-NEXT: lanes |0-31     .        .        .        .        .        .        .
// CHECK-NEXT: words |32!      .        .        .        .        .        .        .
// CHECK-NEXT: bank  |8        9        10       11       12       13       14       15
// CHECK-NEXT: lanes |.        .        .        .        .        .        .        .
// CHECK:      bank 0 serves 32 different words: lane 0 @0, lane 1 @128, lane 2 @256,
// CHECK-NEXT:   lane 3 @384, lane 4 @512, lane 5 @640, ..., lane 30 @3840, lane 31 @3968
// CHECK-NEXT: total: 32 wavefront(s), 1 without conflicts; worst phase 32-way
// CHECK-NEXT: -- after the fix: pad the innermost dimension of 'tile' from 32 to 33 elements (+128 bytes)
// CHECK-NEXT: warp 0 at j = 0; lane 0 is threadIdx (0,0,0) ... lane 31 is threadIdx (31,0,0)
// CHECK-NEXT: (a uniform offset is left out: the banks may be rotated)
// CHECK-NEXT: lanes 0-31: 1 pass (conflict-free)
// CHECK-NEXT: bank  |0        1        2        3        4        5        6        7
// CHECK-NEXT: lanes |0        1        2        3        4        5        6        7
// CHECK-NEXT: words |1        1        1        1        1        1        1        1
// CHECK:      total: 1 wavefront(s), 1 without conflicts; worst phase 1-way
// Only the conflicting read is drawn without a selection: the write is clean.
// CHECK-NOT:  ==

// READ:      == {{.*}}transpose.cu:27:31: 32-way
// READ-NOT:  ==

// WRITE:      == {{.*}}transpose.cu:24:5: no bank conflict writing 'tile' in 'transpose'
// WRITE:      lanes |0        1        2        3        4        5        6        7
// WRITE:      total: 1 wavefront(s), 1 without conflicts; worst phase 1-way
// WRITE-NOT:  -- after the fix
// WRITE-NOT:  ==

// PLUGIN:      warning: 32-way bank conflict reading shared array 'tile'
// PLUGIN:      == {{.*}}transpose.cu:27:31: 32-way bank conflict reading 'tile' in 'transpose' (sm_{{[0-9]+}})
// PLUGIN:      lanes |0-31     .
// PLUGIN:      -- after the fix: pad the innermost dimension of 'tile' from 32 to 33 elements

// A selection that names no access says so (the diagnostics still come).
// RUN: not %ldslint --arch=%cuda_arch --explain=./transpose.cu:3 %s -- %stubargs 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: ldslint: --explain=./transpose.cu:3: no shared-memory access was analysed at that place
// RUN: not %ldslint --arch=%cuda_arch --explain=./transpose.cu:27:31 %s -- %stubargs 2>/dev/null | FileCheck %s --check-prefix=READ
