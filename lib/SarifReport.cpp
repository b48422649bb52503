//===- SarifReport.cpp -----------------------------------------------------===//
#include "SarifReport.h"

#include "DiagnosticReporter.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

using namespace clang;

namespace ldslint {

namespace {

// Private fields of a result, removed by sarifLog.
constexpr const char *GroupField = "ldslint:group";
constexpr const char *MessageField = "ldslint:message";

std::string uriOf(llvm::StringRef Path) {
  std::string Uri = Path.substr(0, 1) == "/" ? "file://" : "";
  for (char C : Path)
    Uri += C == ' ' ? std::string("%20") : std::string(1, C);
  return Uri;
}

llvm::json::Object physicalLocation(const std::string &File, unsigned Line,
                                    unsigned Column) {
  return llvm::json::Object{
      {"artifactLocation", llvm::json::Object{{"uri", uriOf(File)}}},
      {"region", llvm::json::Object{{"startLine", Line}, {"startColumn", Column}}}};
}

/// The related location of \p Loc (its file location), or nothing.
std::optional<llvm::json::Object> related(const SourceManager &SM, SourceLocation Loc,
                                          const std::string &Message, int64_t Id) {
  if (Loc.isInvalid())
    return std::nullopt;
  const PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Loc));
  if (P.isInvalid())
    return std::nullopt;
  return llvm::json::Object{
      {"id", Id},
      {"message", llvm::json::Object{{"text", Message}}},
      {"physicalLocation", physicalLocation(P.getFilename(), P.getLine(), P.getColumn())}};
}

/// "the launch at FILE:LINE:COL[ (from the call at ...)]" (LaunchSites'
/// wording of a block shape's source): the launch's place.
bool launchSite(const std::string &Source, std::string &File, unsigned &Line,
                unsigned &Column) {
  const std::string Prefix = "the launch at ";
  if (Source.compare(0, Prefix.size(), Prefix) != 0)
    return false;
  llvm::StringRef Where = llvm::StringRef(Source).substr(Prefix.size());
  Where = Where.substr(0, Where.find(" (from the call at "));
  auto [Rest, Col] = Where.rsplit(':');
  auto [Path, LineText] = Rest.rsplit(':');
  if (Path.empty() || LineText.getAsInteger(10, Line) || Col.getAsInteger(10, Column))
    return false;
  File = Path.str();
  return true;
}

/// The access's source line without surrounding blanks: its fingerprint
/// stays when lines are added or removed elsewhere in the file.
std::string lineText(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return "";
  Loc = SM.getFileLoc(Loc);
  bool Invalid = false;
  const llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return "";
  const size_t Offset = SM.getFileOffset(Loc);
  const size_t Begin = Buffer.rfind('\n', Offset) == llvm::StringRef::npos
                           ? 0
                           : Buffer.rfind('\n', Offset) + 1;
  const size_t End = std::min(Buffer.find('\n', Offset), Buffer.size());
  // The column inside the trimmed line tells two accesses of a line apart.
  const llvm::StringRef Line = Buffer.slice(Begin, End);
  const size_t Indent = Line.size() - Line.ltrim().size();
  return Line.trim().str() + "\x1f" + std::to_string(Offset - Begin - Indent);
}

/// FNV-1a, 64 bits: the same on every machine and run (std::hash is not).
std::string fingerprint(const std::string &Key) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Key) {
    H ^= C;
    H *= 1099511628211ull;
  }
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx", static_cast<unsigned long long>(H));
  return Buf;
}

llvm::json::Value fixToSarif(const Fix &Fx) {
  llvm::json::Array Changes;
  for (const TextEdit &E : Fx.Edits)
    Changes.push_back(llvm::json::Object{
        {"artifactLocation", llvm::json::Object{{"uri", uriOf(E.File)}}},
        {"replacements",
         llvm::json::Array{llvm::json::Object{
             {"deletedRegion", llvm::json::Object{{"charOffset", E.Offset},
                                                  {"charLength", E.Length}}},
             {"insertedContent", llvm::json::Object{{"text", E.Replacement}}}}}}});
  return llvm::json::Object{
      {"description",
       llvm::json::Object{{"text", (Fx.Alternative ? "alternative: " : "") +
                                       Fx.Description}}},
      {"artifactChanges", std::move(Changes)}};
}

} // namespace

