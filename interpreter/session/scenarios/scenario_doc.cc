// Reading helpers for scenario files (see scenario_doc.h). Only names and
// shapes are checked here; what the values mean for a game is the engine's.
#include "session/scenarios/scenario_doc.h"

#include <algorithm>
#include <charconv>

namespace hukum {

void ScenarioDoc::error(const SourcePos& pos, const std::string& path, const std::string& message,
                        const std::string& expected) {
  diags_.error(pos, path, message, expected);
}

bool ScenarioDoc::is_map(const DocNode& node, const std::string& path) {
  if (node.is_map()) return true;
  error(node, path, std::string("expected a map, got ") + kind_name(node.kind));
  return false;
}

bool ScenarioDoc::check_map(const DocNode& node, const std::string& path,
                            const std::vector<std::string>& allowed) {
  if (!is_map(node, path)) return false;
  for (const auto& e : node.map) {
    if (std::find(allowed.begin(), allowed.end(), e.key) != allowed.end()) continue;
    std::string near = nearest_word(e.key, allowed);
    std::string message = "unknown key " + in_quotes(e.key);
    if (!near.empty()) message += " (did you mean " + in_quotes(near) + "?)";
    error(e.key_pos, path, message, "one of: " + comma_list(allowed));
  }
  return true;
}

std::optional<std::string> ScenarioDoc::scalar(const DocNode& node, const std::string& path) {
  if (node.is_scalar()) return node.scalar;
  error(node, path, std::string("expected a single value, got ") + kind_name(node.kind));
  return std::nullopt;
}

std::optional<int> ScenarioDoc::number(const DocNode& node, const std::string& path, bool negative_ok) {
  auto text = scalar(node, path);
  if (!text) return std::nullopt;
  int value = 0;
  auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || end != text->data() + text->size() || (value < 0 && !negative_ok)) {
    error(node, path, in_quotes(*text) + " is not a number", negative_ok ? "a whole number" : "a whole number, 0 or more");
    return std::nullopt;
  }
  return value;
}

std::optional<bool> ScenarioDoc::flag(const DocNode& node, const std::string& path) {
  auto text = scalar(node, path);
  if (!text) return std::nullopt;
  if (*text == "true") return true;
  if (*text == "false") return false;
  error(node, path, in_quotes(*text) + " is not a flag", "true or false");
  return std::nullopt;
}

std::string ScenarioDoc::seat_list() const { return comma_list(rules_->seat_names); }
std::string ScenarioDoc::team_list() const { return comma_list(rules_->team_names); }

int ScenarioDoc::seat_named(const std::string& name, const SourcePos& pos, const std::string& path) {
  for (int s = 0; s < rules_->seats; ++s)
    if (rules_->seat_names[size_t(s)] == name) return s;
  error(pos, path, "unknown seat " + in_quotes(name), "one of: " + seat_list());
  return -1;
}

int ScenarioDoc::seat(const DocNode& node, const std::string& path) {
  auto text = scalar(node, path);
  return text ? seat_named(*text, node.pos, path) : -1;
}

int ScenarioDoc::team_or_seat(const std::string& name, const SourcePos& pos, const std::string& path,
                              bool* is_team) {
  for (int t = 0; t < rules_->teams; ++t) {
    if (rules_->team_names[size_t(t)] == name) {
      *is_team = true;
      return t;
    }
  }
  for (int s = 0; s < rules_->seats; ++s) {
    if (rules_->seat_names[size_t(s)] == name) {
      *is_team = false;
      return s;
    }
  }
  error(pos, path, "unknown team or seat " + in_quotes(name),
        "a team (" + team_list() + ") or a seat (" + seat_list() + ")");
  return -1;
}

int ScenarioDoc::team_named(const std::string& name, const SourcePos& pos, const std::string& path) {
  for (int t = 0; t < rules_->teams; ++t)
    if (rules_->team_names[size_t(t)] == name) return t;
  error(pos, path, "unknown team " + in_quotes(name), "one of: " + team_list());
  return -1;
}

int ScenarioDoc::team(const DocNode& node, const std::string& path) {
  auto text = scalar(node, path);
  return text ? team_named(*text, node.pos, path) : -1;
}

int ScenarioDoc::suit(const DocNode& node, const std::string& path, bool allow_none) {
  auto text = scalar(node, path);
  if (!text) return -2;
  if (allow_none && *text == "none") return -1;
  int suit = rules_->deck.suit_index(*text);
  if (suit >= 0) return suit;
  error(node, path, "unknown suit " + in_quotes(*text),
        "one of: " + comma_list(rules_->deck.suits) + (allow_none ? ", none" : ""));
  return -2;
}

Card ScenarioDoc::card(const DocNode& node, const std::string& path) {
  auto text = scalar(node, path);
  if (!text) return kNoCard;
  Card c = rules_->deck.parse_card(*text);
  if (c == kNoCard)
    error(node, path, in_quotes(*text) + " is not a card of this deck",
          "canonical card text such as " + in_quotes(rules_->deck.card_text(0)));
  return c;
}

bool ScenarioDoc::cards(const DocNode& node, const std::string& path, std::vector<Card>* out) {
  out->clear();
  if (node.is_null()) return true;
  if (!node.is_seq()) {
    error(node, path, std::string("expected a list of cards, got ") + kind_name(node.kind));
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < node.seq.size(); ++i) {
    Card c = card(*node.seq[i], index_path(path, i));
    if (c == kNoCard) {
      ok = false;
    } else if (std::find(out->begin(), out->end(), c) != out->end()) {
      error(*node.seq[i], index_path(path, i), "card " + in_quotes(node.seq[i]->scalar) + " is listed twice");
      ok = false;
    } else {
      out->push_back(c);
    }
  }
  return ok;
}

std::string flow_text(const DocNode& node) {
  switch (node.kind) {
    case DocNode::Null: return "~";
    case DocNode::Scalar: return node.scalar.empty() ? "\"\"" : node.scalar;
    case DocNode::Sequence: {
      std::string out = "[";
      for (size_t i = 0; i < node.seq.size(); ++i) out += (i ? ", " : "") + flow_text(*node.seq[i]);
      return out + "]";
    }
    case DocNode::Map: {
      std::string out;
      for (size_t i = 0; i < node.map.size(); ++i) {
        const DocNode& v = *node.map[i].value;
        out += (i ? ", " : "") + node.map[i].key + ": " + (v.is_map() ? "{" + flow_text(v) + "}" : flow_text(v));
      }
      return out;
    }
  }
  return {};
}

}  // namespace hukum
