// The loading pipeline: parse -> resolve `extends` -> check the format ->
// apply the chosen options -> check required keys -> compile and cross-check.
// Each stage stops the pipeline when it reported errors, so a user sees every
// problem of one kind without a cascade of follow-on noise.
#include "ruleset/loader.h"

#include <algorithm>
#include <filesystem>

#include "ruleset/input_file.h"
#include "ruleset/result_names.h"

namespace hukum {

namespace fs = std::filesystem;

namespace {

// Far more than any house rule needs (a variant of a variant of a game).
constexpr size_t kMaxExtendsChain = 16;


// Same file, however it is spelled; files that do not exist compare by spelling.
std::string identity_of(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(path), ec);
  return ec ? fs::path(path).lexically_normal().string() : p.string();
}

struct ChainLink {
  std::string identity;
  std::string shown;  // the path as the user will recognise it
};

// `hooks.scripts` of a file that extends a ruleset with scripts runs after
// the base's, not instead: a house rule adds its Lua (and may redefine a
// function of the base's) without copying the base's files. Each script
// stays relative to the file that names it. Every other list replaces.
DocNodePtr with_base_scripts(const DocNodePtr& base, const DocNodePtr& over) {
  const DocNode* base_hooks = base->find("hooks");
  const DocNode* base_scripts = base_hooks ? base_hooks->find("scripts") : nullptr;
  const DocNode* over_hooks = over->find("hooks");
  const DocNode* over_scripts = over_hooks ? over_hooks->find("scripts") : nullptr;
  if (!base_scripts || !over_scripts || !base_scripts->is_seq() || !over_scripts->is_seq()) return over;
  auto scripts = std::make_shared<DocNode>(*over_scripts);
  scripts->seq.insert(scripts->seq.begin(), base_scripts->seq.begin(), base_scripts->seq.end());
  auto hooks = std::make_shared<DocNode>(*over_hooks);
  for (auto& e : hooks->map)
    if (e.key == "scripts") e.value = scripts;
  auto out = std::make_shared<DocNode>(*over);
  for (auto& e : out->map)
    if (e.key == "hooks") e.value = hooks;
  return out;
}

// The kind of a step of `deal:` as written: `melds` or `{calls: {...}}`.
std::string step_kind_written(const DocNode& step) {
  if (step.is_scalar()) return step.scalar;
  return step.is_map() && step.map.size() == 1 ? step.map[0].key : std::string();
}

// An overlay's `deal:` given as a map rather than a list changes steps of the
// base's deal plan in place: each key names a step kind, and its map is merged
// into every step of that kind (a step written as a word gains parameters).
// So an option changes one step's parameters without restating the whole
// plan, and two such options combine. A kind the plan does not have is an
// error: the change would be silently lost.
DocNodePtr patch_deal_steps(const DocNodePtr& steps, const DocNode& patches, Diagnostics& diags) {
  auto out = std::make_shared<DocNode>(*steps);
  for (const DocEntry& patch : patches.map) {
    bool found = false;
    for (auto& step : out->seq) {
      if (step_kind_written(*step) != patch.key) continue;
      found = true;
      auto changed = std::make_shared<DocNode>(*step);
      if (step->is_scalar()) {
        changed->kind = DocNode::Map;
        changed->scalar.clear();
        changed->map = {DocEntry{patch.key, patch.key_pos, patch.value}};
      } else {
        changed->map[0].value = merge_docs(step->map[0].value, patch.value);
      }
      step = changed;
    }
    if (found) continue;
    std::vector<std::string> kinds;
    for (const auto& step : steps->seq)
      if (std::find(kinds.begin(), kinds.end(), step_kind_written(*step)) == kinds.end())
        kinds.push_back(step_kind_written(*step));
    diags.error(patch.key_pos, join_path(patches.origin_path.empty() ? "deal" : patches.origin_path, patch.key),
                "the deal plan has no " + in_quotes(patch.key) + " step to change",
                "a step kind of the plan (" + comma_list(kinds) + "), or the whole list");
  }
  return out;
}

// merge_docs for a ruleset and an overlay over it (an option value, a file
// that extends it), with the overlay's `deal:` map of step changes applied.
DocNodePtr merge_overlay(const DocNodePtr& base, const DocNodePtr& over, Diagnostics& diags) {
  const DocNode* base_deal = base->find("deal");
  const DocNode* over_deal = over->find("deal");
  if (!base_deal || !over_deal || !base_deal->is_seq() || !over_deal->is_map()) return merge_docs(base, over);
  DocNodePtr base_steps(base, base_deal);  // aliasing: lives as long as `base`
  DocNodePtr patched = patch_deal_steps(base_steps, *over_deal, diags);
  auto with_steps = std::make_shared<DocNode>(*over);
  for (auto& e : with_steps->map)
    if (e.key == "deal") e.value = patched;
  return merge_docs(base, with_steps);
}

// The file an `extends` value names: beside the extending file, else (for a
// relative path) the first folder of the search path that holds it, or that
// holds the game of that name (<dir>/<name>/<name>.yaml).
std::string extends_target(const std::string& from, const std::string& value,
                           const std::vector<std::string>& search_path) {
  std::string beside = (fs::path(from).parent_path() / value).lexically_normal().string();
  std::error_code ec;
  if (fs::is_regular_file(beside, ec) || fs::path(value).is_absolute()) return beside;
  for (const auto& dir : search_path) {
    fs::path candidate = (fs::path(dir) / value).lexically_normal();
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
    // A game's name alone: `extends: mygame` is <dir>/mygame/mygame.yaml.
    candidate = fs::path(dir) / value / (value + ".yaml");
    if (value.find('/') == std::string::npos && fs::is_regular_file(candidate, ec)) return candidate.string();
  }
  return beside;
}

DocNodePtr load_chain(const std::string& path, std::vector<ChainLink>& chain, Diagnostics& diags,
                      const std::vector<std::string>& search_path) {
  DocNodePtr doc = parse_yaml_file(path, diags);
  if (!doc) return nullptr;
  const DocEntry* extends = doc->find_entry("extends");
  if (!extends) return doc;
  if (!extends->value->is_scalar() || extends->value->scalar.empty()) {
    diags.error(extends->value->pos, "extends", "expected the path of a ruleset file",
                "a path relative to this file");
    return nullptr;
  }
  // A ruleset file (.yaml/.yml) or a game's name found on the search path: a
  // ruleset passed around must not make hukum read other kinds of files (which
  // the loader would then quote in its errors); the loader reads it as any
  // untrusted YAML (regular file, size and expansion caps).
  const std::string& value = extends->value->scalar;
  const std::string extension = fs::path(value).extension().string();
  const bool game_name = value.find('/') == std::string::npos && extension.empty();
  std::string why;
  if (!game_name && extension != ".yaml" && extension != ".yml")
    why = "a file ending in .yaml or .yml (or a game's name) is expected";
  if (!why.empty()) {
    diags.error(extends->value->pos, "extends", "cannot extend " + in_quotes(value) + ": " + why,
                "a path relative to this file");
    return nullptr;
  }
  if (chain.size() >= kMaxExtendsChain) {
    diags.error(extends->value->pos, "extends",
                "more than " + std::to_string(kMaxExtendsChain) + " files extend one another");
    return nullptr;
  }
  std::string base = extends_target(path, value, search_path);
  std::string identity = identity_of(base);
  chain.push_back({identity_of(path), path});
  for (const auto& link : chain) {
    if (link.identity != identity) continue;
    std::string cycle;
    for (const auto& l : chain) cycle += l.shown + " -> ";
    diags.error(extends->value->pos, "extends", "files extend each other in a cycle: " + cycle + base);
    return nullptr;
  }
  std::error_code ec;
  if (!fs::is_regular_file(base, ec)) {
    diags.error(extends->value->pos, "extends",
                "cannot open the extended file " + in_quotes(extends->value->scalar),
                search_path.empty() ? "a path relative to this file"
                                    : "a path relative to this file or to a folder of the library path (" +
                                          comma_list(search_path) + ")");
    return nullptr;
  }
  DocNodePtr base_doc = load_chain(base, chain, diags, search_path);
  chain.pop_back();
  if (!base_doc) return nullptr;
  if (!base_doc->is_map()) {
    diags.error(base_doc->pos, "", "a ruleset must be a map of keys");
    return nullptr;
  }
  return merge_overlay(base_doc, with_base_scripts(base_doc, without_key(doc, "extends")), diags);
}

struct DeclaredOption {
  OptionDef def;
  const DocNode* values = nullptr;  // list of values, or map value -> overlay
  const DocNode* declaration = nullptr;
};

std::vector<DeclaredOption> read_options(const DocNode& doc, Diagnostics& diags) {
  std::vector<DeclaredOption> out;
  const DocNode* options = doc.find("options");
  if (!options) return out;
  for (const auto& e : options->map) {
    DeclaredOption o;
    o.def.name = e.key;
    o.declaration = e.value.get();
    if (const DocNode* d = e.value->find("description")) o.def.description = d->scalar;
    const DocNode* def = e.value->find("default");
    o.values = e.value->find("values");
    if (!def || !o.values) continue;  // reported by the schema check
    o.def.default_value = def->scalar;
    if (o.values->is_seq())
      for (const auto& v : o.values->seq) o.def.values.push_back(v->scalar);
    else  // a value written as null (`4: ~`) is withdrawn: a variant drops an inherited value
      for (const auto& v : o.values->map)
        if (!v.value->is_null()) o.def.values.push_back(v.key);
    const auto& vals = o.def.values;
    if (std::find(vals.begin(), vals.end(), o.def.default_value) == vals.end())
      diags.error(def->pos, written_path(*def, "options." + e.key + ".default"),
                  "default " + in_quotes(o.def.default_value) + " is not one of the values",
                  "one of: " + comma_list(vals));
    out.push_back(std::move(o));
  }
  return out;
}

// Checks the caller's choices against the declarations; errors point at the
// declaration, since the request itself has no position.
void check_requested(const LoadRequest& request, const DocNode& doc,
                     const std::vector<DeclaredOption>& declared, Diagnostics& diags) {
  std::vector<std::string> names;
  for (const auto& o : declared) names.push_back(o.def.name);
  const DocNode* options = doc.find("options");
  SourcePos where = options ? options->pos : SourcePos{request.path, 0, 0};
  for (const auto& [name, value] : request.options) {
    const std::string& wanted = name;  // clang 14 cannot capture a structured binding
    auto it = std::find_if(declared.begin(), declared.end(),
                           [&](const DeclaredOption& o) { return o.def.name == wanted; });
    if (it == declared.end()) {
      diags.error(where, "options",
                  "unknown option " + in_quotes(name) + " requested" +
                      did_you_mean(name, names),
                  names.empty() ? "no options: this ruleset declares none"
                                : "one of: " + comma_list(names));
      continue;
    }
    const auto& vals = it->def.values;
    if (std::find(vals.begin(), vals.end(), value) != vals.end()) continue;
    diags.error(it->values->pos, "options." + name,
                "unknown value " + in_quotes(value) + " requested for option " + in_quotes(name) +
                    did_you_mean(value, vals),
                "one of: " + comma_list(vals));
  }
}

}  // namespace

