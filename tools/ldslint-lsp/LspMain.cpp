//===- LspMain.cpp - ldslint as a language server ---------------------------===//
//
//   ldslint-lsp [--compile-commands-dir=DIR] [--arch=A] [--show-unknown]
//               [-- <compiler args for files outside a database>]
//
// A Language Server Protocol server (JSON-RPC over stdin/stdout) for editors
// whose clangd cannot load ldslint: stock clangd loads neither plugins nor
// clang-tidy modules. It runs next to clangd (editors accept several servers
// per language) and does one thing: when a CUDA/HIP file is opened or saved,
// it runs the ldslint driver on the saved file with its compile command and
// publishes the bank-conflict findings as diagnostics, their fixes as quick
// fixes (code actions). Unsaved edits are not analysed: the driver reads the
// file from disk, with the compile command of the build (compile_commands.json
// found in the file's directory or a parent, or its `build/` subdirectory).
//
//===----------------------------------------------------------------------===//
#include "LspFindings.h"
#include "OptionHelp.h"
#include "StringCompat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <map>
#include <string>
#include <vector>

using namespace llvm;
using namespace ldslint::lsp;

namespace {

cl::OptionCategory Category("ldslint-lsp options");
cl::opt<std::string> CompileCommandsDir(
    "compile-commands-dir",
    cl::desc("Directory of compile_commands.json (default: the file's "
             "directory or a parent, or its build/ subdirectory)"),
    cl::cat(Category));
cl::opt<std::string> DriverPath(
    "ldslint",
    cl::desc("The ldslint driver to run (default: the one next to this "
             "program)"),
    cl::cat(Category));
// Passed on to the driver: its help texts.
cl::list<std::string> Archs("arch", cl::desc(ldslint::help::Arch),
                            cl::CommaSeparated, cl::cat(Category));
cl::opt<std::string> AssumeBlock("assume-block",
                                 cl::desc(ldslint::help::AssumeBlock),
                                 cl::cat(Category));
cl::opt<bool> ShowUnknown("show-unknown", cl::desc(ldslint::help::ShowUnknown),
                          cl::cat(Category));

#if LLVM_VERSION_MAJOR >= 16
using OptionalPath = std::optional<StringRef>;
#else
using OptionalPath = Optional<StringRef>;
#endif

/// Compiler arguments after `--`: the compile command of files that no
/// compile_commands.json covers.
std::vector<std::string> FallbackArgs;

// --- JSON-RPC framing -------------------------------------------------------

/// Reads one message body; false at the end of input.
bool readMessage(std::string &Body) {
  size_t Length = 0;
  bool HaveLength = false;
  std::string Line;
  for (;;) {
    Line.clear();
    int C;
    while ((C = std::getchar()) != EOF && C != '\n')
      Line += static_cast<char>(C);
    if (C == EOF)
      return false;
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    if (Line.empty()) {
      if (HaveLength)
        break;
      continue; // stray blank line between messages
    }
    StringRef L(Line);
    if (L.consume_front_insensitive("content-length:")) {
      HaveLength = !L.trim().getAsInteger(10, Length);
    }
  }
  Body.assign(Length, '\0');
  return std::fread(&Body[0], 1, Length, stdin) == Length;
}

void send(const json::Value &Message) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << Message;
  OS.flush();
  std::printf("Content-Length: %zu\r\n\r\n%s", Text.size(), Text.c_str());
  std::fflush(stdout);
}

void respond(const json::Value &Id, json::Value Result) {
  send(json::Object{{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void respondError(const json::Value &Id, int64_t Code, StringRef Message) {
  send(json::Object{
      {"jsonrpc", "2.0"},
      {"id", Id},
      {"error", json::Object{{"code", Code}, {"message", Message.str()}}}});
}

void notify(StringRef Method, json::Value Params) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"method", Method.str()}, {"params", std::move(Params)}});
}

void log(StringRef Text) {
  notify("window/logMessage",
         json::Object{{"type", 4}, {"message", ("ldslint: " + Text).str()}});
}

// --- Running the driver -------------------------------------------------------

std::string findDatabaseDir(StringRef File) {
  if (!CompileCommandsDir.empty())
    return CompileCommandsDir;
  for (StringRef Dir = sys::path::parent_path(File); !Dir.empty();
       Dir = sys::path::parent_path(Dir)) {
    for (const char *Sub : {"", "build"}) {
      SmallString<256> Candidate(Dir);
      sys::path::append(Candidate, Sub, "compile_commands.json");
      if (sys::fs::exists(Candidate))
        return sys::path::parent_path(Candidate).str();
    }
  }
  return "";
}

