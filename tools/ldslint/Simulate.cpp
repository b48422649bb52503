//===- Simulate.cpp --------------------------------------------------------===//
//
// A small parser for C-like index expressions over thread coordinates and
// integer constants, an array type parser ("float[32][33]"), and the same
// bank map --explain draws, from the library's bank model and
// instructionCost. Every warp of the block is evaluated; the worst one (or
// the one asked for with --warp) is drawn.
//
//===----------------------------------------------------------------------===//
#include "Simulate.h"

#include "BankMap.h"
#include "BankModel.h"
#include "BlockShape.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ldslint {

namespace {

/// What an expression may name, per thread.
struct ThreadValues {
  int64_t Tx = 0, Ty = 0, Tz = 0, Lane = 0, Warp = 0, Tid = 0;
  int64_t Bdx = 1, Bdy = 1, Bdz = 1;
};

struct Expr {
  enum class Kind { Const, Var, Neg, Binary } K = Kind::Const;
  int64_t Value = 0;
  std::string Name;  ///< Var
  std::string Op;    ///< Binary: + - * / % & | ^ << >>
  std::unique_ptr<Expr> L, R;
};

struct EvalError {
  std::string Message;
};

std::optional<int64_t> evaluate(const Expr &E, const ThreadValues &T,
                                std::string &Error) {
  switch (E.K) {
  case Expr::Kind::Const:
    return E.Value;
  case Expr::Kind::Var: {
    const std::map<std::string, int64_t> Vars = {
        {"tx", T.Tx},   {"ty", T.Ty},     {"tz", T.Tz},   {"lane", T.Lane},
        {"warp", T.Warp}, {"tid", T.Tid}, {"bdx", T.Bdx}, {"bdy", T.Bdy},
        {"bdz", T.Bdz}};
    return Vars.at(E.Name);
  }
  case Expr::Kind::Neg: {
    auto V = evaluate(*E.L, T, Error);
    if (!V)
      return std::nullopt;
    return -*V;
  }
  case Expr::Kind::Binary:
    break;
  }
  auto A = evaluate(*E.L, T, Error);
  if (!A)
    return std::nullopt;
  auto B = evaluate(*E.R, T, Error);
  if (!B)
    return std::nullopt;
  const std::string &Op = E.Op;
  if ((Op == "/" || Op == "%") && *B == 0) {
    Error = "division by zero";
    return std::nullopt;
  }
  if ((Op == "<<" || Op == ">>") && (*B < 0 || *B > 62)) {
    Error = "shift by " + std::to_string(*B) + " (expected 0..62)";
    return std::nullopt;
  }
  if (Op == "+") return *A + *B;
  if (Op == "-") return *A - *B;
  if (Op == "*") return *A * *B;
  if (Op == "/") return *A / *B; // C semantics: towards zero
  if (Op == "%") return *A % *B;
  if (Op == "&") return *A & *B;
  if (Op == "|") return *A | *B;
  if (Op == "^") return *A ^ *B;
  if (Op == "<<") return *A << *B;
  return *A >> *B;
}

/// Recursive descent with C's precedence: | ^ & (<< >>) (+ -) (* / %) unary.
class Parser {
public:
  explicit Parser(const std::string &Text) : Text(Text) {}

  /// "[e1][e2]...": one expression per subscript.
  std::vector<std::unique_ptr<Expr>> subscripts() {
    std::vector<std::unique_ptr<Expr>> Out;
    skipSpace();
    while (Error.empty() && Pos < Text.size()) {
      if (!take("[")) {
        fail("expected '['");
        break;
      }
      auto E = parseOr();
      if (!Error.empty())
        break;
      if (!take("]")) {
        fail("expected ']'");
        break;
      }
      Out.push_back(std::move(E));
      skipSpace();
    }
    if (Error.empty() && Out.empty())
      fail("expected at least one subscript, e.g. [tx][ty]");
    return Out;
  }

  std::string Error;

private:
  const std::string &Text;
  size_t Pos = 0;