DocNodePtr load_yaml_file(const std::string& path, Diagnostics& diags) {
  return parse_yaml_file(path, diags);
}

DocNodePtr load_with_extends(const std::string& path, Diagnostics& diags,
                             const std::vector<std::string>& search_path) {
  std::vector<ChainLink> chain;
  return load_chain(path, chain, diags, search_path);
}

std::vector<OptionDef> declared_options(const std::string& path, Diagnostics& diags,
                                        const std::vector<std::string>& search_path) {
  std::vector<OptionDef> out;
  DocNodePtr doc = load_with_extends(path, diags, search_path);
  if (!doc) return out;
  for (auto& o : read_options(*doc, diags)) out.push_back(std::move(o.def));
  return out;
}

std::vector<std::map<std::string, std::string>> option_combinations(const std::vector<OptionDef>& options) {
  std::vector<std::map<std::string, std::string>> out{{}};
  for (const auto& def : options) {
    std::vector<std::map<std::string, std::string>> next;
    for (const auto& partial : out) {
      // The default first, so that the first combination is the ruleset as written.
      auto with_default = partial;
      with_default[def.name] = def.default_value;
      next.push_back(with_default);
      for (const auto& v : def.values) {
        if (v == def.default_value) continue;
        auto m = partial;
        m[def.name] = v;
        next.push_back(m);
      }
    }
    out.swap(next);
  }
  return out;
}