std::string readFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

struct Analysis {
  std::vector<AccessDiagnostic> Diagnostics;
  std::string Problem; ///< why the file could not be analysed, if it could not
};

Analysis analyse(const std::string &File, const std::string &Self) {
  Analysis A;
  std::string Driver = DriverPath;
  if (Driver.empty()) {
    SmallString<256> Next(sys::path::parent_path(Self));
    sys::path::append(Next, "ldslint");
    Driver = Next.str().str();
  }
  std::vector<std::string> Args{Driver, "--format=json"};
  for (const std::string &Arch : Archs)
    Args.push_back("--arch=" + Arch);
  if (!AssumeBlock.empty())
    Args.push_back("--assume-block=" + AssumeBlock);
  if (ShowUnknown)
    Args.push_back("--report=all");
  const std::string Db = findDatabaseDir(File);
  if (!Db.empty()) {
    Args.push_back("-p=" + Db);
    Args.push_back(File);
  } else {
    Args.push_back(File);
    Args.push_back("--");
    if (!FallbackArgs.empty())
      Args.insert(Args.end(), FallbackArgs.begin(), FallbackArgs.end());
    else
      Args.push_back(ldslint::endsWith(File, ".hip") ? "-xhip" : "-xcuda");
  }

  SmallString<128> Out, Err;
  if (sys::fs::createTemporaryFile("ldslint-lsp", "json", Out) ||
      sys::fs::createTemporaryFile("ldslint-lsp", "txt", Err)) {
    A.Problem = "cannot create a temporary file";
    return A;
  }
  std::vector<StringRef> ArgRefs(Args.begin(), Args.end());
  OptionalPath Redirects[] = {StringRef(""), StringRef(Out), StringRef(Err)};
  std::string ExecError;
  int RC = sys::ExecuteAndWait(Driver, ArgRefs, /*Env=*/{}, Redirects,
                               /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                               &ExecError);
  const std::string Json = readFile(Out), Stderr = readFile(Err);
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  if (!Stderr.empty())
    log(Stderr);
  if (RC < 0) {
    A.Problem = "could not run " + Driver + ": " + ExecError;
    return A;
  }
  Expected<json::Value> Report = json::parse(Json);
  if (!Report) {
    consumeError(Report.takeError());
    A.Problem = "no report from " + Driver;
  } else {
    A.Diagnostics = diagnosticsFor(*Report, File, ShowUnknown);
  }
  if (RC == 2) {
    // The first error line says why (a compile error, a missing compile
    // command); findings made before it are still shown.
    std::string First;
    SmallVector<StringRef, 16> Lines;
    StringRef(Stderr).split(Lines, '\n');
    for (StringRef L : Lines)
      if (L.contains("error:")) {
        First = L.trim().str();
        break;
      }
    A.Problem = First.empty() ? "the analysis stopped (exit status 2)" : First;
  }
  return A;
}

// --- The server -----------------------------------------------------------------

struct Document {
  std::vector<AccessDiagnostic> Diagnostics;
};

class Server {
public:
  explicit Server(std::string Self) : Self(std::move(Self)) {}

  /// Handles one message; false once `exit` arrived (ExitCode says how).
  bool handle(const json::Object &Msg) {
    StringRef Method = Msg.getString("method").value_or("");
    const json::Value *Id = Msg.get("id");
    const json::Object *Params = Msg.getObject("params");
    if (Method == "initialize" && Id) {
      respond(*Id, json::Object{
                       {"capabilities",
                        json::Object{
                            {"textDocumentSync",
                             json::Object{{"openClose", true},
                                          {"change", 0},
                                          {"save", json::Object{{"includeText", false}}}}},
                            {"codeActionProvider", true}}},
                       {"serverInfo", json::Object{{"name", "ldslint-lsp"},
                                                   {"version", LDSLINT_VERSION}}}});
    } else if (Method == "shutdown" && Id) {
      ShutdownRequested = true;
      respond(*Id, nullptr);
    } else if (Method == "exit") {
      ExitCode = ShutdownRequested ? 0 : 1;
      return false;
    } else if (Method == "textDocument/didOpen" ||
               Method == "textDocument/didSave") {
      if (std::string Uri = documentUri(Params); !Uri.empty())
        publish(Uri);
    } else if (Method == "textDocument/didClose") {
      if (std::string Uri = documentUri(Params); !Uri.empty()) {
        Documents.erase(Uri);
        notify("textDocument/publishDiagnostics",
               json::Object{{"uri", Uri}, {"diagnostics", json::Array{}}});
      }
    } else if (Method == "textDocument/codeAction" && Id) {
      respond(*Id, codeActions(Params));
    } else if (Id) {
      respondError(*Id, -32601, "method not supported: " + Method.str());
    }
    return true;
  }