llvm::json::Value findingToSarifResult(const Finding &F, const SourceManager &SM) {
  const EvalResult &R = F.Result;
  const std::string Access = accessKindName(F.Kind);
  std::string Before, After; // the message, around the list of targets
  if (R.Status == Verdict::Conflict) {
    Before = degreeWords(R) + " bank conflict (" + Access +
             " of shared array '" + F.Array + "' on ";
    After = "): " + (R.Reason.empty() ? describeCollision(F) : R.Reason);
  } else if (R.Status == Verdict::Ok) {
    Before = "no bank conflict (" + Access + " of '" + F.Array + "' on ";
    After = ")";
  } else {
    Before = "bank conflicts not decided (" + Access + " of '" + F.Array + "' on ";
    After = "): " + R.Reason;
  }
  const unsigned Degree = R.Status == Verdict::Unknown ? 0 : R.Degree;
  const std::string Group = F.File + "\x1f" + lineText(SM, F.Loc) + "\x1f" + Access +
                            "\x1f" + F.Array + "\x1f" + F.Function + "\x1f" +
                            verdictName(R.Status) + "\x1f" + std::to_string(Degree);

  llvm::json::Array Related;
  int64_t Id = 1;
  auto add = [&](std::optional<llvm::json::Object> L) {
    if (L) {
      Related.push_back(std::move(*L));
      ++Id;
    }
  };
  add(related(SM, F.DeclLoc, "'" + F.Array + "' declared here", Id));
  for (SourceLocation Call : F.CallLocs)
    add(related(SM, Call, "in the device function called here", Id));
  std::string LaunchFile;
  unsigned LaunchLine = 0, LaunchColumn = 0;
  if (F.Block && launchSite(F.BlockSource, LaunchFile, LaunchLine, LaunchColumn))
    add(llvm::json::Object{
        {"id", Id},
        {"message", llvm::json::Object{{"text", "block shape " + F.Block->str() +
                                                    " from this launch"}}},
        {"physicalLocation", physicalLocation(LaunchFile, LaunchLine, LaunchColumn)}});

  llvm::json::Object Properties{{"targets", llvm::json::Array{F.Arch}},
                                {"function", F.Function},
                                {"array", F.Array},
                                {"access", Access}};
  if (R.Status != Verdict::Unknown)
    Properties["degree"] = R.Degree;
  if (F.Block)
    Properties["block"] = F.Block->str() + " from " + F.BlockSource;
  llvm::json::Array Notes; // what the diagnostics' other notes say
  for (const std::string &A : R.Assumptions)
    Notes.push_back(A);
  for (const std::string &N : F.FixNotes)
    Notes.push_back(N);
  if (!Notes.empty())
    Properties["notes"] = std::move(Notes);

  llvm::json::Object Result{
      {"ruleId", std::string("ldslint-") + verdictName(R.Status)},
      {"level", R.Status == Verdict::Conflict ? "warning" : "note"},
      {"locations",
       llvm::json::Array{llvm::json::Object{
           {"physicalLocation", physicalLocation(F.File, F.Line, F.Column)}}}},
      {"properties", std::move(Properties)},
      {GroupField, Group},
      {MessageField, llvm::json::Array{Before, After}}};
  if (!Related.empty())
    Result["relatedLocations"] = std::move(Related);
  llvm::json::Array Fixes;
  for (const Fix &Fx : F.Fixes)
    if (!Fx.Edits.empty())
      Fixes.push_back(fixToSarif(Fx));
  if (!Fixes.empty())
    Result["fixes"] = std::move(Fixes);
  return llvm::json::Value(std::move(Result));
}

