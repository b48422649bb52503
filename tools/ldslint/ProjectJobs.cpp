//===- ProjectJobs.cpp -----------------------------------------------------===//
#include "ProjectJobs.h"

#include "StringCompat.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Threading.h"

#include <chrono>
#include <cstdio>
#include <thread>

using namespace llvm;

namespace ldslint {

namespace {

#if LLVM_VERSION_MAJOR >= 16
using OptionalPath = std::optional<StringRef>;
#else
using OptionalPath = Optional<StringRef>;
#endif

/// Whether a worker has finished: a non-blocking wait.
sys::ProcessInfo poll(const sys::ProcessInfo &PI, std::string &Error) {
#if LLVM_VERSION_MAJOR >= 16
  return sys::Wait(PI, /*SecondsToWait=*/0u, &Error);
#else
  return sys::Wait(PI, /*SecondsToWait=*/0, /*WaitUntilTerminates=*/false, &Error);
#endif
}

std::string readFile(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : "";
}

json::Value editToJson(const TextEdit &E) {
  return json::Object{{"file", E.File},   {"offset", E.Offset},
                      {"length", E.Length}, {"line", E.Line},
                      {"column", E.Column}, {"replacement", E.Replacement}};
}

template <typename T> T intOf(const json::Object &O, StringRef Key) {
  auto V = O.getInteger(Key);
  return V ? static_cast<T>(*V) : T();
}

std::string stringOf(const json::Object &O, StringRef Key) {
  auto V = O.getString(Key);
  return V ? V->str() : "";
}

/// Adds one worker's result to \p S; false if it is not a worker result.
bool mergeResult(const json::Value &V, RunState &S) {
  const json::Object *R = V.getAsObject();
  if (!R || !R->getArray("items"))
    return false;
  for (const json::Value &Item : *R->getArray("items"))
    S.Items.push_back(Item);
  if (const json::Array *Fixes = R->getArray("fixes"))
    for (const json::Value &FV : *Fixes) {
      const json::Object *F = FV.getAsObject();
      if (!F)
        continue;
      FixRecord Rec;
      Rec.Message = stringOf(*F, "message");
      Rec.File = stringOf(*F, "file");
      Rec.Offset = intOf<unsigned>(*F, "offset");
      if (const json::Array *Edits = F->getArray("edits"))
        for (const json::Value &EV : *Edits)
          if (const json::Object *E = EV.getAsObject()) {
            TextEdit T;
            T.File = stringOf(*E, "file");
            T.Offset = intOf<unsigned>(*E, "offset");
            T.Length = intOf<unsigned>(*E, "length");
            T.Line = intOf<unsigned>(*E, "line");
            T.Column = intOf<unsigned>(*E, "column");
            T.Replacement = stringOf(*E, "replacement");
            Rec.Edits.push_back(std::move(T));
          }
      if (const json::Object *A = F->getObject("analysed"))
        for (const auto &[File, Hash] : *A) {
          uint64_t H = 0;
          if (auto Text = Hash.getAsString())
            if (!Text->getAsInteger(16, H))
              Rec.Analysed[File.str()] = H;
        }
      S.Fixes.add(std::move(Rec));
    }
  if (const json::Array *U = R->getArray("undecided"))
    for (const json::Value &Line : *U)
      if (auto Text = Line.getAsString())
        S.Undecided.push_back(Text->str());
  if (const json::Array *Failed = R->getArray("failed"))
    for (const json::Value &FV : *Failed)
      if (const json::Object *F = FV.getAsObject())
        if (!S.failed(stringOf(*F, "file")))
          S.Failed.push_back({stringOf(*F, "file"), stringOf(*F, "reason")});
  if (const json::Array *Counts = R->getArray("verdicts"))
    for (size_t I = 0; I < 3 && I < Counts->size(); ++I)
      if (auto N = (*Counts)[I].getAsInteger())
        S.ByVerdict[I] += static_cast<unsigned>(*N);
  S.Units += intOf<unsigned>(*R, "units");
  S.Kernels += intOf<unsigned>(*R, "kernels");
  S.Reported += intOf<unsigned>(*R, "reported");
  S.Explained += intOf<unsigned>(*R, "explained");
  if (auto P = R->getBoolean("target_problem"))
    S.TargetProblem |= *P;
  return true;
}

/// A worker's stderr, less the notes the parent has already printed.
void replayStderr(StringRef Text, RunState &S) {
  const StringRef Prefix = Notes::Prefix;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    const bool Newline = Line.size() < Text.size();
    Text = Rest;
    if (startsWith(Line, Prefix) &&
        !S.Said.first(Line.drop_front(Prefix.size()).str()))
      continue;
    errs() << Line << (Newline ? "\n" : "");
  }
}

struct Worker {
  size_t Index = 0;
  sys::ProcessInfo Process;
  std::string Out, Err, Result;
  bool Running = false, Done = false;
  int ReturnCode = 0;
  std::string Error; ///< why it could not start or stopped
};

} // namespace

