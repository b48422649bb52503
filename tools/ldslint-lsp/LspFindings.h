//===- LspFindings.h - ldslint's JSON findings as LSP diagnostics -*- C++ -*-===//
//
// The editor front end is a thin layer over the driver's JSON contract
// (docs/json.md): the driver analyses a saved file, and these functions turn
// its findings into LSP `Diagnostic`s and `CodeAction`s. Nothing here knows
// about banks; it only moves positions and words.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_LSP_FINDINGS_H
#define LDSLINT_LSP_FINDINGS_H

#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace ldslint {
namespace lsp {

/// `file:///a%20b/c.cu` -> `/a b/c.cu`; empty when not a file URI.
std::string uriToPath(const std::string &Uri);
/// `/a b/c.cu` -> `file:///a%20b/c.cu`.
std::string pathToUri(const std::string &Path);

/// One source access, every target it was analysed for folded together.
struct AccessDiagnostic {
  std::string File;
  unsigned Line = 0, Column = 0; ///< 1-based, as in the JSON
  llvm::json::Object Diagnostic; ///< LSP Diagnostic
  llvm::json::Array Fixes;       ///< the findings' "fixes" entries
};

/// Diagnostics for the findings of \p Report (the driver's JSON) that lie in
/// \p File. Conflicts are warnings; with \p ShowUnknown, undecided accesses
/// are hints. One diagnostic per access, its message naming every target.
std::vector<AccessDiagnostic> diagnosticsFor(const llvm::json::Value &Report,
                                             const std::string &File,
                                             bool ShowUnknown);

/// An LSP WorkspaceEdit for one "fixes" entry: byte offsets are turned into
/// line/character positions by reading the edited files as they are now.
/// Empty when a file cannot be read or an edit runs past its end.
std::optional<llvm::json::Object> workspaceEdit(const llvm::json::Object &Fix);

/// The 0-based LSP position of byte \p Offset in \p Text (characters counted
/// in UTF-16 code units, as LSP's default encoding asks).
llvm::json::Object positionOf(llvm::StringRef Text, size_t Offset);

} // namespace lsp
} // namespace ldslint

#endif