llvm::json::Value sarifLog(const std::vector<llvm::json::Value> &Items,
                           const std::vector<FailedFile> &Failed) {
  // One result per access and verdict; the targets that agree are listed.
  std::vector<llvm::json::Object> Results;
  std::map<std::string, size_t> ResultOf;
  std::map<std::string, unsigned> Seen; // fingerprints given out
  for (const llvm::json::Value &V : Items) {
    const llvm::json::Object *Item = V.getAsObject();
    if (!Item)
      continue;
    const std::string Group = Item->getString(GroupField) ? Item->getString(GroupField)->str() : "";
    const llvm::json::Object *Props = Item->getObject("properties");
    const llvm::json::Array *Targets = Props ? Props->getArray("targets") : nullptr;
    auto [It, New] = ResultOf.insert({Group, Results.size()});
    if (!New) {
      llvm::json::Array &Into =
          *Results[It->second].getObject("properties")->getArray("targets");
      for (const llvm::json::Value &T : Targets ? *Targets : llvm::json::Array())
        if (std::find(Into.begin(), Into.end(), T) == Into.end())
          Into.push_back(T);
      continue;
    }
    llvm::json::Object Result = *Item;
    // Identical lines (a copied statement) get distinct fingerprints, in
    // the order of the report.
    const unsigned Nth = Seen[Group]++;
    Result["partialFingerprints"] = llvm::json::Object{
        {"ldslintAccess/v2", fingerprint(Group + (Nth ? "\x1f" + std::to_string(Nth) : ""))}};
    Results.push_back(std::move(Result));
  }
  llvm::json::Array Out;
  for (llvm::json::Object &Result : Results) {
    std::string Text;
    if (const llvm::json::Array *Parts = Result.getArray(MessageField)) {
      std::string Targets;
      for (const llvm::json::Value &T : *Result.getObject("properties")->getArray("targets"))
        if (auto Name = T.getAsString())
          Targets += (Targets.empty() ? "" : ", ") + Name->str();
      auto part = [&](size_t I) -> std::string {
        if (I >= Parts->size())
          return "";
        auto S = (*Parts)[I].getAsString();
        return S ? S->str() : "";
      };
      Text = part(0) + Targets + part(1);
    }
    // Copied without the private fields (json::Object::erase is broken in
    // LLVM 15: it leaves a key that is no longer a tombstone).
    llvm::json::Object Public;
    for (const auto &[Key, Value] : Result)
      if (Key != GroupField && Key != MessageField)
        Public[Key] = Value;
    Public["message"] = llvm::json::Object{{"text", Text}};
    Out.push_back(std::move(Public));
  }
  llvm::json::Array Rules{
      llvm::json::Object{{"id", "ldslint-conflict"},
                         {"shortDescription",
                          llvm::json::Object{{"text", "Shared-memory bank conflict"}}}},
      llvm::json::Object{{"id", "ldslint-unknown"},
                         {"shortDescription",
                          llvm::json::Object{{"text", "Bank conflicts not decided"}}}},
      llvm::json::Object{{"id", "ldslint-ok"},
                         {"shortDescription",
                          llvm::json::Object{{"text", "No bank conflict"}}}}};
  llvm::json::Array Notifications;
  for (const FailedFile &F : Failed)
    Notifications.push_back(llvm::json::Object{
        {"level", "error"},
        {"message", llvm::json::Object{{"text", "not analysed: " + F.Reason}}},
        {"locations",
         llvm::json::Array{llvm::json::Object{
             {"physicalLocation",
              llvm::json::Object{{"artifactLocation",
                                  llvm::json::Object{{"uri", uriOf(F.File)}}}}}}}}});
  llvm::json::Object Invocation{{"executionSuccessful", Failed.empty()}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       llvm::json::Array{llvm::json::Object{
           {"tool", llvm::json::Object{{"driver",
                                        llvm::json::Object{{"name", "ldslint"},
                                                           {"version", LDSLINT_VERSION},
                                                           {"rules", std::move(Rules)}}}}},
           {"invocations", llvm::json::Array{std::move(Invocation)}},
           {"results", std::move(Out)}}}}};
}

} // namespace ldslint
