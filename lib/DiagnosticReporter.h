//===- DiagnosticReporter.h - Findings as clang diagnostics ------*- C++ -*-===//
//
// Renders findings through clang's DiagnosticsEngine: a warning at the access
// ("N-way bank conflict ..."), notes for the colliding lanes, the block
// shape, assumptions and the declaration, and the padding fix-it. Custom
// diagnostic ids have no warning group, so -Werror and -w are mapped here,
// and `// ldslint: ignore` on the line suppresses a finding.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_DIAGNOSTICREPORTER_H
#define LDSLINT_DIAGNOSTICREPORTER_H

#include "Finding.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

namespace ldslint {

struct ReportOptions {
  unsigned MinDegree = 2;   ///< report conflicts of at least this degree
  bool ShowUnknown = false; ///< also remark on undecidable accesses
  bool ShowOk = false;      ///< also remark on conflict-free accesses
  /// Findings stay warnings under -Werror (ldslint's findings are advice
  /// about speed; a -Werror build need not stop on them).
  bool NoWerror = false;
};

/// True if the source line of \p Loc carries `ldslint: ignore`.
bool isSuppressed(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// Whether a finding is reported at all under \p Options (shared with the
/// JSON front end so that both agree).
bool isReportable(const Finding &F, const ReportOptions &Options);

/// Whether a finding is shown: reportable under \p Options and its line not
/// suppressed. The one decision every output follows: diagnostics (plugin,
/// driver, clang-tidy), JSON, the plugin's JSON, SARIF, HTML, --explain and
/// the exit status.
bool isShown(const Finding &F, const clang::SourceManager &SM,
             const ReportOptions &Options);

/// A shown conflict: counts for the exit status and may carry the fix.
bool isShownConflict(const Finding &F, const clang::SourceManager &SM,
                     const ReportOptions &Options);

/// One diagnostic to emit, whatever the engine: the warning (with the chosen
/// fix's edits) or remark for a finding, then its notes (the alternative
/// fix's note carries that fix's edits). Findings that agree on one source
/// location (instantiations, inlined calls) are rendered once.
struct RenderedDiagnostic {
  enum Level { Warning, Remark, Note } Kind;
  clang::SourceLocation Loc;
  std::string Text;
  std::vector<TextEdit> Edits;
};

/// Each fix rides on one finding (the planner's "carrier"). When that finding
/// is not shown (`// ldslint: ignore`, NOLINT-like suppression, under the
/// minimum degree), moves its fixes to the first shown conflict of the same
/// array and rewrites the "edit is attached to the warning at line N" notes.
void rehomeFixes(std::vector<Finding> &Findings, const clang::SourceManager &SM,
                 const ReportOptions &Options);

std::vector<RenderedDiagnostic>
renderFindings(const clang::SourceManager &SM, const std::vector<Finding> &Findings,
               const ReportOptions &Options);

/// Emits the findings; returns how many warnings (or errors) were emitted.
unsigned reportDiagnostics(clang::DiagnosticsEngine &Diags,
                           const clang::SourceManager &SM,
                           const std::vector<Finding> &Findings,
                           const ReportOptions &Options);

/// Summary of a conflict for messages: "lanes 0, 1, ..., 31 access bytes 0,
/// 128, ... in bank 0".
std::string describeCollision(const Finding &F);

} // namespace ldslint

#endif
