// deck.attributes -> Deck::attributes: per attribute, per value, the mask of
// its cards (each card at most one value of an attribute); and the
// `attributes` key of a line of data (fishing scoring, majorities,
// combinations), which selects cards by those values; and an item of a list
// of cards written `attribute=value` (attribute_item), so that every list of
// cards (trump orders, combinations, hooks' cards) may name them by value.
#include <algorithm>

#include "ruleset/loader.h"

namespace hukum {

void compile_attributes(const DocNode& deck, Ruleset& r, Diagnostics& diags) {
  const DocNode* table = deck.find("attributes");
  if (!table) return;
  for (const auto& a : table->map) {
    const std::string path = join_path("deck.attributes", a.key);
    if (r.deck.rank_index(a.key) >= 0 || a.key == "suit" || a.key == "rank")
      diags.error(a.key_pos, written_path(*table, path),
                  "attribute " + in_quotes(a.key) + " could be read as a rank, or as 'suit' or 'rank'",
                  "another name (kind, colour, ...)");
    CardAttribute attr;
    attr.name = a.key;
    CardSet seen;
    for (const auto& v : a.value->map) {
      const std::string vpath = join_path(path, v.key);
      CardSet cards;
      std::vector<CardSet> written;
      for (size_t i = 0; i < v.value->seq.size(); ++i) {
        const DocNode& n = *v.value->seq[i];
        const Card c = r.deck.parse_card(n.scalar);
        if (c == kNoCard) {
          diags.error(n.pos, written_path(n, index_path(vpath, i)), in_quotes(n.scalar) + " is not a card of the deck",
                      "a card such as '1A'");
          continue;
        }
        // Every copy of the card (with deck.copies, `AS` means all of them).
        CardSet face;
        for (size_t k = 0; k < r.deck.cards.size(); ++k)
          if (r.deck.cards[k].suit == r.deck.cards[c].suit && r.deck.cards[k].rank == r.deck.cards[c].rank)
            face.add(Card(k));
        if (!(cards & face).empty()) {
          diags.error(n.pos, written_path(n, index_path(vpath, i)), in_quotes(n.scalar) + " is listed twice",
                      "each card once");
          continue;
        }
        cards |= face;
        written.push_back(face);
        if (seen.contains(c))
          diags.error(n.pos, written_path(n, index_path(vpath, i)),
                      in_quotes(n.scalar) + " already has a value of attribute " + in_quotes(a.key),
                      "each card at most one value of an attribute");
      }
      seen |= cards;
      attr.values.push_back(v.key);
      attr.cards.push_back(cards);
      attr.written.push_back(std::move(written));
    }
    r.deck.attributes.push_back(std::move(attr));
  }
}

CardSet attribute_cards(const DocNode& line, const std::string& path, const Ruleset& r, Diagnostics& diags,
                        bool* named) {
  CardSet out = r.deck.all;
  const DocNode* table = line.find("attributes");
  *named = table != nullptr;
  if (!table) return out;
  std::vector<std::string> names;
  for (const auto& a : r.deck.attributes) names.push_back(a.name);
  for (const auto& e : table->map) {
    const std::string apath = join_path(path + ".attributes", e.key);
    const int index = r.deck.attribute_index(e.key);
    if (index < 0) {
      diags.error(e.key_pos, written_path(*table, apath),
                  "unknown attribute " + in_quotes(e.key) + did_you_mean(e.key, names),
                  names.empty() ? "an attribute declared under deck.attributes" : "one of: " + comma_list(names));
      continue;
    }
    const CardAttribute& attr = r.deck.attributes[size_t(index)];
    CardSet with;
    for (size_t i = 0; i < e.value->seq.size(); ++i) {
      const std::string& value = e.value->seq[i]->scalar;
      size_t v = 0;
      while (v < attr.values.size() && attr.values[v] != value) ++v;
      if (v == attr.values.size()) {
        diags.error(e.value->seq[i]->pos, written_path(*e.value->seq[i], index_path(apath, i)),
                    "attribute " + in_quotes(e.key) + " has no value " + in_quotes(value) +
                        did_you_mean(value, attr.values),
                    "one of: " + comma_list(attr.values));
        continue;
      }
      with |= attr.cards[v];
    }
    out &= with;
  }
  return out;
}

bool attribute_item(const DocNode& n, const std::string& path, const Ruleset& r, Diagnostics& diags,
                    std::vector<CardSet>& faces) {
  const std::string& text = n.scalar;
  const size_t equals = text.find('=');
  if (equals == std::string::npos) return false;
  const std::string name = text.substr(0, equals), value = text.substr(equals + 1);
  const int index = r.deck.attribute_index(name);
  if (index < 0) {
    std::vector<std::string> names;
    for (const auto& a : r.deck.attributes) names.push_back(a.name);
    diags.error(n.pos, written_path(n, path), "unknown attribute " + in_quotes(name) + did_you_mean(name, names),
                names.empty() ? "a card, or attribute=value with an attribute declared under deck.attributes"
                              : "a card, or attribute=value with one of: " + comma_list(names));
    return true;
  }
  const CardAttribute& attr = r.deck.attributes[size_t(index)];
  const auto v = std::find(attr.values.begin(), attr.values.end(), value);
  if (v == attr.values.end()) {
    diags.error(n.pos, written_path(n, path),
                "attribute " + in_quotes(name) + " has no value " + in_quotes(value) + did_you_mean(value, attr.values),
                "one of: " + comma_list(attr.values));
    return true;
  }
  const std::vector<CardSet>& written = attr.written[size_t(v - attr.values.begin())];
  faces.insert(faces.end(), written.begin(), written.end());
  return true;
}

CardSet attribute_item_cards(const DocNode& n, const std::string& path, const Ruleset& r, Diagnostics& diags,
                             bool* named) {
  std::vector<CardSet> faces;
  *named = attribute_item(n, path, r, diags, faces);
  CardSet out;
  for (const CardSet& f : faces) out |= f;
  return out;
}

}  // namespace hukum
