// Semantic errors confined to host-only functions do not stop the analysis
// of the kernels: nvcc's build compiles host code with the host compiler,
// and a CUDA newer than the code (CUDA 13 removed cudaThreadSynchronize and
// cudaDeviceProp::deviceOverlap; Rodinia and llm.c still call them) or a
// host overload clang lacks would otherwise stop the file in ldslint alone.
// The errors are not printed; one note says where they were. An error in a
// __device__ function, a syntax error and -fno-gpu-defer-diag still stop
// the file (exit 2).
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.out
// RUN: %ldslint --format=json %s -- %stubargs --cuda-gpu-arch=%cuda_arch > %t.json 2> %t.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DDEVICE_ERROR > %t.dev 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=DEVICE --input-file=%t.dev
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -DSYNTAX_ERROR > %t.syn 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SYNTAX --input-file=%t.syn
// RUN: %ldslint %s -- %stubargs --cuda-gpu-arch=%cuda_arch -fno-gpu-defer-diag > %t.no 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NODEFER --input-file=%t.no

struct Props { int major; };
void takesInt(int);

template <int Launcher>
__global__ void transposeNaive(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: host-only-sema-errors.cu:[[@LINE-1]]:41: warning: 32-way bank conflict reading shared array 'tile'
  // JSON: "function": "transposeNaive<0>",
  // JSON-NOT: "block": [
  // JSON: "status": "conflict",
  // JSON: "block": [
  // JSON-NEXT: 32,
  // JSON-NEXT: 8,
  // JSON-NEXT: 1
  // JSON: "function": "transposeNaive<1>",
  // JSON: "status": "conflict",
#ifdef DEVICE_ERROR
  takesInt("device");
  // DEVICE: host-only-sema-errors.cu:[[@LINE-1]]:3: error: no matching function for call to 'takesInt'
  // DEVICE-NOT: warning: {{.*}}[ldslint]
#endif
}

template <typename T> void hostTemplate(T) { takesInt("template"); }

struct Runner {
  void check(Props p) { takesInt(p.deviceOverlap); }
};

int main() {
  // NOTE: ldslint: note: host-only code that clang's device compile rejects (nvcc compiles it with the host compiler) was set aside, the kernels are analysed: {{.*}}host-only-sema-errors.cu:[[@LINE-7]]:46 (no matching function for call to 'takesInt'), {{.*}}host-only-sema-errors.cu:[[@LINE-4]]:36 (no member named 'deviceOverlap' in 'Props'), {{.*}}host-only-sema-errors.cu:[[@LINE+1]]:3 (use of undeclared identifier 'cudaThreadSynchronize') and 1 more{{$}}
  cudaThreadSynchronize();
  hostTemplate(1);
#ifdef SYNTAX_ERROR
  int broken = ;
  // SYNTAX: host-only-sema-errors.cu:[[@LINE-1]]:16: error: expected expression
  // SYNTAX-NOT: warning: {{.*}}[ldslint]
#endif
  // A statement with an error is dropped from the AST, and what it wrote
  // with it: no block shape is read from a function that had one.
  dim3 threads(32, 8);
  threads.y += no_such_value;
  transposeNaive<0><<<1, threads>>>(nullptr, nullptr);
  // NODEFER: error: use of undeclared identifier 'cudaThreadSynchronize'
  return 0;
}

void launchElsewhere() {
  dim3 threads(32, 8);
  transposeNaive<1><<<1, threads>>>(nullptr, nullptr);
}
