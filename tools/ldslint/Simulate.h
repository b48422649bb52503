//===- Simulate.h - `ldslint simulate`: a layout without source --*- C++ -*-===//
//
// Draws the bank map of an index expression over a declared array and a
// block shape, without any source file:
//   ldslint simulate --array 'float[32][33]' --index '[tx][ty]' --block 32x8
// so that layouts can be tried before the code is written.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_TOOLS_SIMULATE_H
#define LDSLINT_TOOLS_SIMULATE_H

namespace ldslint {

/// argv[0] is the program, argv[1] "simulate". Exit status: 0 success, 2
/// bad input (with a message on stderr).
int runSimulate(int argc, const char **argv);

} // namespace ldslint

#endif
