// The upgrade works on the text, line by line, guided by the parsed document's
// positions: a retired key's lines are cut and the keys that replace it are
// written beside the `fishing` key, so comments and layout elsewhere stay.
// Only block-style maps are rewritten; a retired key written inline
// (`fishing: {specials: ...}`) is reported with the lines to write by hand.
// The numeric auction's step word is replaced where it stands (block or flow
// list) by the calls step, and the top-level `auction` key is cut; the
// play.must_* keys become play.obligations where the first stood.
#include "ruleset/upgrade.h"

#include <algorithm>
#include <sstream>

#include "ruleset/doc.h"

namespace hukum {

namespace {

struct Edit {
  int first = 0, last = 0;           // 0-based lines replaced (last < first: insert before first)
  std::vector<std::string> lines;
};

int indent_of(const std::string& line) {
  int n = 0;
  while (n < int(line.size()) && line[size_t(n)] == ' ') ++n;
  return n;
}

bool blank_or_comment(const std::string& line) {
  const size_t i = line.find_first_not_of(' ');
  return i == std::string::npos || line[i] == '#';
}

// The last line (0-based) of the block of the key on line `key_line` written at
// column `key_indent`: the lines after it indented deeper, without trailing
// blank or comment lines.
int block_end(const std::vector<std::string>& lines, int key_line, int key_indent) {
  int last = key_line;
  for (int l = key_line + 1; l < int(lines.size()); ++l) {
    if (blank_or_comment(lines[size_t(l)])) continue;
    if (indent_of(lines[size_t(l)]) <= key_indent) break;
    last = l;
  }
  return last;
}

// The key starts its own line (block style), not inside a flow map.
bool starts_line(const std::vector<std::string>& lines, const SourcePos& pos) {
  if (pos.line < 1 || pos.line > int(lines.size())) return false;
  return indent_of(lines[size_t(pos.line - 1)]) == pos.col - 1;
}

// A list's items joined by `sep`: "5 10 J" for hook_params, "5H, 5D" for a flow list.
std::string words_of(const DocNode* seq, const char* sep = " ") {
  std::string out;
  if (seq && seq->is_seq())
    for (const auto& item : seq->seq) out += (out.empty() ? "" : sep) + item->scalar;
  return out;
}

std::string scalar_of(const DocNode* node) { return node && node->is_scalar() ? node->scalar : ""; }

// The replacement of one `fishing` map's retired keys, as flow-style text.
struct Replacement {
  std::vector<std::string> params;  // "dealer_takes: 4"
  std::vector<std::string> hooks;   // "step_done: {call: ...}"
  std::string layout_clears;        // "true"/"false" when the file decides it, else ""
  std::string problem;
};

Replacement replacement_for(const DocNode& fishing) {
  Replacement r;
  int dealer = 0, fourth = 0;
  bool stuck = false, decides = false;
  if (const DocNode* s = fishing.find("specials"); s && s->is_map()) {
    if (const std::string ranks = words_of(s->find("ranks")); !ranks.empty()) r.params.push_back("special_ranks: " + ranks);
    if (const std::string n = scalar_of(s->find("dealer_takes")); !n.empty())
      r.params.push_back("dealer_takes: " + n), dealer = std::atoi(n.c_str()), decides = true;
    if (const std::string n = scalar_of(s->find("fourth_takes")); !n.empty())
      r.params.push_back("taken_together: " + n), fourth = std::atoi(n.c_str()), decides = true;
  }
  if (const DocNode* d = fishing.find("redeal"); d && d->is_map()) {
    if (const std::string n = scalar_of(d->find("special_rank_at_least")); !n.empty())
      r.params.push_back("redeal_special_at_least: " + n);
    if (const std::string n = scalar_of(d->find("stuck_layout")); !n.empty())
      r.params.push_back("redeal_stuck: " + n), stuck = n == "true", decides = true;
  }
  if (fishing.find("specials") || fishing.find("redeal"))
    r.hooks.push_back("step_done: {call: fishing_specials.first_layout}");
  if (const DocNode* b = fishing.find("bonuses"); b && b->is_map() && !b->map.empty()) {
    if (b->map.size() > 1) {
      r.problem = "fishing.bonuses has " + std::to_string(b->map.size()) +
                  " lines; fishing_specials.capture_bonus pays one: write a captured hook of your own (docs/lua-api.md)";
      return r;
    }
    const DocNode& line = *b->map[0].value;
    r.params.push_back("bonus_cards: " + words_of(line.find("cards")));
    r.params.push_back("bonus_from_each: " + scalar_of(line.find("from_each")));
    r.hooks.push_back("captured: {call: fishing_specials.capture_bonus, cards: [" + words_of(line.find("cards"), ", ") +
                      "]}");
  }
  // The earlier format promised an empty layout with both specials or the
  // stuck-layout redeal; values this file does not write count as absent,
  // which can only weaken the check, never make a deal fail it wrongly.
  if (decides) r.layout_clears = (dealer > 0 && fourth > 0) || stuck ? "true" : "false";
  return r;
}

std::string flow_map(const std::vector<std::string>& items) {
  std::string out = "{";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + "}";
}

// Edits for one map that may hold `fishing` (the top level, an option value).
void upgrade_owner(const DocNode& owner, const std::string& where, const std::vector<std::string>& lines,
                   std::vector<Edit>& edits, UpgradeResult& out) {
  const DocEntry* fe = owner.find_entry("fishing");
  if (!fe || !fe->value->is_map()) return;
  const DocNode& fishing = *fe->value;
  std::vector<const DocEntry*> retired;
  for (const auto& e : fishing.map)
    if (e.key == "specials" || e.key == "redeal" || e.key == "bonuses") retired.push_back(&e);
  if (retired.empty()) return;
  const std::string path = where.empty() ? "fishing" : where + ".fishing";
  Replacement r = replacement_for(fishing);
  std::vector<std::string> hooks_items = {"libraries: [fishing_specials]"};
  hooks_items.insert(hooks_items.end(), r.hooks.begin(), r.hooks.end());
  const std::string hooks_line = "hooks: " + flow_map(hooks_items);
  const std::string params_line = "hook_params: " + flow_map(r.params);
  std::string problem = r.problem;
  if (problem.empty() && (owner.find("hooks") || owner.find("hook_params")))
    problem = "this map already has hooks or hook_params: merge into them by hand: " + hooks_line + "; " + params_line;
  bool block = starts_line(lines, fe->key_pos);
  for (const DocEntry* e : retired) block = block && starts_line(lines, e->key_pos);
  if (problem.empty() && !block)
    problem = "written inline: replace " + path + "." + retired[0]->key + " by hand with " + hooks_line + " and " +
              params_line + (r.layout_clears.empty() ? "" : " and fishing.layout_clears: " + r.layout_clears);
  if (!problem.empty()) {
    out.problems.error(retired[0]->key_pos, path + "." + retired[0]->key, problem);
    return;
  }
  const int fishing_indent = fe->key_pos.col - 1;
  const int fishing_line = fe->key_pos.line - 1;
  const int fishing_end = block_end(lines, fishing_line, fishing_indent);
  const std::string pad(size_t(fishing_indent), ' ');
  // Beside `fishing`, after its block (edits are applied from the bottom up).
  edits.push_back({fishing_end + 1, fishing_end, {pad + hooks_line, pad + params_line}});
  const bool keeps_clears = fishing.find("layout_clears") != nullptr;
  const bool emptied = retired.size() == fishing.map.size() && (r.layout_clears.empty() || keeps_clears);
  if (emptied) {
    edits.push_back({fishing_line, fishing_end, {}});
  } else {
    for (size_t i = 0; i < retired.size(); ++i) {
      const DocEntry& e = *retired[i];
      const int first = e.key_pos.line - 1;
      Edit cut{first, block_end(lines, first, e.key_pos.col - 1), {}};
      if (i == 0 && !r.layout_clears.empty() && !keeps_clears)
        cut.lines.push_back(std::string(size_t(e.key_pos.col - 1), ' ') + "layout_clears: " + r.layout_clears);
      edits.push_back(cut);
    }
  }
  std::string keys;
  for (const DocEntry* e : retired) keys += (keys.empty() ? "" : ", ") + path + "." + e->key;
  out.changes.push_back(keys + " -> " + (where.empty() ? "" : where + ".") + "hooks and hook_params (fishing_specials)" +
                        (r.layout_clears.empty() || keeps_clears ? "" : ", " + path + ".layout_clears: " + r.layout_clears));
}

// ---- The numeric auction: `- auction` + `auction:` -> the calls step ----

// A word replaced inside a line (`- auction` -> `- {calls: {...}}`): applied
// before the line edits, it keeps the number of lines.
struct WordEdit {
  int line = 0, col = 0;  // 0-based
  size_t length = 0;
  std::string text;
};

// The calls step the `auction` key spells, as a flow map, or "" with `problem` set.
std::string calls_step_for(const DocNode& auction, std::string& problem) {
  auto value = [&](const char* key) -> std::string {
    const DocNode* n = auction.find(key);
    if (n && !n->is_scalar()) problem = std::string("auction.") + key + " is not a single value";
    return scalar_of(n);
  };
  const std::string min = value("min_bid"), max = value("max_bid");
  if (min.empty() || max.empty()) problem = "auction needs min_bid and max_bid";
  std::vector<std::string> items = {"calls: {word: bid, from: " + min + ", to: " + max + "}"};
  for (const char* key : {"opener", "opener_must_bid", "reentry", "partner_overcall_min", "passes_to_end"}) {
    const std::string v = value(key);
    // passes_to_end 0 was "every other seat", the calls step's default.
    if (!v.empty() && !(std::string(key) == "passes_to_end" && v == "0")) items.push_back(std::string(key) + ": " + v);
  }
  for (const auto& e : auction.map)
    if (std::string(" min_bid max_bid opener opener_must_bid reentry partner_overcall_min passes_to_end ")
            .find(" " + e.key + " ") == std::string::npos)
      problem = "auction." + e.key + " is not a key of the auction";
  return "{calls: " + flow_map(items) + "}";
}

// Edits for one map that may hold `deal` with `auction` steps and the `auction`
// key (the top level, an option value); `top` is the file's top level, whose
// `auction` key an option value's steps use when it has none of its own.
void upgrade_auction(const DocNode& owner, const DocNode& top, const std::string& where,
                     const std::vector<std::string>& lines, std::vector<Edit>& edits, std::vector<WordEdit>& words,
                     bool& steps_found, UpgradeResult& out) {
  const std::string prefix = where.empty() ? "" : where + ".";
  const DocEntry* own = owner.find_entry("auction");
  const DocEntry* key = own ? own : top.find_entry("auction");
  int rewritten = 0;
  if (const DocNode* deal = owner.find("deal"); deal && deal->is_seq()) {
    for (size_t i = 0; i < deal->seq.size(); ++i) {
      const DocNode& step = *deal->seq[i];
      const std::string path = prefix + "deal[" + std::to_string(i) + "]";
      const bool named = (step.is_scalar() && step.scalar == "auction") ||
                         (step.is_map() && step.map.size() == 1 && step.map[0].key == "auction");
      if (!named) continue;
      steps_found = true;
      if (!key || !key->value->is_map()) {
        out.problems.error(step.pos, path, "an auction step without the auction key: write the calls step by hand");
        continue;
      }
      std::string problem;
      const std::string calls = calls_step_for(*key->value, problem);
      const int line = step.pos.line - 1, col = step.pos.col - 1;
      if (problem.empty() && (!step.is_scalar() || line < 0 || line >= int(lines.size()) ||
                              lines[size_t(line)].compare(size_t(col), 7, "auction") != 0))
        problem = "written as a map or in quotes: replace it by hand with " + calls;
      if (!problem.empty()) {
        out.problems.error(step.pos, path, problem);
        continue;
      }
      words.push_back({line, col, 7, calls});
      out.changes.push_back(path + ": auction -> " + calls);
      ++rewritten;
    }
  }
  if (!own) return;
  const std::string path = prefix + "auction";
  // An option value's key serves its own steps; the top-level one every step of
  // the file (the option values are upgraded first).
  if (where.empty() ? !steps_found : rewritten == 0) {
    out.problems.error(own->key_pos, path,
                       where.empty() ? "no auction step of this file uses it (a file it extends has the step?): "
                                       "write the calls step with these keys by hand"
                                     : "an option value's auction without its own deal steps: write the option "
                                       "value's deal with the calls step by hand");
    return;
  }
  if (!starts_line(lines, own->key_pos)) {
    out.problems.error(own->key_pos, path, "written inline: delete it by hand once the steps are calls steps");
    return;
  }
  const int first = own->key_pos.line - 1;
  int last = block_end(lines, first, own->key_pos.col - 1);
  // The blank line after a removed block goes with it.
  if (last + 1 < int(lines.size()) && lines[size_t(last + 1)].find_first_not_of(' ') == std::string::npos &&
      first > 0 && lines[size_t(first - 1)].find_first_not_of(' ') == std::string::npos)
    ++last;
  edits.push_back({first, last, {}});
  out.changes.push_back(path + " removed (its keys are the calls step's)");
}

// ---- play.must_*: the older spelling of play.obligations ----

// Edits for one map that may hold `play` (the top level, an option value): the
// must_* keys become `obligations: [...]` where the first stood, unless the
// map lists obligations already (the keys had to agree with it: they go).
void upgrade_obligations(const DocNode& owner, const std::string& where, const std::vector<std::string>& lines,
                         std::vector<Edit>& edits, std::vector<WordEdit>& words, UpgradeResult& out) {
  const DocNode* play = owner.find("play");
  if (!play || !play->is_map()) return;
  std::vector<const DocEntry*> old;
  for (const auto& e : play->map)
    if (e.key == "must_follow_suit" || e.key == "must_trump_when_void" || e.key == "must_overtrump") old.push_back(&e);
  if (old.empty()) return;
  const std::string path = (where.empty() ? "" : where + ".") + "play";
  auto written = [&](const char* key, bool fallback) {
    const DocNode* n = play->find(key);
    return n ? n->scalar == "true" : fallback;
  };
  std::vector<std::string> list;
  if (written("must_follow_suit", true)) list.push_back("follow_suit");
  if (written("must_trump_when_void", false)) list.push_back("trump_if_void");
  if (written("must_overtrump", false)) list.push_back("overruff");
  std::string replacement = "obligations: [";
  for (size_t i = 0; i < list.size(); ++i) replacement += (i ? ", " : "") + list[i];
  replacement += "]";
  const bool listed = play->find("obligations") != nullptr;
  std::vector<WordEdit> mine;
  std::vector<Edit> cuts;
  for (size_t i = 0; i < old.size(); ++i) {
    const DocEntry& e = *old[i];
    const int line = e.key_pos.line - 1, col = e.key_pos.col - 1;
    const DocNode& v = *e.value;
    const bool plain = v.is_scalar() && v.pos.line == e.key_pos.line && line >= 0 && line < int(lines.size()) &&
                       lines[size_t(line)].compare(size_t(v.pos.col - 1), v.scalar.size(), v.scalar) == 0;
    if (!plain) {
      out.problems.error(e.key_pos, path + "." + e.key, "written over several lines or in quotes: replace the must_* keys by hand with " + replacement);
      return;
    }
    const std::string& text = lines[size_t(line)];
    size_t begin = size_t(col), end = size_t(v.pos.col - 1) + v.scalar.size();
    const bool first = i == 0 && !listed;
    if (starts_line(lines, e.key_pos)) {
      if (first) mine.push_back({line, col, end - begin, replacement});
      else cuts.push_back({line, line, {}});
      continue;
    }
    if (first) {
      mine.push_back({line, col, end - begin, replacement});
      continue;
    }
    // In a flow map: the entry and one separator go.
    size_t after = end;
    while (after < text.size() && text[after] == ' ') ++after;
    if (after < text.size() && text[after] == ',') {
      ++after;
      while (after < text.size() && text[after] == ' ') ++after;
      end = after;
    } else {
      size_t before = begin;
      while (before > 0 && text[before - 1] == ' ') --before;
      if (before > 0 && text[before - 1] == ',') begin = before - 1;
    }
    mine.push_back({line, int(begin), end - begin, ""});
  }
  words.insert(words.end(), mine.begin(), mine.end());
  edits.insert(edits.end(), cuts.begin(), cuts.end());
  std::string keys;
  for (const DocEntry* e : old) keys += (keys.empty() ? "" : ", ") + path + "." + e->key;
  out.changes.push_back(keys + (listed ? " removed (play.obligations is written)"
                                       : " -> " + path + "." + replacement +
                                             (play->find("must_follow_suit") ? "" : " (must_follow_suit: true, the default)")));
}

// ---- keys taken out because no game used them (schema.cc, removed_key_hint) ----
// Their defaults are what the engine now always does, so the key's lines are
// cut; one written inside a flow map (`teams: {names: [...]}`) is reported.
void cut_removed_keys(const DocNode& owner, const std::string& where, const std::vector<std::string>& lines,
                      std::vector<Edit>& edits, UpgradeResult& out) {
  struct Removed {
    const char* parent_path;  // the owning map, from `owner`
    const char* key;
  };
  static const Removed kRemoved[] = {{"teams", "names"}, {"melds.sequences", "name"}, {"play.first_lead", "otherwise"}};
  for (const Removed& r : kRemoved) {
    const DocNode* parent = &owner;
    std::string path = where;
    for (std::string rest = r.parent_path; parent && !rest.empty();) {
      const size_t dot = rest.find('.');
      const std::string part = rest.substr(0, dot);
      parent = parent->is_map() ? parent->find(part) : nullptr;
      path += (path.empty() ? "" : ".") + part;
      rest = dot == std::string::npos ? "" : rest.substr(dot + 1);
    }
    if (!parent || !parent->is_map()) continue;
    for (const DocEntry& e : parent->map) {
      if (e.key != r.key) continue;
      const std::string key_path = path + "." + e.key;
      if (!starts_line(lines, e.key_pos)) {
        out.problems.error(e.key_pos, key_path, "written inline: delete " + key_path + " by hand (no longer a key)");
        continue;
      }
      const int line = e.key_pos.line - 1;
      edits.push_back({line, block_end(lines, line, e.key_pos.col - 1), {}});
      out.changes.push_back(key_path + " cut (no longer a key)");
    }
  }
}

}  // namespace

UpgradeResult upgrade_ruleset_text(const std::string& text, const std::string& name) {
  UpgradeResult out;
  out.text = text;
  DocNodePtr doc = parse_yaml_text(text, name, out.problems);
  if (!doc || !doc->is_map()) return out;
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<Edit> edits;
  std::vector<WordEdit> words;
  bool auction_steps = false;
  // The option values first: the top-level auction key is removed once every
  // step that used it, theirs included, is a calls step.
  if (const DocNode* options = doc->find("options"); options && options->is_map())
    for (const auto& option : options->map)
      if (const DocNode* values = option.value->find("values"); values && values->is_map())
        for (const auto& value : values->map)
          if (value.value->is_map()) {
            const std::string where = "options." + option.key + ".values." + value.key;
            upgrade_owner(*value.value, where, lines, edits, out);
            upgrade_auction(*value.value, *doc, where, lines, edits, words, auction_steps, out);
            upgrade_obligations(*value.value, where, lines, edits, words, out);
            cut_removed_keys(*value.value, where, lines, edits, out);
          }
  upgrade_owner(*doc, "", lines, edits, out);
  upgrade_auction(*doc, *doc, "", lines, edits, words, auction_steps, out);
  upgrade_obligations(*doc, "", lines, edits, words, out);
  cut_removed_keys(*doc, "", lines, edits, out);
  if (!out.problems.empty()) {
    out.changes.clear();
    return out;
  }
  std::sort(words.begin(), words.end(),
            [](const WordEdit& a, const WordEdit& b) { return a.line != b.line ? a.line > b.line : a.col > b.col; });
  for (const WordEdit& w : words) {
    std::string& line = lines[size_t(w.line)];
    // A comment aligned after the word keeps one space more than it had room for.
    const size_t after = size_t(w.col) + w.length;
    const size_t pad_end = line.find_first_not_of(' ', after);
    if (pad_end != std::string::npos && line[pad_end] == '#' && pad_end > after && w.text.size() > w.length) {
      const size_t pad = pad_end - after, grow = w.text.size() - w.length;
      const size_t keep = std::min(pad, std::max<size_t>(2, pad > grow ? pad - grow : 0));
      line.erase(after, pad - keep);
    }
    line.replace(size_t(w.col), w.length, w.text);
  }
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.first > b.first; });
  for (const Edit& e : edits) {
    auto at = lines.begin() + e.first;
    if (e.last >= e.first) at = lines.erase(at, lines.begin() + e.last + 1);
    lines.insert(at, e.lines.begin(), e.lines.end());
  }
  std::string joined;
  for (const auto& line : lines) joined += line + "\n";
  out.text = joined;
  return out;
}

}  // namespace hukum
