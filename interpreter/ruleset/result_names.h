// The result names a ruleset can give a deal, known from its files alone: the
// names the engine gives (result.default_name, result.named, a contract made or
// failed, a declaration's, draw, all_passed) and, when a hook may rename a deal
// (game.set_result), every string written in the Lua it can run and every word
// of its data a hook can read (hook_params, option values, action words).
// One list serves both ends: game.set_result refuses any other name, so `merge`
// and `report` can refuse a result file naming one (a tampered file).
#pragma once

#include <string>
#include <vector>

#include "ruleset/ruleset.h"

namespace hukum {

// Every string literal in a Lua chunk, decoded ('a\tb', "x", [[...]], [==[...]==]);
// comments skipped. A chunk that does not lex ends the scan where it stops.
std::vector<std::string> lua_string_literals(const std::string& text);

// The sorted, unique result names of `rules` (its files are read again: the
// scripts and every module of the folders `require` looks in).
std::vector<std::string> possible_result_names(const Ruleset& rules);

}  // namespace hukum