  void skipSpace() {
    while (Pos < Text.size() && std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
  }
  bool peek(const std::string &Tok) {
    skipSpace();
    return Text.compare(Pos, Tok.size(), Tok) == 0;
  }
  bool take(const std::string &Tok) {
    if (!peek(Tok))
      return false;
    Pos += Tok.size();
    return true;
  }
  void fail(const std::string &What) {
    if (Error.empty())
      Error = What + " at column " + std::to_string(Pos + 1) + " of '" + Text + "'";
  }
  std::unique_ptr<Expr> binary(std::string Op, std::unique_ptr<Expr> L,
                               std::unique_ptr<Expr> R) {
    auto E = std::make_unique<Expr>();
    E->K = Expr::Kind::Binary;
    E->Op = std::move(Op);
    E->L = std::move(L);
    E->R = std::move(R);
    return E;
  }
  template <typename Next>
  std::unique_ptr<Expr> level(const std::vector<std::string> &Ops, Next Sub) {
    auto L = (this->*Sub)();
    while (Error.empty()) {
      std::string Found;
      for (const std::string &Op : Ops)
        // '<<' is not '<', '|' must not eat '||' (not supported anyway).
        if (peek(Op)) {
          Found = Op;
          break;
        }
      if (Found.empty())
        break;
      Pos += Found.size();
      auto R = (this->*Sub)();
      L = binary(Found, std::move(L), std::move(R));
    }
    return L;
  }
  std::unique_ptr<Expr> parseOr() { return level({"|"}, &Parser::parseXor); }
  std::unique_ptr<Expr> parseXor() { return level({"^"}, &Parser::parseAnd); }
  std::unique_ptr<Expr> parseAnd() { return level({"&"}, &Parser::parseShift); }
  std::unique_ptr<Expr> parseShift() {
    return level({"<<", ">>"}, &Parser::parseAdd);
  }
  std::unique_ptr<Expr> parseAdd() { return level({"+", "-"}, &Parser::parseMul); }
  std::unique_ptr<Expr> parseMul() {
    return level({"*", "/", "%"}, &Parser::parseUnary);
  }
  std::unique_ptr<Expr> parseUnary() {
    auto E = std::make_unique<Expr>();
    if (!Error.empty())
      return E;
    if (take("-")) {
      E->K = Expr::Kind::Neg;
      E->L = parseUnary();
      return E;
    }
    if (take("(")) {
      E = parseOr();
      if (Error.empty() && !take(")"))
        fail("expected ')'");
      return E;
    }
    skipSpace();
    if (Pos < Text.size() && std::isdigit(static_cast<unsigned char>(Text[Pos]))) {
      size_t End = Pos;
      while (End < Text.size() && std::isalnum(static_cast<unsigned char>(Text[End])))
        ++End;
      const std::string Num = Text.substr(Pos, End - Pos);
      char *Stop = nullptr;
      errno = 0;
      const long long V = std::strtoll(Num.c_str(), &Stop, 0);
      if (*Stop || errno || V > (1LL << 40)) {
        fail("invalid number '" + Num + "'");
        return E;
      }
      Pos = End;
      E->Value = V;
      return E;
    }
    size_t End = Pos;
    while (End < Text.size() &&
           (std::isalnum(static_cast<unsigned char>(Text[End])) || Text[End] == '_' ||
            Text[End] == '.'))
      ++End;
    std::string Name = Text.substr(Pos, End - Pos);
    static const std::map<std::string, std::string> Aliases = {
        {"threadIdx.x", "tx"}, {"threadIdx.y", "ty"}, {"threadIdx.z", "tz"},
        {"blockDim.x", "bdx"}, {"blockDim.y", "bdy"}, {"blockDim.z", "bdz"},
        {"laneid", "lane"},    {"warpid", "warp"}};
    if (Aliases.count(Name))
      Name = Aliases.at(Name);
    static const char *Known[] = {"tx", "ty", "tz", "lane", "warp", "tid",
                                  "bdx", "bdy", "bdz"};
    for (const char *K : Known)
      if (Name == K) {
        Pos = End;
        E->K = Expr::Kind::Var;
        E->Name = Name;
        return E;
      }
    fail(Name.empty() ? "expected a number, a name or '('"
                      : "unknown name '" + Name +
                            "' (known: tx ty tz (threadIdx.x/y/z), lane, warp, "
                            "tid (linear thread id), bdx bdy bdz (blockDim))");
    return E;
  }
};

struct ArrayType {
  std::string Element;
  unsigned ElementBytes = 4;
  std::vector<int64_t> Dims;
};

std::optional<ArrayType> parseArrayType(const std::string &Text, std::string &Error) {
  static const std::map<std::string, unsigned> Sizes = {
      {"char", 1},      {"signed char", 1}, {"unsigned char", 1}, {"int8_t", 1},
      {"uint8_t", 1},   {"bool", 1},        {"short", 2},         {"unsigned short", 2},
      {"int16_t", 2},   {"uint16_t", 2},    {"half", 2},          {"__half", 2},
      {"__nv_bfloat16", 2}, {"bfloat16", 2}, {"int", 4},          {"unsigned", 4},
      {"unsigned int", 4}, {"int32_t", 4},  {"uint32_t", 4},      {"float", 4},
      {"half2", 4},     {"__half2", 4},     {"double", 8},        {"long", 8},
      {"long long", 8}, {"int64_t", 8},     {"uint64_t", 8},      {"float2", 8},
      {"int2", 8},      {"uint2", 8},       {"double2", 16},      {"float4", 16},
      {"int4", 16},     {"uint4", 16}};
  const size_t Bracket = Text.find('[');
  ArrayType A;
  std::string Elem = Text.substr(0, Bracket);
  while (!Elem.empty() && std::isspace(static_cast<unsigned char>(Elem.back())))
    Elem.pop_back();
  while (!Elem.empty() && std::isspace(static_cast<unsigned char>(Elem.front())))
    Elem.erase(Elem.begin());
  auto It = Sizes.find(Elem);
  if (It == Sizes.end()) {
    Error = "unknown element type '" + Elem +
            "' in --array (e.g. float, int, double, half, float2, float4)";
    return std::nullopt;
  }
  A.Element = Elem;
  A.ElementBytes = It->second;
  if (Bracket == std::string::npos) {
    Error = "--array needs dimensions, e.g. 'float[32][33]'";
    return std::nullopt;
  }
  size_t Pos = Bracket;
  int64_t Total = A.ElementBytes;
  while (Pos < Text.size()) {
    if (Text[Pos] == ' ') {
      ++Pos;
      continue;
    }
    const size_t Close = Text.find(']', Pos);
    if (Text[Pos] != '[' || Close == std::string::npos) {
      Error = "invalid --array '" + Text + "' (expected TYPE[N][M]...)";
      return std::nullopt;
    }
    const std::string Num = Text.substr(Pos + 1, Close - Pos - 1);
    if (Num.empty() || Num.size() > 7 ||
        Num.find_first_not_of("0123456789") != std::string::npos ||
        std::strtoll(Num.c_str(), nullptr, 10) == 0) {
      Error = "invalid dimension '" + Num + "' in --array (expected a positive integer)";
      return std::nullopt;
    }
    A.Dims.push_back(std::strtoll(Num.c_str(), nullptr, 10));
    Total *= A.Dims.back();
    if (Total > (int64_t(1) << 30)) {
      Error = "--array '" + Text + "' is larger than 1 GiB";
      return std::nullopt;
    }
    Pos = Close + 1;
  }
  return A;
}

const char *Usage =
    "usage: ldslint simulate --array TYPE[N]... --index '[EXPR]...' [options]\n"
    "\n"
    "Draws the bank map of one shared-memory access without source code.\n"
    "  --array TYPE[N][M]  the shared array, e.g. 'float[32][33]' (types: char,\n"
    "                      short, half, int, unsigned, float, double, long,\n"
    "                      float2, int2, float4, int4, double2, ...)\n"
    "  --index '[E][F]'    one subscript per dimension; E, F use tx ty tz\n"
    "                      (threadIdx.x/y/z), lane, warp, tid (linear thread id),\n"
    "                      bdx bdy bdz (blockDim), integers and + - * / % & | ^\n"
    "                      << >> ( ) with C's precedence\n"
    "  --block XxYxZ       block shape (default: one warp, 32 or 64 threads)\n"
    "  --arch NAME         target (default sm_90; e.g. sm_80, gfx90a, gfx942, gfx950)\n"
    "  --access read|write (default read; AMD groups 16-byte writes differently)\n"
    "  --width BYTES       bytes per lane when the access is wider than the\n"
    "                      element (a float4 load of a float array: 16)\n"
    "  --warp N            draw warp N (default: the worst warp, first on ties)\n"
    "  --color / --no-color  colour the conflicts (default: on a terminal)\n"
    "Exit status: 0 drawn, 2 bad input.\n";

/// "2" or "2.25": a mean over the warps.
std::string mean(uint64_t Sum, unsigned Count) {
  if (Sum % Count == 0)
    return std::to_string(Sum / Count);
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.2f", double(Sum) / Count);
  return Buf;
}

int bad(const std::string &Message) {
  llvm::errs() << "ldslint simulate: " << Message << "\n";
  return 2;
}

} // namespace

int runSimulate(int argc, const char **argv) {
  std::map<std::string, std::string> Values;
  bool ColourSet = false, Colour = false;
  static const char *WithValue[] = {"array", "index", "block", "arch", "access",
                                    "width", "warp"};
  for (int I = 2; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "-h" || A == "--help" || A == "-help") {
      llvm::outs() << Usage;
      return 0;
    }
    if (A == "--color" || A == "--no-color") {
      ColourSet = true;
      Colour = A == "--color";
      continue;
    }
    if (A.rfind("--", 0) != 0)
      return bad("unexpected argument '" + A + "' (see ldslint simulate --help)");
    A = A.substr(2);
    std::string Value;
    const size_t Eq = A.find('=');
    bool HasValue = false;
    if (Eq != std::string::npos) {
      Value = A.substr(Eq + 1);
      A = A.substr(0, Eq);
      HasValue = true;
    }
    bool Known = false;
    for (const char *K : WithValue)
      Known = Known || A == K;
    if (!Known)
      return bad("unknown option '--" + A + "' (see ldslint simulate --help)");
    if (!HasValue) {
      if (I + 1 >= argc)
        return bad("--" + A + " needs a value");
      Value = argv[++I];
    }
    if (Values.count(A))
      return bad("--" + A + " given twice");
    Values[A] = Value;
  }
  if (!Values.count("array") || !Values.count("index"))
    return bad("--array and --index are required, e.g. --array 'float[32][33]' "
               "--index '[tx][ty]' (see ldslint simulate --help)");

