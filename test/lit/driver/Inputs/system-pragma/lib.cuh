// A library header that marks itself a system header, as CCCL's do, used
// from outside /usr (a GitHub or CPM copy).
#pragma clang system_header
template <typename T> __device__ T readAt(const T *s, int i) { return s[i]; }
