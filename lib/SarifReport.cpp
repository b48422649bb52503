//===- SarifReport.cpp -----------------------------------------------------===//
#include "SarifReport.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

namespace ldslint {

namespace {

// llvm::Optional (LLVM 15) and std::optional (later) alike.
template <typename Opt, typename T>
auto orElse(const Opt &O, T Default) -> std::decay_t<decltype(*O)> {
  return O ? *O : std::decay_t<decltype(*O)>(Default);
}

std::string uriOf(llvm::StringRef Path) {
  std::string Uri = Path.substr(0, 1) == "/" ? "file://" : "";
  for (char C : Path)
    Uri += C == ' ' ? std::string("%20") : std::string(1, C);
  return Uri;
}

llvm::json::Object region(int64_t Line, int64_t Column) {
  return llvm::json::Object{{"startLine", Line}, {"startColumn", Column}};
}

std::string text(const llvm::json::Object &F, const std::string &Arch) {
  const llvm::StringRef Status = orElse(F.getString("status"), "");
  const std::string Array = orElse(F.getString("array"), "").str();
  const std::string Access = orElse(F.getString("access"), "").str();
  const std::string Reason = orElse(F.getString("reason"), "").str();
  if (Status == "conflict")
    return std::to_string(orElse(F.getInteger("degree"), 0)) +
           "-way bank conflict (" + Access + " of shared array '" + Array +
           "' on " + Arch + "): " + Reason;
  if (Status == "ok")
    return "no bank conflict (" + Access + " of '" + Array + "' on " + Arch + ")";
  return "bank conflicts not decided (" + Access + " of '" + Array + "' on " +
         Arch + "): " + Reason;
}

/// What identifies one access and its verdict, whatever the target.
std::string accessKey(const llvm::json::Object &F) {
  return orElse(F.getString("file"), "").str() + "\x1f" +
         std::to_string(orElse(F.getInteger("line"), 0)) + "\x1f" +
         std::to_string(orElse(F.getInteger("column"), 0)) + "\x1f" +
         orElse(F.getString("access"), "").str() + "\x1f" +
         orElse(F.getString("array"), "").str() + "\x1f" +
         orElse(F.getString("function"), "").str() + "\x1f" +
         orElse(F.getString("status"), "").str() + "\x1f" +
         std::to_string(orElse(F.getInteger("degree"), 0));
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

} // namespace

llvm::json::Value findingsToSarif(const std::vector<llvm::json::Value> &Findings,
                                  const std::vector<std::string> &FailedFiles) {
  // One result per access and verdict: the targets that agree are listed.
  std::vector<std::pair<const llvm::json::Object *, std::vector<std::string>>> Groups;
  std::map<std::string, size_t> GroupOf;
  for (const llvm::json::Value &V : Findings) {
    const llvm::json::Object *F = V.getAsObject();
    if (!F)
      continue;
    const std::string Arch = orElse(F->getString("arch"), "").str();
    auto [It, New] = GroupOf.insert({accessKey(*F), Groups.size()});
    if (New)
      Groups.push_back({F, {}});
    std::vector<std::string> &Archs = Groups[It->second].second;
    if (std::find(Archs.begin(), Archs.end(), Arch) == Archs.end())
      Archs.push_back(Arch);
  }
  llvm::json::Array Results;
  for (const auto &[F, Archs] : Groups) {
    std::string ArchList;
    llvm::json::Array Targets;
    for (const std::string &A : Archs) {
      ArchList += (ArchList.empty() ? "" : ", ") + A;
      Targets.push_back(A);
    }
    const llvm::StringRef Status = orElse(F->getString("status"), "unknown");
    llvm::json::Object Result{
        {"ruleId", "ldslint-" + Status.str()},
        {"level", Status == "conflict" ? "warning" : "note"},
        {"message", llvm::json::Object{{"text", text(*F, ArchList)}}},
        {"properties", llvm::json::Object{{"targets", std::move(Targets)}}},
        {"partialFingerprints",
         llvm::json::Object{{"ldslintAccess/v1", fingerprint(accessKey(*F))}}},
        {"locations",
         llvm::json::Array{llvm::json::Object{
             {"physicalLocation",
              llvm::json::Object{
                  {"artifactLocation",
                   llvm::json::Object{
                       {"uri", uriOf(orElse(F->getString("file"), ""))}}},
                  {"region", region(orElse(F->getInteger("line"), 0),
                                    orElse(F->getInteger("column"), 0))}}}}}}};
    llvm::json::Array Fixes;
    if (const llvm::json::Array *FixList = F->getArray("fixes"))
      for (const llvm::json::Value &FixV : *FixList) {
        const llvm::json::Object *Fix = FixV.getAsObject();
        if (!Fix || orElse(Fix->getBoolean("alternative"), false))
          continue;
        llvm::json::Array Changes;
        if (const llvm::json::Array *Edits = Fix->getArray("edits"))
          for (const llvm::json::Value &EV : *Edits) {
            const llvm::json::Object *E = EV.getAsObject();
            if (!E)
              continue;
            Changes.push_back(llvm::json::Object{
                {"artifactLocation",
                 llvm::json::Object{{"uri", uriOf(orElse(E->getString("file"), ""))}}},
                {"replacements",
                 llvm::json::Array{llvm::json::Object{
                     {"deletedRegion",
                      llvm::json::Object{{"charOffset", orElse(E->getInteger("offset"), 0)},
                                         {"charLength", orElse(E->getInteger("length"), 0)}}},
                     {"insertedContent",
                      llvm::json::Object{
                          {"text", orElse(E->getString("replacement"), "")}}}}}}});
          }
        Fixes.push_back(llvm::json::Object{
            {"description",
             llvm::json::Object{{"text", orElse(Fix->getString("description"), "")}}},
            {"artifactChanges", std::move(Changes)}});
      }
    if (!Fixes.empty())
      Result["fixes"] = std::move(Fixes);
    Results.push_back(std::move(Result));
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
  for (const std::string &File : FailedFiles)
    Notifications.push_back(llvm::json::Object{
        {"level", "error"},
        {"message", llvm::json::Object{{"text", "not analysed: the file does "
                                                "not compile for the device"}}},
        {"locations",
         llvm::json::Array{llvm::json::Object{
             {"physicalLocation",
              llvm::json::Object{{"artifactLocation",
                                  llvm::json::Object{{"uri", uriOf(File)}}}}}}}}});
  llvm::json::Object Invocation{{"executionSuccessful", FailedFiles.empty()}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       llvm::json::Array{llvm::json::Object{
           {"tool",
            llvm::json::Object{{"driver", llvm::json::Object{{"name", "ldslint"},
                                                            {"version", LDSLINT_VERSION},
                                                              {"rules", std::move(Rules)}}}}},
           {"invocations", llvm::json::Array{std::move(Invocation)}},
           {"results", std::move(Results)}}}}};
}

} // namespace ldslint