  std::string Error;
  const std::optional<ArrayType> Array = parseArrayType(Values["array"], Error);
  if (!Array)
    return bad(Error);
  Parser P(Values["index"]);
  const std::vector<std::unique_ptr<Expr>> Index = P.subscripts();
  if (!P.Error.empty())
    return bad("--index: " + P.Error);
  if (Index.size() != Array->Dims.size())
    return bad("--index has " + std::to_string(Index.size()) + " subscript(s), " +
               Values["array"] + " has " + std::to_string(Array->Dims.size()) +
               " dimension(s)");

  const std::string Arch = Values.count("arch") ? Values["arch"] : "sm_90";
  const std::optional<BankModel> Model = lookupBankModel(Arch);
  if (!Model)
    return bad("unknown arch '" + Arch + "'; known: " + knownArchList());
  std::optional<BlockShape> Block = BlockShape{Model->WaveSize, 1, 1, ""};
  if (Values.count("block")) {
    Block = parseBlockShape(Values["block"]);
    if (!Block)
      return bad("invalid --block '" + Values["block"] +
                 "' (expected X, XxY or XxYxZ with at most 1024 threads)");
  }
  AccessKind Kind = AccessKind::Read;
  if (Values.count("access")) {
    if (Values["access"] == "write")
      Kind = AccessKind::Write;
    else if (Values["access"] != "read")
      return bad("--access must be read or write");
  }
  unsigned Width = Array->ElementBytes;
  if (Values.count("width")) {
    const std::string &W = Values["width"];
    if (W != "1" && W != "2" && W != "4" && W != "8" && W != "16")
      return bad("--width must be 1, 2, 4, 8 or 16 bytes");
    Width = static_cast<unsigned>(std::stoul(W));
    if (Width < Array->ElementBytes)
      return bad("--width " + W + " is narrower than one " + Array->Element);
  }
  std::string WhyNot;
  const std::optional<LanePhases> Phases = Model->phases(Width, Kind, WhyNot);
  if (!Phases)
    return bad("no bank model for this access: " + WhyNot);
  const unsigned Warps = warpCount(*Block, Model->WaveSize);
  std::optional<unsigned> AskedWarp;
  if (Values.count("warp")) {
    const std::string &W = Values["warp"];
    if (W.empty() || W.size() > 4 || W.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(W) >= Warps)
      return bad("--warp must be 0.." + std::to_string(Warps - 1) + " for block " +
                 Block->str());
    AskedWarp = static_cast<unsigned>(std::stoul(W));
  }

