// Two reads of one element of a shared array at a constant place (`int
// *base = l_mem + 1601`), one before a loop and one at the end of its
// body, are merged by instcombine into one read in the loop's header,
// whose location has no line; instcombine also rewrites the constant
// pointer (`gep i32 ..., 1601` becomes `gep i8 ..., 6404`). The read takes
// the first line and stands for the other (HeCBench's sssp): no finding
// without a line.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json --implicit-check-not='"line": 0,'
__global__ void frontier(int *head, const int *nt, int *out, const int *q) {
  __shared__ int l_mem[1602];
  __shared__ int tail_bin;
  int *base = l_mem + 1601;
  const int tid = threadIdx.x;
  const int n = *nt;
  if (tid == 0)
    tail_bin = 0;
  if (tid == 0)
    *base = atomicAdd(&head[0], blockDim.x);
  __syncthreads();
  int my_base = *base;
  while (my_base < n) {
    if (my_base + tid < n)
      l_mem[atomicAdd(&tail_bin, 1)] = q[my_base + tid];
    if (tid == 0)
      *base = atomicAdd(&head[0], blockDim.x);
    __syncthreads();
    my_base = *base;
  }
  out[tid] = tail_bin;
}

void launch(int *h, const int *n, int *o, const int *q) { frontier<<<1, 64>>>(h, n, o, q); }
// CHECK: "line": 21,
// CHECK-NEXT: "reason": "",
// CHECK-NEXT: "status": "ok",
// CHECK: "line": 28,
// CHECK: "status": "ok",
