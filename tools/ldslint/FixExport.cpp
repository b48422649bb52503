//===- FixExport.cpp -------------------------------------------------------===//
#include "FixExport.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

namespace ldslint {

uint64_t contentHash(llvm::StringRef Text) {
  return static_cast<uint64_t>(llvm::hash_value(Text));
}

namespace {
std::string editKey(const TextEdit &E) {
  return E.File + ":" + std::to_string(E.Offset) + ":" +
         std::to_string(E.Length) + ":" + E.Replacement;
}
} // namespace

void FixCollector::add(FixRecord R) {
  std::vector<TextEdit> Fresh;
  for (const TextEdit &E : R.Edits)
    if (Seen.insert(editKey(E)).second)
      Fresh.push_back(E);
  if (Fresh.empty())
    return;
  R.Edits = std::move(Fresh);
  for (const auto &[File, Hash] : R.Analysed)
    Analysed.insert({File, Hash});
  Records.push_back(std::move(R));
}

bool FixCollector::exportYaml(const std::string &Path, std::string &Error) const {
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = Records.empty() ? "" : Records.front().File;
  for (const FixRecord &R : Records) {
    clang::tooling::DiagnosticMessage Msg;
    Msg.Message = R.Message;
    Msg.FilePath = R.File;
    Msg.FileOffset = R.Offset;
    for (const TextEdit &E : R.Edits) {
      llvm::Error Err = Msg.Fix[E.File].add(
          clang::tooling::Replacement(E.File, E.Offset, E.Length, E.Replacement));
      if (Err) {
        Error = llvm::toString(std::move(Err));
        return false;
      }
    }
    TUD.Diagnostics.emplace_back("ldslint-bank-conflict", Msg,
                                 llvm::SmallVector<clang::tooling::DiagnosticMessage, 1>(),
                                 clang::tooling::Diagnostic::Warning, "");
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    Error = "cannot write " + Path + ": " + EC.message();
    return false;
  }
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  return true;
}

bool FixCollector::apply(std::string &Error, unsigned &Applied) const {
  std::map<std::string, std::vector<TextEdit>> ByFile;
  for (const FixRecord &R : Records)
    for (const TextEdit &E : R.Edits)
      ByFile[E.File].push_back(E);
  Applied = 0;
  bool Ok = true;
  for (auto &[File, Edits] : ByFile) {
    std::sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
      return A.Offset > B.Offset;
    });
    bool Overlap = false;
    for (size_t I = 1; I < Edits.size(); ++I)
      Overlap |= Edits[I].Offset + Edits[I].Length > Edits[I - 1].Offset;
    auto Buf = llvm::MemoryBuffer::getFile(File);
    if (Overlap || !Buf) {
      Error += (Error.empty() ? "" : "; ") + File +
               (Overlap ? ": overlapping edits, file left unchanged"
                        : ": cannot read");
      Ok = false;
      continue;
    }
    std::string Text = (*Buf)->getBuffer().str();
    auto Known = Analysed.find(File);
    if (Known != Analysed.end() && Known->second != contentHash(Text)) {
      Error += (Error.empty() ? "" : "; ") + File +
               ": changed since it was analysed, file left unchanged";
      Ok = false;
      continue;
    }
    bool InRange = true;
    for (const TextEdit &E : Edits)
      InRange &= E.Offset + E.Length <= Text.size();
    if (!InRange) {
      Error += (Error.empty() ? "" : "; ") + File + ": edit out of range";
      Ok = false;
      continue;
    }
    for (const TextEdit &E : Edits)
      Text.replace(E.Offset, E.Length, E.Replacement);
    // Written next to the file, then renamed over it (same file system):
    // an interrupted run leaves the old file or the new one, never half.
    int FD = -1;
    llvm::SmallString<256> Temp;
    std::error_code EC = llvm::sys::fs::createUniqueFile(
        File + ".ldslint-%%%%%%", FD, Temp, llvm::sys::fs::OF_None);
    if (!EC) {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Text;
      OS.close();
      if (OS.has_error()) {
        EC = OS.error();
        OS.clear_error();
      }
    }
    if (!EC) {
      llvm::sys::fs::file_status Status;
      if (!llvm::sys::fs::status(File, Status))
        llvm::sys::fs::setPermissions(Temp, Status.permissions());
      EC = llvm::sys::fs::rename(Temp, File);
    }
    if (EC) {
      if (!Temp.empty())
        llvm::sys::fs::remove(Temp);
      Error += (Error.empty() ? "" : "; ") + File + ": " + EC.message();
      Ok = false;
      continue;
    }
    Applied += Edits.size();
  }
  return Ok;
}

} // namespace ldslint