  // Every warp: the lanes' addresses and cost.
  std::vector<WarpPicture> Pictures;
  uint64_t Wavefronts = 0, Ideal = 0;
  unsigned Worst = 0, WorstDegree = 0;
  for (unsigned W = 0; W < Warps; ++W) {
    WarpPicture Pic;
    Pic.Warp = W;
    Pic.Phases = *Phases;
    Pic.Lanes.assign(Model->WaveSize, LaneAddress());
    Pic.Threads = warpLanes(*Block, Model->WaveSize, W);
    for (unsigned L = 0; L < Pic.Threads.size(); ++L) {
      const auto &T = Pic.Threads[L];
      ThreadValues V;
      V.Tx = T[0];
      V.Ty = T[1];
      V.Tz = T[2];
      V.Tid = int64_t(W) * Model->WaveSize + L;
      V.Lane = L;
      V.Warp = W;
      V.Bdx = Block->X;
      V.Bdy = Block->Y;
      V.Bdz = Block->Z;
      int64_t Element = 0;
      for (size_t D = 0; D < Index.size(); ++D) {
        std::string Why;
        const std::optional<int64_t> I = evaluate(*Index[D], V, Why);
        const std::string Thread = "threadIdx (" + std::to_string(T[0]) + "," +
                                   std::to_string(T[1]) + "," + std::to_string(T[2]) + ")";
        if (!I)
          return bad("--index: " + Why + " in subscript " + std::to_string(D + 1) +
                     " for " + Thread);
        if (*I < 0 || *I >= Array->Dims[D])
          return bad("--index: subscript " + std::to_string(D + 1) + " is " +
                     std::to_string(*I) + " for " + Thread + ", outside 0.." +
                     std::to_string(Array->Dims[D] - 1));
        Element = Element * Array->Dims[D] + *I;
      }
      Pic.Lanes[L].Active = true;
      Pic.Lanes[L].Byte = Element * Array->ElementBytes;
      if (Pic.Lanes[L].Byte % Width != 0)
        return bad("lane " + std::to_string(L) + " of warp " + std::to_string(W) +
                   " accesses byte " + std::to_string(Pic.Lanes[L].Byte) +
                   ", not a multiple of the " + std::to_string(Width) +
                   "-byte access width");
    }
    const InstructionCost C = instructionCost(*Model, *Phases, Width, Pic.Lanes);
    Wavefronts += C.Wavefronts;
    Ideal += C.Ideal;
    if (W == 0 || C.Degree > WorstDegree) {
      WorstDegree = C.Degree;
      Worst = W;
    }
    Pictures.push_back(std::move(Pic));
  }

