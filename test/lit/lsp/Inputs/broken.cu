__global__ void k(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = undeclared_name;
  out[0] = s[0];
}
