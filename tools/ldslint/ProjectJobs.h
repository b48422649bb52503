//===- ProjectJobs.h - Files analysed in parallel worker processes -*- C++ -*-===//
//
// `ldslint -j N` with several files: each file is analysed by a worker, the
// driver itself started again for that one file (clang's and LLVM's global
// state is not thread-safe, and a crash stops one file only). Workers
// write their stdout and stderr to files and their RunState as JSON; the
// parent replays the output and merges the states in file order, so the
// report, the fixes and the exit status are those of a sequential run,
// whatever the number of workers and the order they finish in.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_TOOLS_PROJECTJOBS_H
#define LDSLINT_TOOLS_PROJECTJOBS_H

#include "RunState.h"

#include <string>
#include <vector>

namespace ldslint {

/// The hidden options that make the driver a worker.
constexpr const char *WorkerFileOption = "--worker-file=";
constexpr const char *WorkerResultOption = "--worker-result=";
constexpr const char *WorkerColorsOption = "--worker-colors=";
/// --worker-colors bits: the parent's stdout / stderr has colours.
enum WorkerColors : unsigned { StdoutColors = 1, StderrColors = 2 };

/// What a worker found (its RunState after its file), for its parent.
llvm::json::Value workerResult(const RunState &S);

/// The default for -j: the machine's physical cores.
unsigned defaultJobs();

/// Runs each of \p Files in a worker process, at most \p Jobs at a time:
/// \p Executable with the worker options and \p Args (the run's own
/// arguments, argv[1..]). Each worker's output is replayed and its state
/// merged into \p S in file order (a note already said is not repeated);
/// with \p Progress, "[i/N] file" precedes each file's output. A worker
/// that stops without a result (a crash) fails its file, which is reported
/// and recorded in \p S. Returns 2 when a file failed, else 0.
int runWorkers(const std::string &Executable, const std::vector<std::string> &Args,
               const std::vector<std::string> &Files, unsigned Jobs,
               unsigned Colors, bool Progress, RunState &S);

} // namespace ldslint

#endif
