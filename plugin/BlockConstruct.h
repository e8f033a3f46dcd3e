//===- BlockConstruct.h - Constructs with a structured block ---*- C++ -*-===//
///
/// \file
/// `parallel`, `kernels`, `serial` and `data` followed by a statement.
/// A compute construct whose statement is made of `loop` constructs only
/// runs each loop as a region of its own; otherwise it is one region
/// (LoopConstruct::rewriteAsOneRegion). A data construct maps its clauses
/// for the lifetime of its block:
/// `{ region; options; data items + data_scope; [enter_host_region;] statement }`.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_PLUGIN_BLOCKCONSTRUCT_H
#define FERRY_PLUGIN_BLOCKCONSTRUCT_H

#include "AccContext.h"

#include "clang/Lex/Preprocessor.h"

namespace ferry {
namespace plugin {

void rewriteBlockConstruct(clang::Preprocessor &PP, AccContext &Ctx, Directive &D,
                           clang::SourceLocation PragmaLoc);

/// `host_data use_device(a, ...) [if(c)] [if_present]`: in its statement
/// each named variable is the device address of its data
/// (`ferry::acc::use_device`, a pointer or a reference to the device's array):
/// `{ region; options; auto &&tmp = use_device(a, ...); { auto &&a = tmp; statement } }`.
void rewriteHostData(clang::Preprocessor &PP, AccContext &Ctx, const Directive &D,
                     clang::SourceLocation PragmaLoc);

} // namespace plugin
} // namespace ferry

#endif
