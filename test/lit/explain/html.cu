// --format=html: one self-contained page (inline CSS and script, no
// network) with the findings' JSON embedded, each with its bank map and the
// map after the fix.
// RUN: %ldslint --arch=%cuda_arch --format=html -o %t.html %s -- %stubargs; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.html
// RUN: FileCheck %s --input-file=%t.html --check-prefix=OFFLINE
// OFFLINE-NOT: http://
// OFFLINE-NOT: https://
// OFFLINE-NOT: <link
// OFFLINE-NOT: src=
// The embedded data parses and holds one conflict with all 32 lanes in bank 0.
// RUN: python3 %S/Inputs/html_data.py %t.html | FileCheck %s --check-prefix=DATA
// DATA:      findings: 1
// DATA-NEXT: finding 24:21 degree 32
// DATA-NEXT: map [(0, 32, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31])]
// DATA-NEXT: after [(0, 1, [0]), (1, 1, [1]), (2, 1, [2]),
// DATA-NEXT: source:   out[y * 32 + x] = tile[x][y];

__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
}

void launch(float *o, const float *i) { transpose<<<1, dim3(32, 32)>>>(o, i); }

// CHECK: <!DOCTYPE html>
// CHECK: <style>
// CHECK: <script type="application/json" id="ldslint-data">{"findings":[{
// CHECK-SAME: "access":"read"
// CHECK-SAME: "after":{
// CHECK-SAME: "after_fix":"pad the innermost dimension of 'tile' from 32 to 33 elements (+128 bytes)"
// CHECK-SAME: "degree":32
// CHECK-SAME: "map":{"bank_bytes":4,"banks":32,
// CHECK: window.ldslintShow=show;
// CHECK: </html>
