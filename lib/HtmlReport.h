//===- HtmlReport.h - One self-contained HTML page per run -------*- C++ -*-===//
//
// --format=html: a summary table of the findings and, for each, the source
// line with the access highlighted and an interactive bank map (before and
// after the fix, hover for lane / address / thread). The page needs no
// network: its CSS and script are inline, its data is the findings' JSON
// (findingToJson plus the bank maps) embedded in the page.
//
//===----------------------------------------------------------------------===//
#ifndef LDSLINT_HTMLREPORT_H
#define LDSLINT_HTMLREPORT_H

#include "Finding.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ldslint {

/// The pictures the HTML report keeps per access (EvalOptions::PictureWarps
/// and PictureSteps): the first warps that execute it, each at its first
/// executions (loop iterations), plus the worst instruction. Bounds the page
/// (at most 16 x 8 + 1 maps per finding, identical ones stored once) and
/// the evaluator's memory for kernels with thousands of iterations.
constexpr unsigned HtmlPictureWarps = 16, HtmlPictureSteps = 8;

/// The bank map of \p R's picture as JSON (null when there is none):
/// banks, bank_bytes, wave, width, warp, context, degree, wavefronts,
/// ideal, relative, values[{name, values[lane]}] (loop values per lane),
/// threads[lane], lanes[lane] ({active, byte}), and
/// phases[{lanes, wavefronts, cells[{bank, words, lanes[[lane, byte]]}]}].
llvm::json::Value bankMapToJson(const Finding &F, const EvalResult &R);

/// The pictures of several warps and iterations (Result.Views, with the
/// same instructions after the fix), null when none were kept:
/// {banks, bank_bytes, wave, width, phase_lanes[[lane]] (shared by all
/// maps), warp_cap, step_cap, warps_total, most_steps, capped,
/// worst: [warp, step] (indices), warps[{label, warp, threads,
/// steps[{step, iteration, map, after}]}], maps[...]}: map/after index
/// maps[], each compact: {degree, wavefronts, ideal, relative, values?
/// [{name, values[lane]}], phases[{wavefronts, cells[[bank, words, lane,
/// byte, lane, byte, ...]]}]}; identical maps are stored once.
llvm::json::Value viewsToJson(const Finding &F);

/// findingToJson(F) plus "map", "after" (the map after the fix, or null),
/// "views" (viewsToJson),
/// "after_fix" (the fix in words), "source" (the line's text).
llvm::json::Value findingToHtmlJson(const Finding &F,
                                    const clang::SourceManager &SM);

/// The whole page for \p Items (from findingToHtmlJson).
std::string renderHtmlReport(const std::vector<llvm::json::Value> &Items);

} // namespace ldslint

#endif
