// From a ruleset file to a checked, compiled Ruleset: YAML parsing, `extends`
// overlays, option overlays, validation against the format table and the
// cross-field checks. Nothing here throws; every problem is a Diagnostic, and
// all problems of a file are reported together.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ruleset/doc.h"
#include "ruleset/ruleset.h"
#include "ruleset/schema.h"

namespace hukum {

struct LoadRequest {
  std::string path;                              // the ruleset file
  std::map<std::string, std::string> options;    // option name -> chosen value
  // Where hooks.libraries modules are looked up; empty = the library search
  // (the naming file's folder, `<its folder>/../lib`, then `search_path`).
  std::string lua_library_dir = {};
  // Folders searched, in order, for an `extends` target that is not found
  // beside the extending file and for Lua libraries (each folder and its lib/):
  // HUKUM_PATH, --lib-path, the installed library (see cli/library_path.h).
  std::vector<std::string> search_path = {};
};

struct LoadResult {
  std::optional<Ruleset> ruleset;  // set exactly when diagnostics is empty
  Diagnostics diagnostics;
  bool ok() const { return ruleset.has_value(); }
};

LoadResult load_ruleset(const LoadRequest& request);

// Any other YAML input of the project (scenarios, ...): the parsed tree, or
// nullptr with diagnostics when the file is missing or not valid YAML.
DocNodePtr load_yaml_file(const std::string& path, Diagnostics& diags);

// ---- Building blocks of load_ruleset, public for tools and tests. ----

// Parses `path` and, recursively, the files it extends, merging each file over
// its base. The result has no `extends` key. nullptr when anything failed.
// An `extends` path not found beside its file is looked up in `search_path`.
DocNodePtr load_with_extends(const std::string& path, Diagnostics& diags,
                             const std::vector<std::string>& search_path = {});

// The options a ruleset declares (after `extends`), without applying any:
// what `validate --all-options` and `hukum list` enumerate.
std::vector<OptionDef> declared_options(const std::string& path, Diagnostics& diags,
                                        const std::vector<std::string>& search_path = {});

// Every combination of every option's values (the defaults first).
std::vector<std::map<std::string, std::string>> option_combinations(const std::vector<OptionDef>& options);

// Compiles a resolved document (extends and options applied, `options` removed,
// validate_document passed) into `out`, adding the cross-field checks'
// diagnostics. The caller sets out.file, ruleset_dir, lua_library_dir, options,
// chosen_options and content_hash. Returns false when a diagnostic was added.
bool compile_ruleset(const DocNode& doc, Ruleset& out, Diagnostics& diags);
// The `fishing` key of a family-fishing ruleset (compile_fishing.cc), called by
// compile_ruleset once the seats and the deck are known.
void compile_fishing(const DocNode& doc, Ruleset& out, Diagnostics& diags);
// deck.attributes (compile_attributes.cc), once the deck's cards are known.
void compile_attributes(const DocNode& deck, Ruleset& out, Diagnostics& diags);
// The cards of `line`'s `attributes` key ({kind: [bright, animal]}): for each
// attribute named, the cards with one of the values listed; across attributes,
// the cards in all of them. *named is false (and the deck returned) without the key.
CardSet attribute_cards(const DocNode& line, const std::string& path, const Ruleset& r, Diagnostics& diags,
                        bool* named);
// An item of a list of cards written `attribute=value` (`ribbon=poetry`): the
// cards with that value, one set per card face in the order deck.attributes
// lists them (a face's copies together). Returns false when the item is not of that form (read it as a
// card); true otherwise, with the error reported when it names no value.
bool attribute_item(const DocNode& item, const std::string& path, const Ruleset& r, Diagnostics& diags,
                    std::vector<CardSet>& faces);
// The same, as one set; *named as attribute_item's result.
CardSet attribute_item_cards(const DocNode& item, const std::string& path, const Ruleset& r, Diagnostics& diags,
                             bool* named);
// The legal-play data of `play` (compile_play.cc): obligations, lead
// restrictions, first-lead card, extra trumps and the per-trump card views.
void compile_play_rules(const DocNode& doc, Ruleset& out, Diagnostics& diags);

// The turn-up deal steps (compile_turn_up.cc): reads one step of `deal:` when it
// is turn_up, trump_auction, melds, exchange or deal_rest (true), else false.
bool compile_turn_up_step(const DocNode& step, const std::string& word, bool bare, const std::string& path,
                          const Ruleset& r, Diagnostics& diags, DealStep* out);
// The top-level `trump_auction` and `melds` keys and the checks across those steps.
void compile_turn_up_rules(const DocNode& doc, Ruleset& out, Diagnostics& diags);

// FNV-1a 64 of `text`, as 16 lowercase hex digits.
std::string fnv1a_hex(const std::string& text);

}  // namespace hukum
