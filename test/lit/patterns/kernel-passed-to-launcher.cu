// A kernel passed to the function that launches it (composable_kernel's
// `launch_and_time_kernel(cfg, kernel, grid, dim3(BlockSize), ...)`, as a
// template parameter or a function pointer): each call launches the kernel
// it passes, under the shape that call gives. It was analysed under the
// assumed shapes: a false 2-way for the 16-wide blocks below.
// RUN: not %ldslint --report=all %s -- %stubargs --cuda-gpu-arch=%cuda_arch 2>&1 | FileCheck %s
// RUN: %clang_cuda %plugin -fplugin-arg-ldslint-report-all %s 2>&1 | FileCheck %s

template <int Size>
__global__ void halves(const float *in, float *out) {
  __shared__ float buf[Size * 2];
  buf[2 * threadIdx.x] = in[threadIdx.x];
  // CHECK: kernel-passed-to-launcher.cu:[[@LINE-1]]:3: remark: writing shared array 'buf' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: in halves<256>
  // CHECK-NEXT: note: block shape 16x2x1 from the launch at {{.*}}kernel-passed-to-launcher.cu:[[LAUNCHER:[0-9]+]]:3 (from the call at {{.*}}kernel-passed-to-launcher.cu:[[@LINE+36]]:3)
  // CHECK: kernel-passed-to-launcher.cu:[[@LINE-4]]:3: remark: writing shared array 'buf' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: in halves<512>
  // CHECK-NEXT: note: block shape 16x4x1 from the launch at {{.*}}kernel-passed-to-launcher.cu:{{[0-9]+}}:3 (from the call at {{.*}}kernel-passed-to-launcher.cu:[[@LINE+34]]:3)
  // CHECK: kernel-passed-to-launcher.cu:[[@LINE-7]]:3: warning: 2-way bank conflict writing shared array 'buf'
  // CHECK: note: in halves<64>
  // CHECK-NEXT: note: block shape 32x1x1 from the launch at {{.*}}kernel-passed-to-launcher.cu:[[LAUNCHER]]:3 (from the call at {{.*}}kernel-passed-to-launcher.cu:[[@LINE+32]]:3)
  // CHECK: kernel-passed-to-launcher.cu:[[@LINE-10]]:3: remark: writing shared array 'buf' on sm_{{[0-9]+}}: no bank conflict
  // CHECK: note: in halves<32>
  // CHECK-NEXT: note: block shape 16x8x1 from the launch at {{.*}}kernel-passed-to-launcher.cu:{{[0-9]+}}:3{{$}}
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}

template <typename F, typename... Args>
void launch_kernel(F kernel, dim3 grid, dim3 block, Args... args) {
  kernel<<<grid, block>>>(args...);
}

void launch_pointer(void (*kernel)(const float *, float *), dim3 block, const float *in,
                    float *out) {
  kernel<<<1, block>>>(in, out);
}

// The shape fixed in the launching function holds for every call.
template <typename F>
void launch_fixed(F kernel, const float *in, float *out) {
  kernel<<<1, dim3(16, 8)>>>(in, out);
}

// A call passing no kernel by name launches nothing known here.
void launch_unknown(void (*kernel)(const float *, float *), const float *in, float *out) {
  launch_pointer(kernel, dim3(8, 8), in, out);
}

void run(const float *in, float *out) {
  launch_kernel(halves<256>, dim3(1), dim3(16, 2), in, out);
  launch_pointer(halves<512>, dim3(16, 4), in, out);
  launch_kernel(halves<64>, dim3(1), dim3(32), in, out);
  launch_fixed(halves<32>, in, out);
}