  llvm::raw_ostream &OS = llvm::outs();
  if (!ColourSet)
    Colour = llvm::sys::Process::StandardOutIsDisplayed();
  std::string Dims;
  for (int64_t D : Array->Dims)
    Dims += "[" + std::to_string(D) + "]";
  OS << "simulate: " << Array->Element << Dims << " indexed " << Values["index"]
     << "\ntarget " << Arch << ": " << Model->NumBanks << " banks x "
     << Model->BankBytes << " B, "
     << (Model->IsAMD ? "wave" + std::to_string(Model->WaveSize)
                      : std::to_string(Model->WaveSize) + "-lane warps")
     << "\n"
     << "block " << Block->str() << " (" << Warps << (Model->IsAMD ? " wavefront" : " warp")
     << (Warps == 1 ? "" : "s") << "); " << Width << "-byte " << accessKindName(Kind)
     << " per lane\n"
     << "over all " << Warps << ": worst " << WorstDegree << "-way, "
     << mean(Wavefronts, Warps) << " wavefront(s) per instruction ("
     << mean(Ideal, Warps) << " without conflicts)\n";
  const unsigned Shown = AskedWarp ? *AskedWarp : Worst;
  const WarpPicture &Pic = Pictures[Shown];
  OS << (Model->IsAMD ? "wavefront " : "warp ") << Shown
     << (AskedWarp ? "" : " (the worst)");
  if (!Pic.Threads.empty()) {
    const auto &F = Pic.Threads.front(), &L = Pic.Threads.back();
    OS << "; lane 0 is threadIdx (" << F[0] << "," << F[1] << "," << F[2] << ") ... lane "
       << Pic.Threads.size() - 1 << " is threadIdx (" << L[0] << "," << L[1] << ","
       << L[2] << ")";
  }
  OS << "\n" << renderBankMap(buildBankMap(*Model, Pic, Width), Colour);
  return 0;
}

} // namespace ldslint