json::Value workerResult(const RunState &S) {
  json::Array Fixes;
  for (const FixRecord &R : S.Fixes.records()) {
    json::Array Edits;
    for (const TextEdit &E : R.Edits)
      Edits.push_back(editToJson(E));
    json::Object Analysed;
    for (const auto &[File, Hash] : R.Analysed) {
      char Buf[17];
      std::snprintf(Buf, sizeof Buf, "%016llx", static_cast<unsigned long long>(Hash));
      Analysed[File] = std::string(Buf);
    }
    Fixes.push_back(json::Object{{"message", R.Message},
                                 {"file", R.File},
                                 {"offset", R.Offset},
                                 {"edits", std::move(Edits)},
                                 {"analysed", std::move(Analysed)}});
  }
  json::Array Undecided, Failed, Items;
  for (const std::string &U : S.Undecided)
    Undecided.push_back(U);
  for (const FailedFile &F : S.Failed)
    Failed.push_back(json::Object{{"file", F.File}, {"reason", F.Reason}});
  for (const json::Value &V : S.Items)
    Items.push_back(V);
  return json::Object{
      {"items", std::move(Items)},
      {"fixes", std::move(Fixes)},
      {"undecided", std::move(Undecided)},
      {"failed", std::move(Failed)},
      {"verdicts", json::Array{S.ByVerdict[0], S.ByVerdict[1], S.ByVerdict[2]}},
      {"units", S.Units},
      {"kernels", S.Kernels},
      {"reported", S.Reported},
      {"explained", S.Explained},
      {"target_problem", S.TargetProblem}};
}

unsigned defaultJobs() {
  return std::max(1u, heavyweight_hardware_concurrency().compute_thread_count());
}

int runWorkers(const std::string &Executable, const std::vector<std::string> &Args,
               const std::vector<std::string> &Files, unsigned Jobs,
               unsigned Colors, bool Progress, RunState &S) {
  SmallString<128> Dir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("ldslint-jobs", Dir)) {
    errs() << "ldslint: cannot create a directory for the workers: "
           << EC.message() << "\n";
    return 2;
  }
  std::vector<Worker> Workers(Files.size());
  size_t Next = 0, Replayed = 0;
  unsigned Running = 0;
  int Status = 0;

  auto start = [&](Worker &W) {
    const std::string Base = (Dir + "/" + std::to_string(W.Index)).str();
    W.Out = Base + ".out";
    W.Err = Base + ".err";
    W.Result = Base + ".json";
    std::vector<std::string> Argv{
        Executable, WorkerFileOption + std::to_string(W.Index),
        WorkerResultOption + W.Result, WorkerColorsOption + std::to_string(Colors)};
    Argv.insert(Argv.end(), Args.begin(), Args.end());
    std::vector<StringRef> Refs(Argv.begin(), Argv.end());
    OptionalPath Redirects[] = {StringRef(""), StringRef(W.Out), StringRef(W.Err)};
    bool Failed = false;
    W.Process = sys::ExecuteNoWait(Executable, Refs, /*Env=*/{}, Redirects,
                                   /*MemoryLimit=*/0, &W.Error, &Failed);
    if (Failed) {
      W.Done = true;
      W.ReturnCode = -1;
      return;
    }
    W.Running = true;
    ++Running;
  };

  // Replays finished workers in file order, as far as they are done.
  auto replay = [&] {
    while (Replayed < Workers.size() && Workers[Replayed].Done) {
      Worker &W = Workers[Replayed];
      const std::string &File = Files[W.Index];
      if (Progress)
        errs() << "[" << W.Index + 1 << "/" << Files.size() << "] " << File << "\n";
      outs() << readFile(W.Out);
      outs().flush();
      replayStderr(readFile(W.Err), S);
      bool Merged = false;
      if (W.ReturnCode >= 0 && W.ReturnCode <= 2) {
        Expected<json::Value> Result = json::parse(readFile(W.Result));
        if (Result)
          Merged = mergeResult(*Result, S);
        else
          consumeError(Result.takeError());
      }
      if (!Merged) {
        const std::string Why =
            W.ReturnCode == -1 ? "the worker could not be started: " + W.Error
            : W.ReturnCode == -2
                ? "the analysis stopped: " + (W.Error.empty() ? "crashed" : W.Error)
                : "the analysis stopped with status " + std::to_string(W.ReturnCode);
        errs() << "ldslint: error: " << File << ": " << Why
               << " (the other files are analysed)\n";
        if (!S.failed(File))
          S.Failed.push_back({File, Why});
      }
      if (!S.Failed.empty())
        Status = 2;
      for (const std::string &P : {W.Out, W.Err, W.Result})
        sys::fs::remove(P);
      ++Replayed;
    }
  };

  while (Replayed < Workers.size()) {
    while (Running < Jobs && Next < Workers.size()) {
      Workers[Next].Index = Next;
      start(Workers[Next++]);
    }
    bool Progressed = false;
    for (Worker &W : Workers) {
      if (!W.Running)
        continue;
      std::string Error;
      sys::ProcessInfo Now = poll(W.Process, Error);
      if (Now.Pid == 0)
        continue; // still running
      W.Running = false;
      W.Done = true;
      W.ReturnCode = Now.ReturnCode;
      W.Error = Error;
      --Running;
      Progressed = true;
    }
    replay();
    if (!Progressed && Replayed < Workers.size())
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  sys::fs::remove(Dir);
  return Status;
}

} // namespace ldslint
