//===- LspFindings.cpp - ldslint's JSON findings as LSP diagnostics -------===//
#include "LspFindings.h"

#include "StringCompat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <tuple>

using namespace llvm;

namespace ldslint {
namespace lsp {

std::string uriToPath(const std::string &Uri) {
  StringRef U(Uri);
  if (!U.consume_front("file://"))
    return "";
  std::string Path;
  for (size_t I = 0; I < U.size(); ++I) {
    if (U[I] == '%' && I + 2 < U.size() && isHexDigit(U[I + 1]) &&
        isHexDigit(U[I + 2])) {
      Path += static_cast<char>(hexFromNibbles(U[I + 1], U[I + 2]));
      I += 2;
    } else {
      Path += U[I];
    }
  }
  return Path;
}

std::string pathToUri(const std::string &Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("/-_.~").contains(C))
      Uri += C;
    else
      Uri += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Uri;
}

json::Object positionOf(StringRef Text, size_t Offset) {
  Offset = std::min(Offset, Text.size());
  int64_t Line = 0, Character = 0;
  for (size_t I = 0; I < Offset; ++I) {
    unsigned char C = Text[I];
    if (C == '\n') {
      ++Line;
      Character = 0;
    } else if ((C & 0xC0) != 0x80) {
      // One UTF-16 unit per code point, two for those above U+FFFF (4-byte
      // UTF-8 sequences); continuation bytes add nothing.
      Character += (C >= 0xF0) ? 2 : 1;
    }
  }
  return json::Object{{"line", Line}, {"character", Character}};
}

namespace {

bool amdTarget(StringRef Arch) { return startsWith(Arch, "gfx"); }

std::string number(double V) {
  if (V == static_cast<int64_t>(V))
    return std::to_string(static_cast<int64_t>(V));
  std::string S = formatv("{0:F2}", V).str();
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  return S;
}

std::string verb(StringRef Access) {
  if (Access == "write")
    return "writing";
  if (Access == "atomic")
    return "atomically updating";
  return "reading";
}

/// The identifier (or subscript bracket) at the column, so the squiggle
/// covers the array name as clang's caret would point at it.
unsigned tokenLength(const std::string &File, unsigned Line, unsigned Column) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return 1;
  StringRef Text = (*Buf)->getBuffer();
  for (unsigned L = 1; L < Line && !Text.empty(); ++L)
    Text = Text.split('\n').second;
  StringRef LineText = Text.split('\n').first;
  if (Column == 0 || Column > LineText.size())
    return 1;
  StringRef Rest = LineText.drop_front(Column - 1);
  size_t N = Rest.find_if_not([](char C) { return isAlnum(C) || C == '_'; });
  if (N == 0 || N == StringRef::npos)
    return N == 0 ? 1 : Rest.size();
  return N;
}

} // namespace