std::string fnv1a_hex(const std::string& text) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[size_t(i)] = digits[hash & 0xf];
  return out;
}

LoadResult load_ruleset(const LoadRequest& request) {
  LoadResult result;
  Diagnostics& diags = result.diagnostics;

  // Step 1. The file and the files it extends, merged.
  DocNodePtr doc = load_with_extends(request.path, diags, request.search_path);
  if (!doc) return result;

  // Step 2. The format, including every option overlay, chosen or not.
  // Without options nothing can supply a missing key later, so say so now.
  validate_document(*doc, /*check_required=*/!doc->find("options"), diags);
  if (!diags.empty()) return result;

  // Step 3. Options: check the request, then merge each option's overlay in
  // declaration order.
  std::vector<DeclaredOption> declared = read_options(*doc, diags);
  check_requested(request, *doc, declared, diags);
  if (!diags.empty()) return result;
  Ruleset rules;
  DocNodePtr resolved = without_key(doc, "options");
  for (const auto& o : declared) {
    auto chosen = request.options.find(o.def.name);
    std::string value = chosen != request.options.end() ? chosen->second : o.def.default_value;
    rules.options.push_back(o.def);
    rules.chosen_options[o.def.name] = value;
    if (!o.values->is_map()) continue;
    const DocNode* overlay = o.values->find(value);
    if (!overlay || !overlay->is_map()) continue;
    DocNodePtr shared(doc, overlay);  // aliasing: lives as long as `doc`
    resolved = merge_overlay(resolved, with_origin(shared, "options." + o.def.name + ".values." + value), diags);
  }

  // Step 4. Keys the options may have supplied must now be there.
  validate_document(*resolved, /*check_required=*/true, diags);
  if (!diags.empty()) return result;

  // Step 5. Compile and cross-check.
  fs::path file = fs::absolute(fs::path(request.path)).lexically_normal();
  rules.file = request.path;
  rules.ruleset_dir = file.parent_path().string();
  // Empty: compile.cc finds the shared library beside the game folder of the
  // file that names the libraries (an overlay in variants/ may extend it).
  rules.lua_library_dir = request.lua_library_dir.empty()
                              ? std::string()
                              : fs::absolute(request.lua_library_dir).lexically_normal().string();
  rules.library_search_path = request.search_path;
  rules.content_hash = fnv1a_hex(canonical_text(*resolved));
  if (!compile_ruleset(*resolved, rules, diags)) return result;
  if (rules.lua_library_dir.empty()) rules.lua_library_dir = (file.parent_path().parent_path() / "lib").string();
  rules.result_names = possible_result_names(rules);
  result.ruleset = std::move(rules);
  return result;
}

}  // namespace hukum
