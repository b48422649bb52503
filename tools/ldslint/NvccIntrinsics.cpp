//===- NvccIntrinsics.cpp ---------------------------------------------------===//
#include "NvccIntrinsics.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

namespace ldslint {
namespace {

struct Intrinsic {
  const char *Name;
  bool Store;
};

/// Those of sm_32_intrinsics.h that clang 15 to 22 do not define.
const Intrinsic Candidates[] = {
    {"__ldca", false}, {"__ldlu", false}, {"__stcg", true}, {"__stcs", true}, {"__stwb", true},
};

/// nvcc's thirty types for each of them (sm_32_intrinsics.h).
const char *const Types[] = {
    "long", "unsigned long", "char", "signed char", "short", "int", "long long",
    "char2", "char4", "short2", "short4", "int2", "int4", "longlong2",
    "unsigned char", "unsigned short", "unsigned int", "unsigned long long",
    "uchar2", "uchar4", "ushort2", "ushort4", "uint2", "uint4", "ulonglong2",
    "float", "double", "float2", "float4", "double2",
};

} // namespace

std::vector<std::string> intrinsicsClangLacks(const std::string &ResourceDir) {
  std::vector<std::string> Lacking;
  auto Buf = llvm::MemoryBuffer::getFile(ResourceDir + "/include/__clang_cuda_intrinsics.h");
  // Defined there by macros (`__INTRINSIC_STORE(__stwt, ...)`) or as
  // functions (`__stwt(`): either spelling names it.
  for (const Intrinsic &I : Candidates) {
    const llvm::StringRef Text = Buf ? (*Buf)->getBuffer() : llvm::StringRef();
    if (Text.find(std::string("(") + I.Name + ",") == llvm::StringRef::npos &&
        Text.find(std::string(I.Name) + "(") == llvm::StringRef::npos)
      Lacking.push_back(I.Name);
  }
  return Lacking;
}

std::string nvccIntrinsicsPrelude(const std::vector<std::string> &Names) {
  std::string Text = "// ldslint: nvcc's cache-hinted loads and stores that clang's CUDA\n"
                     "// headers lack, as plain loads and stores.\n"
                     "#pragma clang system_header\n"
                     "namespace __ldslint_nvcc {\n"
                     "template <class T> struct hinted {};\n";
  for (const char *T : Types)
    Text += std::string("template <> struct hinted<") + T + "> { typedef " + T + " type; };\n";
  Text += "}\n";
  for (const Intrinsic &I : Candidates) {
    if (std::find(Names.begin(), Names.end(), I.Name) == Names.end())
      continue;
    const std::string Name = I.Name;
    if (I.Store)
      Text += "template <class T> static __device__ __forceinline__ void " + Name +
              "(T *ptr, typename __ldslint_nvcc::hinted<T>::type value) { *ptr = value; }\n";
    else
      Text += "template <class T> static __device__ __forceinline__ typename "
              "__ldslint_nvcc::hinted<T>::type " +
              Name + "(const T *ptr) { return *ptr; }\n";
  }
  return Text;
}

} // namespace ldslint
