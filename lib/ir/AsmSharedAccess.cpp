//===- AsmSharedAccess.cpp -------------------------------------------------===//
#include "ir/AsmSharedAccess.h"

#include "StringCompat.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace ldslint {

namespace {

/// Bytes of a PTX scalar type suffix (`b32`, `f16`, `u8`, ...), 0 if none.
unsigned typeBytes(llvm::StringRef T) {
  if (T.size() < 2 || (T[0] != 'b' && T[0] != 'u' && T[0] != 's' && T[0] != 'f'))
    return 0;
  unsigned Bits = 0;
  if (T.drop_front().getAsInteger(10, Bits))
    return 0;
  if (Bits == 8 && T[0] == 'f')
    return 0;
  return Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64 ? Bits / 8 : 0;
}

/// The address operand `[$N]` or `[$N+imm]` of \p Operands, which must be
/// first (\p First) or last.
bool readAddress(llvm::StringRef Operands, bool First, AsmSharedAccess &Out) {
  const size_t Open = Operands.find('['), Close = Operands.find(']');
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos || Close < Open ||
      Operands.find('[', Open + 1) != llvm::StringRef::npos)
    return false;
  llvm::StringRef Address = Operands.slice(Open + 1, Close).trim();
  if (!Address.consume_front("$"))
    return false;
  const size_t Digits = Address.find_first_not_of("0123456789");
  if (Address.take_front(Digits).getAsInteger(10, Out.Operand))
    return false;
  llvm::StringRef Rest = Digits == llvm::StringRef::npos ? "" : Address.drop_front(Digits).trim();
  if (!Rest.empty()) {
    const bool Minus = Rest.consume_front("-");
    if (!Minus && !Rest.consume_front("+"))
      return false;
    if (Rest.trim().getAsInteger(0, Out.Offset))
      return false;
    if (Minus)
      Out.Offset = -Out.Offset;
  }
  const bool AddressFirst = startsWith(Operands.trim(), "[");
  const bool AddressLast = Operands.drop_front(Close + 1).trim().empty();
  return First ? AddressFirst : AddressLast && !AddressFirst;
}

/// `ldmatrix.sync.aligned.m8n8.x4{.trans}{.shared{::cta}}.b16 {...}, [$N];`
/// and `stmatrix...[$N], {...};` (the qualifiers in any order).
std::optional<AsmSharedAccess> parseMatrix(llvm::StringRef Opcode, llvm::StringRef Operands,
                                           bool Write) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Opcode.split(Parts, '.');
  bool Sync = false, Aligned = false, Shape = false, B16 = false;
  unsigned Matrices = 0;
  for (llvm::StringRef P : llvm::ArrayRef<llvm::StringRef>(Parts).drop_front()) {
    if (P == "sync")
      Sync = true;
    else if (P == "aligned")
      Aligned = true;
    else if (P == "m8n8")
      Shape = true;
    else if (P == "x1" || P == "x2" || P == "x4")
      Matrices = static_cast<unsigned>(P[1] - '0');
    else if (P == "trans")
      continue; // how the rows are distributed to registers, not which are read
    else if (P == "shared" || P == "shared::cta")
      continue; // optional: without it the address is generic (ggml's
                // mma.cuh), still into shared memory; LaneValues checks it
    else if (P == "b16")
      B16 = true;
    else
      return std::nullopt; // other shapes and element types (sm_100's m16n16 b8)
  }
  if (!Sync || !Aligned || !Shape || !B16 || !Matrices)
    return std::nullopt;
  AsmSharedAccess Out;
  Out.Write = Write;
  Out.WidthBytes = 16;
  Out.RowLanes = 8 * Matrices;
  if (!readAddress(Operands, Write, Out))
    return std::nullopt;
  return Out;
}

} // namespace

std::optional<AsmSharedAccess> parseAsmSharedAccess(llvm::StringRef Text) {
  Text = Text.trim();
  // One instruction: a trailing `;` and nothing after it.
  Text.consume_back(";");
  Text = Text.rtrim();
  if (Text.empty() || Text.contains(';') || Text.contains('@') || Text.contains('{') != Text.contains('}'))
    return std::nullopt;
  if (startsWith(Text, "ldmatrix.") || startsWith(Text, "stmatrix.")) {
    const size_t Space = Text.find_first_of(" \t");
    if (Space == llvm::StringRef::npos)
      return std::nullopt;
    return parseMatrix(Text.take_front(Space), Text.drop_front(Space).trim(),
                       Text.front() == 's');
  }
  AsmSharedAccess Out;
  if (Text.consume_front("ld."))
    Out.Write = false;
  else if (Text.consume_front("st."))
    Out.Write = true;
  else
    return std::nullopt;
  const size_t Space = Text.find_first_of(" \t");
  if (Space == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Opcode = Text.take_front(Space), Operands = Text.drop_front(Space).trim();
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Opcode.split(Parts, '.');
  bool Shared = false;
  unsigned Vector = 1, Bytes = 0;
  for (llvm::StringRef P : Parts) {
    if (P == "shared" || P == "shared::cta")
      Shared = true;
    else if (P == "volatile")
      continue;
    else if (P == "v2" || P == "v4")
      Vector = P == "v2" ? 2 : 4;
    else if (unsigned B = typeBytes(P); B && !Bytes)
      Bytes = B;
    else
      return std::nullopt; // cache or scope qualifiers, .v8, ...
  }
  if (!Shared || !Bytes || Vector * Bytes > 16)
    return std::nullopt;
  Out.WidthBytes = Vector * Bytes;
  // The address: `[$N]` or `[$N+imm]`, first for a store, last for a load.
  if (!readAddress(Operands, Out.Write, Out))
    return std::nullopt;
  return Out;
}

} // namespace ldslint
