// A YAML-independent document tree: what the loader, the schema check and the
// scenario reader walk. Every node carries the position it was written at, so a
// diagnostic can point into the file (base, overlay or variant) it came from.
// Nodes are immutable once built; merging builds new maps and shares the rest.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.h"

namespace hukum {

struct DocNode;
using DocNodePtr = std::shared_ptr<const DocNode>;

struct DocEntry {
  std::string key;  // map keys are always scalars: `4:` and `false:` are "4" and "false"
  SourcePos key_pos;
  DocNodePtr value;
};

struct DocNode {
  enum Kind { Null, Scalar, Sequence, Map };
  Kind kind = Null;
  std::string scalar;           // Scalar: the text as written, without quotes
  std::vector<DocEntry> map;    // Map: entries in file order
  std::vector<DocNodePtr> seq;  // Sequence
  SourcePos pos;
  // Where this node sits in the file it was written in, when that differs from
  // where it sits after merging (e.g. "options.players.values.6" for an option
  // overlay). Diagnostics prepend it so the key path names the written place.
  std::string origin_path;

  bool is_null() const { return kind == Null; }
  bool is_scalar() const { return kind == Scalar; }
  bool is_seq() const { return kind == Sequence; }
  bool is_map() const { return kind == Map; }
  // The value under `key` of a map, or nullptr (also when this is not a map).
  const DocNode* find(const std::string& key) const;
  const DocEntry* find_entry(const std::string& key) const;
  std::vector<std::string> keys() const;
};

// "a map", "a list", "a value", "nothing": for "got ..." in messages.
const char* kind_name(DocNode::Kind kind);

// Deep merge: maps merge key by key (recursively, base order first, new keys
// appended); scalars, lists and nulls in `over` replace what `base` has.
DocNodePtr merge_docs(const DocNodePtr& base, const DocNodePtr& over);

// A copy of `node` with every node's origin_path set to `origin` + its path below.
DocNodePtr with_origin(const DocNodePtr& node, const std::string& origin);

// A copy of a map without one key.
DocNodePtr without_key(const DocNodePtr& map, const std::string& key);

// Canonical text of the tree: map keys sorted, positions ignored. Equal
// documents give equal text, whatever their layout or key order.
std::string canonical_text(const DocNode& node);

// Joins key paths: join_path("play", "trump") = "play.trump", join_path("", "x") = "x",
// index_path("deal", 1) = "deal[1]".
std::string join_path(const std::string& parent, const std::string& key);
std::string index_path(const std::string& parent, size_t index);

// Message helpers: in_quotes("x") = "'x'", comma_list({a, b}) = "a, b".
std::string in_quotes(const std::string& text);
std::string comma_list(const std::vector<std::string>& words);
// " (did you mean 'y'?)" when a candidate is a plausible typo of `word`, else "".
// Words under 3 letters get no suggestion: '4' for '5' would be noise, not help.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// The key path a diagnostic should show for a node found at `path` after merging.
std::string written_path(const DocNode& node, const std::string& path);

// Parses a YAML file (yaml_doc.cc, the only user of yaml-cpp). Positions are
// 1-based and name `path` as given. Returns nullptr, with diagnostics, when the
// file is missing or is not valid YAML; never throws.
DocNodePtr parse_yaml_file(const std::string& path, Diagnostics& diags);
// The same for text already in memory; `name` is used in positions.
DocNodePtr parse_yaml_text(const std::string& text, const std::string& name, Diagnostics& diags);

}  // namespace hukum
