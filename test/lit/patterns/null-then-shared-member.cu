// A pointer member that a constructor sets to null before the real pointer
// is stored (CUTLASS's TensorRef in its warp-level tile iterators: the
// operand reads of a SIMT GEMM were silent). The null is never dereferenced,
// so the member holds shared pointers only: the read through it gets an
// answer (`unknown`: the member is moved in the loop). A member that gets a
// global pointer after the null is not claimed.
// LLVM 15's clean-up stores this object's pointer and stride as one
// <2 x i64> vector (a ptrtoint of the array) and reads the pointer back
// with inttoptr: the integer is followed to the array, and the read is
// `unknown` there too.
// RUN: %ldslint --format=json --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json
// RUN: FileCheck %s --input-file=%t.json --implicit-check-not='"line": 47,' --implicit-check-not='"line": 66,' --implicit-check-not='"line": 82,'

struct Ref {
  float *data_;
  long stride_;
  int extent_[2]; // indexed at run time: the object stays in memory
  __device__ Ref() : data_(nullptr), stride_(0) {
    for (int i = 0; i < 2; ++i)
      extent_[i] = 32;
  }
  __device__ void reset(float *p, long s) {
    data_ = p;
    stride_ = s;
  }
  __device__ __attribute__((noinline)) void add(long n) { data_ += n; }
};

__global__ void operand(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  Ref ref;
  ref.reset(&tile[0][0], 33);
  float sum = 0;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x < ref.extent_[k & 1])
      sum += ref.data_[threadIdx.x * ref.stride_];
    ref.add(1);
  }
  Ref global;
  global.reset(out, 1);
  for (int k = 0; k < n; ++k) {
    global.add(1);
    sum += global.extent_[k & 1];
  }
  sum += global.data_[threadIdx.x];
  out[threadIdx.x] = sum;
}

// A copy of another object over it may bring a global pointer: the null
// counts again, and the read is not claimed.
__global__ void copied(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  Ref g;
  g.reset(out, 1);
  Ref ref;
  if (n > 0)
    ref.reset(&tile[0][0], 33);
  else
    ref = g;
  float sum = 0;
  if (threadIdx.x < ref.extent_[n & 1] + g.extent_[n & 1])
    sum += ref.data_[threadIdx.x * 32];
  out[threadIdx.x] = sum;
}

// A function defined in another file receives the object: it may store
// any pointer into it, and the read is not claimed.
__device__ void retarget(Ref &r, float *p);
__global__ void retargeted(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  Ref ref;
  ref.reset(&tile[0][0], 33);
  float sum = 0;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x < ref.extent_[k & 1])
      sum += ref.data_[threadIdx.x * ref.stride_];
    if (k == 3)
      retarget(ref, out);
  }
  out[threadIdx.x] = sum;
}

void launch(const float *in, float *out, int n) {
  operand<<<1, dim3(32, 32)>>>(in, out, n);
  copied<<<1, dim3(32, 32)>>>(in, out, n);
  retargeted<<<1, dim3(32, 32)>>>(in, out, n);
}
// CHECK: "line": 38,
// CHECK: "reason": "the pointer is {{taken from a local array of pointers at run time|made from an integer \(the address of 'tile', kept as an integer\)}}",
// CHECK: "status": "unknown"
