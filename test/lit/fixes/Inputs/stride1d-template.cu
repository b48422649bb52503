// The row stride is a template parameter; both instantiations take the
// same edit of the shared source.
constexpr int BK = 8;

template <int TM> __global__ void tile_tpl(float *out, const float *a) {
  __shared__ float As[BK * TM];
  const int t = threadIdx.x, m = t / 2, kq = t % 2;
  As[(kq * 4 + 0) * TM + m] = a[4 * t];
  As[(kq * 4 + 1) * TM + m] = a[4 * t + 1];
  As[(kq * 4 + 2) * TM + m] = a[4 * t + 2];
  As[(kq * 4 + 3) * TM + m] = a[4 * t + 3];
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < BK; ++k)
    acc += As[k * TM + t % TM];
  out[t] = acc;
}

void launch(float *o, const float *a) {
  tile_tpl<64><<<1, 128>>>(o, a);
  tile_tpl<32><<<1, 64>>>(o, a);
}
