// deck.attributes -> Deck::attributes: per attribute, per value, the mask of
// its cards (each card at most one value of an attribute); and the
// `attributes` key of a line of data (fishing scoring, majorities,
// combinations), which selects cards by those values.
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
      for (size_t i = 0; i < v.value->seq.size(); ++i) {
        const DocNode& n = *v.value->seq[i];
        const Card c = r.deck.parse_card(n.scalar);
        if (c == kNoCard) {
          diags.error(n.pos, written_path(n, index_path(vpath, i)), in_quotes(n.scalar) + " is not a card of the deck",
                      "a card such as '1A'");
          continue;
        }
        // Every copy of the card (with deck.copies, `AS` means all of them).
        for (size_t k = 0; k < r.deck.cards.size(); ++k)
          if (r.deck.cards[k].suit == r.deck.cards[c].suit && r.deck.cards[k].rank == r.deck.cards[c].rank)
            cards.add(Card(k));
        if (seen.contains(c))
          diags.error(n.pos, written_path(n, index_path(vpath, i)),
                      in_quotes(n.scalar) + " already has a value of attribute " + in_quotes(a.key),
                      "each card at most one value of an attribute");
      }
      seen |= cards;
      attr.values.push_back(v.key);
      attr.cards.push_back(cards);
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

}  // namespace hukum