std::vector<AccessDiagnostic> diagnosticsFor(const json::Value &Report,
                                             const std::string &File,
                                             bool ShowUnknown) {
  std::vector<AccessDiagnostic> Out;
  const json::Object *Root = Report.getAsObject();
  const json::Array *Findings = Root ? Root->getArray("findings") : nullptr;
  if (!Findings)
    return Out;
  // Group by access: the same line, column, array and access kind analysed
  // for several targets is one diagnostic (the worst target's words).
  using Key = std::tuple<int64_t, int64_t, std::string, std::string>;
  std::map<Key, std::vector<const json::Object *>> Groups;
  for (const json::Value &V : *Findings) {
    const json::Object *F = V.getAsObject();
    if (!F || F->getString("file").value_or("") != File)
      continue;
    StringRef Status = F->getString("status").value_or("");
    if (Status != "conflict" && !(ShowUnknown && Status == "unknown"))
      continue;
    Key K{F->getInteger("line").value_or(0), F->getInteger("column").value_or(0),
          F->getString("array").value_or("").str(),
          F->getString("access").value_or("").str()};
    Groups[K].push_back(F);
  }
  for (auto &[K, Group] : Groups) {
    // Conflicts first, the worst degree first.
    std::stable_sort(Group.begin(), Group.end(),
                     [](const json::Object *A, const json::Object *B) {
                       bool CA = A->getString("status").value_or("") == "conflict";
                       bool CB = B->getString("status").value_or("") == "conflict";
                       if (CA != CB)
                         return CA;
                       return A->getInteger("degree").value_or(0) >
                              B->getInteger("degree").value_or(0);
                     });
    const json::Object &W = *Group.front();
    const std::string Array = std::get<2>(K);
    std::string Targets;
    for (const json::Object *F : Group) {
      std::string Arch = F->getString("arch").value_or("").str();
      if (Targets.find(Arch) == std::string::npos)
        Targets += (Targets.empty() ? "" : ", ") + Arch;
    }
    const std::string Arch = W.getString("arch").value_or("").str();
    std::string Message;
    int64_t Severity = 2; // Warning
    if (W.getString("status").value_or("") == "conflict") {
      Message = std::to_string(W.getInteger("degree").value_or(0)) +
                "-way bank conflict " + verb(std::get<3>(K)) +
                " shared array '" + Array + "' on " + Arch + ": " +
                number(W.getNumber("wavefronts_per_instruction").value_or(0)) +
                (amdTarget(Arch) ? " LDS passes per wavefront instruction"
                                 : " wavefronts per warp instruction") +
                ", ideal " +
                number(W.getNumber("ideal_wavefronts_per_instruction").value_or(0));
    } else {
      Severity = 4; // Hint
      Message = verb(std::get<3>(K)) + " shared array '" + Array + "' on " +
                Arch + ": bank conflicts not decided";
    }
    if (auto Reason = W.getString("reason"))
      Message += "\n" + Reason->str();
    if (const json::Array *As = W.getArray("assumptions"))
      for (const json::Value &A : *As)
        if (auto S = A.getAsString())
          Message += "\nassumed: " + S->str();
    if (Group.size() > 1 || Targets != Arch)
      Message += "\ntargets: " + Targets;

    AccessDiagnostic D;
    D.File = File;
    D.Line = static_cast<unsigned>(std::get<0>(K));
    D.Column = static_cast<unsigned>(std::get<1>(K));
    const int64_t L0 = D.Line ? D.Line - 1 : 0, C0 = D.Column ? D.Column - 1 : 0;
    const int64_t Len = tokenLength(File, D.Line, D.Column);
    D.Diagnostic = json::Object{
        {"range",
         json::Object{{"start", json::Object{{"line", L0}, {"character", C0}}},
                      {"end", json::Object{{"line", L0}, {"character", C0 + Len}}}}},
        {"severity", Severity},
        {"source", "ldslint"},
        {"code", "bank-conflict"},
        {"message", Message}};
    // The fixes travel with the diagnostic (code actions offer them) and are
    // named as related information, at their first edit.
    json::Array Related;
    if (const json::Array *Fixes = W.getArray("fixes")) {
      for (const json::Value &FxV : *Fixes) {
        const json::Object *Fx = FxV.getAsObject();
        if (!Fx)
          continue;
        D.Fixes.push_back(json::Object(*Fx));
        const json::Array *Edits = Fx->getArray("edits");
        const json::Object *E =
            Edits && !Edits->empty() ? Edits->front().getAsObject() : nullptr;
        if (!E)
          continue;
        int64_t EL = E->getInteger("line").value_or(1) - 1;
        int64_t EC = E->getInteger("column").value_or(1) - 1;
        Related.push_back(json::Object{
            {"location",
             json::Object{
                 {"uri", pathToUri(E->getString("file").value_or("").str())},
                 {"range",
                  json::Object{
                      {"start", json::Object{{"line", EL}, {"character", EC}}},
                      {"end", json::Object{{"line", EL}, {"character", EC}}}}}}},
            {"message", (Fx->getBoolean("alternative").value_or(false)
                             ? "alternative fix: "
                             : "fix: ") +
                            Fx->getString("description").value_or("").str()}});
      }
    }
    if (!Related.empty())
      D.Diagnostic["relatedInformation"] = std::move(Related);
    Out.push_back(std::move(D));
  }
  return Out;
}

std::optional<json::Object> workspaceEdit(const json::Object &Fix) {
  const json::Array *Edits = Fix.getArray("edits");
  if (!Edits || Edits->empty())
    return std::nullopt;
  std::map<std::string, json::Array> Changes;
  std::map<std::string, std::unique_ptr<MemoryBuffer>> Files;
  for (const json::Value &EV : *Edits) {
    const json::Object *E = EV.getAsObject();
    if (!E)
      return std::nullopt;
    std::string File = E->getString("file").value_or("").str();
    auto &Buf = Files[File];
    if (!Buf) {
      auto B = MemoryBuffer::getFile(File);
      if (!B)
        return std::nullopt;
      Buf = std::move(*B);
    }
    StringRef Text = Buf->getBuffer();
    int64_t Offset = E->getInteger("offset").value_or(-1);
    int64_t Length = E->getInteger("length").value_or(0);
    if (Offset < 0 || Length < 0 ||
        static_cast<size_t>(Offset + Length) > Text.size())
      return std::nullopt;
    Changes[pathToUri(File)].push_back(json::Object{
        {"range", json::Object{{"start", positionOf(Text, Offset)},
                               {"end", positionOf(Text, Offset + Length)}}},
        {"newText", E->getString("replacement").value_or("").str()}});
  }
  json::Object ChangesObj;
  for (auto &[Uri, List] : Changes)
    ChangesObj[Uri] = std::move(List);
  return json::Object{{"changes", std::move(ChangesObj)}};
}

} // namespace lsp
} // namespace ldslint