  int ExitCode = 1;

private:
  static std::string documentUri(const json::Object *Params) {
    const json::Object *Doc = Params ? Params->getObject("textDocument") : nullptr;
    return Doc ? Doc->getString("uri").value_or("").str() : "";
  }

  void publish(const std::string &Uri) {
    const std::string File = uriToPath(Uri);
    if (File.empty())
      return;
    Analysis A = analyse(File, Self);
    json::Array Diags;
    for (const AccessDiagnostic &D : A.Diagnostics)
      Diags.push_back(json::Object(D.Diagnostic));
    if (!A.Problem.empty())
      Diags.push_back(json::Object{
          {"range", json::Object{{"start", json::Object{{"line", 0}, {"character", 0}}},
                                 {"end", json::Object{{"line", 0}, {"character", 0}}}}},
          {"severity", 3}, // Information
          {"source", "ldslint"},
          {"message", "ldslint could not analyse this file: " + A.Problem}});
    Documents[Uri].Diagnostics = std::move(A.Diagnostics);
    notify("textDocument/publishDiagnostics",
           json::Object{{"uri", Uri}, {"diagnostics", std::move(Diags)}});
  }

  /// Quick fixes of the diagnostics whose line lies in the asked range.
  json::Array codeActions(const json::Object *Params) {
    json::Array Actions;
    auto It = Documents.find(documentUri(Params));
    const json::Object *Range = Params ? Params->getObject("range") : nullptr;
    if (It == Documents.end() || !Range)
      return Actions;
    auto lineOf = [&](StringRef Which) -> int64_t {
      const json::Object *P = Range->getObject(Which);
      return P ? P->getInteger("line").value_or(-1) : -1;
    };
    const int64_t First = lineOf("start"), Last = lineOf("end");
    for (const AccessDiagnostic &D : It->second.Diagnostics) {
      const int64_t Line = static_cast<int64_t>(D.Line) - 1;
      if (Line < First || Line > Last)
        continue;
      for (const json::Value &FxV : D.Fixes) {
        const json::Object *Fx = FxV.getAsObject();
        if (!Fx)
          continue;
        std::optional<json::Object> Edit = workspaceEdit(*Fx);
        if (!Edit)
          continue;
        Actions.push_back(json::Object{
            {"title", "ldslint: " + Fx->getString("description").value_or("").str()},
            {"kind", "quickfix"},
            {"isPreferred", !Fx->getBoolean("alternative").value_or(false)},
            {"diagnostics", json::Array{json::Object(D.Diagnostic)}},
            {"edit", std::move(*Edit)}});
      }
    }
    return Actions;
  }

  std::string Self;
  std::map<std::string, Document> Documents;
  bool ShutdownRequested = false;
};

} // namespace

int main(int argc, char **argv) {
  // Everything after `--` is the fallback compile command.
  int Own = argc;
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      Own = I;
      FallbackArgs.assign(argv + I + 1, argv + argc);
      break;
    }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "ldslint-lsp " LDSLINT_VERSION "\n"; });
  cl::ParseCommandLineOptions(
      Own, argv,
      "ldslint-lsp: shared-memory bank conflicts as editor diagnostics "
      "(Language Server Protocol on stdin/stdout; run it next to clangd)\n");
  const std::string Self =
      sys::fs::getMainExecutable(argv[0], reinterpret_cast<void *>(&main));

  Server S(Self);
  std::string Body;
  while (readMessage(Body)) {
    Expected<json::Value> Msg = json::parse(Body);
    if (!Msg) {
      consumeError(Msg.takeError());
      send(json::Object{
          {"jsonrpc", "2.0"},
          {"id", nullptr},
          {"error", json::Object{{"code", -32700}, {"message", "parse error"}}}});
      continue;
    }
    const json::Object *Obj = Msg->getAsObject();
    if (Obj && !S.handle(*Obj))
      return S.ExitCode;
  }
  return S.ExitCode; // input closed without `exit`
}
