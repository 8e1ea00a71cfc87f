// The `fishing` key -> FishingRules, for the ruleset's seat count: capture
// masks per card, deal sizes (and the deal plan: hands one card at a time,
// then the layout), the layout_clears promise, the points table (into
// Ruleset::plain_points, so every points reader works unchanged), thresholds
// and majorities. Cross-field checks: ranks and cards against the deck, a table
// entry for the seat count, and deal sizes against the deck (each turn turns
// one stock card, so the stock left after the layout must equal the hands).
#include <algorithm>

#include "ruleset/loader.h"

namespace hukum {

namespace {

struct FishingCompiler {
  const DocNode& doc;  // the `fishing` map
  const DocNode* hooks;  // the ruleset's `hooks` map, if any
  Ruleset& r;
  Diagnostics& diags;
  FishingRules& f;

  void error(const DocNode& at, const std::string& path, std::string message, std::string expected = {}) {
    diags.error(at.pos, written_path(at, path), std::move(message), std::move(expected));
  }

  int rank(const DocNode& n, const std::string& path) {
    int k = r.deck.rank_index(n.scalar);
    if (k < 0)
      error(n, path, "unknown rank " + in_quotes(n.scalar) + did_you_mean(n.scalar, r.deck.ranks),
            "one of: " + comma_list(r.deck.ranks));
    return k;
  }

  CardSet rank_cards(int k) const {
    CardSet out;
    for (size_t c = 0; c < r.deck.cards.size(); ++c)
      if (r.deck.cards[c].rank == k) out.add(Card(c));
    return out;
  }

  // The entry of a per-player-count table for this ruleset's seat count.
  int for_seats(const DocNode& table, const std::string& path, std::map<int, int>& written, bool needed) {
    for (const auto& e : table.map) {
      int players = 0;
      try {
        players = std::stoi(e.key);
      } catch (...) {
      }
      if (players < 2 || players > kMaxSeats || std::to_string(players) != e.key) {
        diags.error(e.key_pos, written_path(table, path), "key " + in_quotes(e.key) + " is not a player count",
                    "a number of players from 2 to " + std::to_string(kMaxSeats));
        continue;
      }
      if (e.value->scalar == "none") continue;  // removed by a variant
      size_t used = 0;
      int value = -1;
      try {
        value = std::stoi(e.value->scalar, &used);
      } catch (...) {
      }
      if (value < 0 || used != e.value->scalar.size()) {
        error(*e.value, join_path(path, e.key), in_quotes(e.value->scalar) + " is not a number of cards or points",
              "a whole number of at least 0, or none to remove the entry");
        continue;
      }
      written[players] = value;
    }
    auto it = written.find(r.seats);
    if (it != written.end()) return it->second;
    if (needed)
      error(table, path, "no entry for " + std::to_string(r.seats) + " players",
            "an entry " + std::to_string(r.seats) + ": N");
    return 0;
  }

  std::string unused_text() const {
    return f.stock_unused ? " (and " + std::to_string(f.stock_unused) + " stock cards unused)" : "";
  }
  void compile_capture();
  void compile_deal();
  void compile_turns();
  void compile_scoring();
  void compile_majorities();
  void compile_combinations();
  CardSet line_cards(const DocNode& line, const std::string& path, bool all_by_default);
  void check_layout_clears();
};

void FishingCompiler::compile_capture() {
  const DocNode& cap = *doc.find("capture");
  const size_t ranks = r.deck.ranks.size();
  f.rank_value.assign(ranks, 0);
  f.same_rank.assign(ranks, false);
  if (const DocNode* n = cap.find("pair_sum")) f.pair_sum = std::stoi(n->scalar);
  if (const DocNode* n = cap.find("by_sum")) f.by_sum = n->scalar == "true";
  f.sum_to_own_value = !cap.find("pair_sum");
  // A sum may use any number of cards unless max_targets bounds it.
  if (f.by_sum) f.max_targets = kMaxCards;
  if (const DocNode* n = cap.find("max_targets")) f.max_targets = std::stoi(n->scalar);
  if (const DocNode* n = cap.find("compulsory")) f.compulsory = n->scalar == "true";
  if (const DocNode* n = cap.find("rank_first")) {
    f.rank_first = n->scalar == "true";
    if (f.rank_first && !f.by_sum)
      error(*n, "fishing.capture.rank_first", "rank_first needs capture by sum",
            "by_sum: true (without it a card takes single cards only)");
  }
  if (const DocNode* n = cap.find("sets")) {
    f.all_sets = n->scalar == "all";
    if (f.all_sets && !f.by_sum)
      error(*n, "fishing.capture.sets", "taking several sets needs capture by sum", "by_sum: true, or sets: one");
  }
  if (const DocNode* b = doc.find("builds")) {
    f.builds = true;
    if (const DocNode* n = b->find("increase")) f.build_increase = n->scalar == "true";
    if (const DocNode* n = b->find("max_value")) f.build_max = std::stoi(n->scalar);
    // Each error at the key that conflicts, when written: an overlay's own line.
    if (const DocNode* pair = cap.find("pair_sum"))
      error(*pair, "fishing.capture.pair_sum", "builds need capture by sum to a card's own value, not to pair_sum",
            "no pair_sum with fishing.builds");
    else if (!f.by_sum)
      error(*b, "fishing.builds", "builds need capture by sum", "capture.by_sum: true");
    if (f.flip) {
      const DocNode* flip = doc.find("flip");
      error(flip ? *flip : *b, flip ? "fishing.flip" : "fishing.builds",
            "builds are made from the hand, and a turned stock card could take them from its owner",
            "flip: false (refill: true deals the stock)");
    }
  }
  f.rank_cards.clear();
  for (size_t k = 0; k < ranks; ++k) f.rank_cards.push_back(rank_cards(int(k)));
  if (const DocNode* values = cap.find("values")) {
    for (const auto& e : values->map) {
      int k = r.deck.rank_index(e.key);
      if (k < 0) {
        diags.error(e.key_pos, written_path(*values, "fishing.capture.values"),
                    "unknown rank " + in_quotes(e.key), "one of: " + comma_list(r.deck.ranks));
        continue;
      }
      f.rank_value[size_t(k)] = std::stoi(e.value->scalar);
    }
  }
  if (const DocNode* same = cap.find("same_rank")) {
    for (size_t i = 0; i < same->seq.size(); ++i) {
      const std::string path = index_path("fishing.capture.same_rank", i);
      int k = rank(*same->seq[i], path);
      if (k < 0) continue;
      if (f.rank_value[size_t(k)] != 0)
        error(*same->seq[i], path, "rank " + in_quotes(same->seq[i]->scalar) + " also has a capture value",
              "a rank pairs either by value or by rank");
      f.same_rank[size_t(k)] = true;
    }
  }
  // A capture_rule hook may give a rank its captures instead of the data:
  // bound for every card, or for some cards of that rank (`cards`).
  std::vector<bool> by_hook(ranks, false);
  if (const DocNode* rule = hooks ? hooks->find("capture_rule") : nullptr) {
    const DocNode* cards = rule->is_map() ? rule->find("cards") : nullptr;
    for (size_t k = 0; k < ranks; ++k) by_hook[k] = cards == nullptr;
    if (cards != nullptr)
      for (const auto& c : cards->seq)
        if (const Card card = r.deck.parse_card(c->scalar); card != kNoCard) by_hook[size_t(r.deck.cards[card].rank)] = true;
  }
  std::vector<std::string> idle;
  for (size_t k = 0; k < ranks; ++k)
    if (f.rank_value[k] == 0 && !f.same_rank[k] && !by_hook[k]) idle.push_back(r.deck.ranks[k]);
  if (!idle.empty())
    error(cap, "fishing.capture", "rank(s) " + comma_list(idle) + " can never capture",
          "a value in 'values' or a place in 'same_rank' for every rank, or a capture_rule hook for its cards");
  int highest = 0;
  for (int v : f.rank_value) highest = std::max(highest, v);
  f.value_cards.assign(size_t(highest) + 1, CardSet());
  for (size_t c = 0; c < r.deck.cards.size(); ++c)
    if (const int v = f.rank_value[size_t(r.deck.cards[c].rank)]; v > 0) f.value_cards[size_t(v)].add(Card(c));
  if (f.builds && f.build_max == 0)
    for (int v : f.rank_value) f.build_max = std::min(31, std::max(f.build_max, v));  // build values are bits of a word
  const size_t n = r.deck.cards.size();
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      if (a == b) continue;
      const int ra = r.deck.cards[a].rank, rb = r.deck.cards[b].rank;
      const int va = f.rank_value[size_t(ra)], vb = f.rank_value[size_t(rb)];
      // By sum, `captures` holds every card that may be part of a set (a value
      // small enough), or of the rank the card must take alone.
      const int sum_room = f.sum_to_own_value ? va : f.pair_sum - va;
      const bool in_set = f.same_rank[size_t(ra)] ? ra == rb
                          : (f.rank_first && ra == rb) || (va > 0 && vb > 0 && !f.same_rank[size_t(rb)] && vb <= sum_room);
      const bool pairs = f.by_sum ? in_set : f.same_rank[size_t(ra)]
                             ? ra == rb
                             : f.rank_value[size_t(ra)] > 0 && f.rank_value[size_t(rb)] > 0 &&
                                   !f.same_rank[size_t(rb)] &&
                                   f.rank_value[size_t(ra)] + f.rank_value[size_t(rb)] == f.pair_sum;
      if (pairs) f.captures[a].add(Card(b));
    }
}

void FishingCompiler::compile_deal() {
  const int hand = for_seats(*doc.find("hand_size"), "fishing.hand_size", f.hand_size_by_players, true);
  f.layout_size = for_seats(*doc.find("layout_size"), "fishing.layout_size", f.layout_size_by_players, true);
  if (const DocNode* t = doc.find("thresholds"))
    f.threshold = for_seats(*t, "fishing.thresholds", f.threshold_by_players, false);
  r.hand_size = hand;
  r.deal.clear();
  if (hand <= 0) {
    if (f.hand_size_by_players.count(r.seats)) error(*doc.find("hand_size"), "fishing.hand_size", "the deal gives no cards");
    return;
  }
  // Face down, one card at a time, from the dealer's next seat; then the layout.
  DealStep cards;
  cards.packets.assign(size_t(hand), 1);
  r.deal.push_back(cards);
  DealStep layout;
  layout.kind = DealStep::Kind::Layout;
  layout.count = f.layout_size;
  r.deal.push_back(layout);
  const int deck = int(r.deck.cards.size());
  if (const DocNode* n = doc.find("stock_unused")) {
    f.stock_unused = std::stoi(n->scalar);
    if (f.stock_unused > 0 && (f.refill || !f.flip))
      error(*n, "fishing.stock_unused", "unused stock cards need turns that turn stock cards, without refills",
            "flip: true and refill: false, or no stock_unused");
  }
  const int stock = deck - hand * r.seats - f.layout_size - f.stock_unused;
  // Each hand of cards uses as many stock cards again when each play turns one.
  const int per_round = hand * r.seats * (f.flip ? 2 : 1);
  const int hands_first = hand * r.seats;
  if (f.refill) {
    if (stock < 0 || (stock + hands_first) % per_round != 0)
      error(*doc.find("hand_size"), "fishing.hand_size",
            std::to_string(r.seats) + " hands of " + std::to_string(hand) + " and a layout of " +
                std::to_string(f.layout_size) + unused_text() + " leave a stock of " + std::to_string(stock) +
                " cards from " + std::to_string(deck) + ", which the refills do not use up",
            "a stock that is a whole number of refills (" + std::to_string(hands_first) + " cards each" +
                (f.flip ? ", plus one turned card per play" : "") + ")");
  } else if (stock != (f.flip ? hands_first : 0)) {
    error(*doc.find("hand_size"), "fishing.hand_size",
          std::to_string(r.seats) + " hands of " + std::to_string(hand) + " and a layout of " +
              std::to_string(f.layout_size) + unused_text() + " leave a stock of " + std::to_string(stock) +
              " cards from " + std::to_string(deck),
          f.flip ? "a stock after the layout as large as all the hands together (each turn turns one card): " +
                       std::to_string((deck - f.layout_size - f.stock_unused) / 2) + " cards in hands"
                 : std::string("no stock left after the deal, or refill: true"));
  }
}

// How turns go on and how the deal ends: the turned card, refills, sweeps,
// the cards left on the layout.
void FishingCompiler::compile_turns() {
  if (const DocNode* n = doc.find("flip")) f.flip = n->scalar == "true";
  if (const DocNode* n = doc.find("refill")) f.refill = n->scalar == "true";
  if (const DocNode* sw = doc.find("sweeps")) {
    f.sweeps = true;
    if (const DocNode* n = sw->find("points")) f.sweep_points = std::stoi(n->scalar);
    if (const DocNode* n = sw->find("last_play")) f.sweep_on_last_play = n->scalar == "true";
  }
  if (const DocNode* n = doc.find("leftover"))
    f.leftover = n->scalar == "last_capturer" ? FishingLeftover::LastCapturer : FishingLeftover::Stay;
}

// fishing.layout_clears is a promise simulate and the conformance tests hold
// the ruleset to, over thousands of deals. One way to break it is certain and
// found here instead: a card that pairs with no card of the deck stays forever.
void FishingCompiler::check_layout_clears() {
  const DocNode* promise = doc.find("layout_clears");
  if (!promise || promise->scalar != "true") return;
  f.layout_clears = true;
  const DocNode& cap = *doc.find("capture");
  std::vector<bool> reported(r.deck.ranks.size(), false);
  for (size_t c = 0; c < r.deck.cards.size(); ++c) {
    const int k = r.deck.cards[c].rank;
    if (!f.captures[c].empty() || reported[size_t(k)] || f.by_sum) continue;
    reported[size_t(k)] = true;
    const DocNode* values = cap.find("values");
    const DocNode* at = values && values->find(r.deck.ranks[size_t(k)]) ? values->find(r.deck.ranks[size_t(k)]) : &cap;
    error(*at, "fishing.capture.values." + r.deck.ranks[size_t(k)],
          "rank " + in_quotes(r.deck.ranks[size_t(k)]) + " pairs with no card of the deck" +
              (f.same_rank[size_t(k)] ? std::string()
                                      : " (no rank has the value " + std::to_string(f.pair_sum) + " - " +
                                            std::to_string(f.rank_value[size_t(k)]) + ")") +
              ", so fishing.layout_clears cannot hold",
          "values that sum to pair_sum " + std::to_string(f.pair_sum));
  }
}

// The cards a scoring or majority line names: `cards`, plus the cards of
// `suits` and `ranks` (each alone meaning every suit or rank). With
// `all_by_default`, a line naming none covers the whole deck.
CardSet FishingCompiler::line_cards(const DocNode& line, const std::string& path, bool all_by_default) {
  CardSet out;
  if (const DocNode* cards = line.find("cards"))
    for (size_t i = 0; i < cards->seq.size(); ++i) {
      bool by_attribute = false;
      out |= attribute_item_cards(*cards->seq[i], index_path(path + ".cards", i), r, diags, &by_attribute);
      if (by_attribute) continue;
      Card c = r.deck.parse_card(cards->seq[i]->scalar);
      if (c == kNoCard)
        error(*cards->seq[i], index_path(path + ".cards", i),
              in_quotes(cards->seq[i]->scalar) + " is not a card of the deck", "a card such as 'AS'");
      else
        out.add(c);
    }
  const DocNode* suits = line.find("suits");
  const DocNode* ranks = line.find("ranks");
  bool by_attributes = false;
  const CardSet in_attributes = attribute_cards(line, path, r, diags, &by_attributes);
  if (suits || ranks || by_attributes) {
    CardSet in_suits = r.deck.all, in_ranks = r.deck.all;
    if (suits) {
      in_suits = CardSet();
      for (size_t i = 0; i < suits->seq.size(); ++i) {
        int s = r.deck.suit_index(suits->seq[i]->scalar);
        if (s < 0)
          error(*suits->seq[i], index_path(path + ".suits", i), "unknown suit " + in_quotes(suits->seq[i]->scalar),
                "one of: " + comma_list(r.deck.suits));
        else
          in_suits |= r.deck.suit_mask[size_t(s)];
      }
    }
    if (ranks) {
      in_ranks = CardSet();
      for (size_t i = 0; i < ranks->seq.size(); ++i)
        if (int k = rank(*ranks->seq[i], index_path(path + ".ranks", i)); k >= 0) in_ranks |= rank_cards(k);
    }
    out |= in_suits & in_ranks & in_attributes;
  }
  if (!line.find("cards") && !suits && !ranks && !by_attributes) {
    if (all_by_default) return r.deck.all;
    error(line, path, "the line names no cards", "cards, or suits, ranks and/or attributes");
  }
  return out;
}

// Named combinations of captured cards (fishing_rules.h FishingCombination).
void FishingCompiler::compile_combinations() {
  const DocNode* table = doc.find("combinations");
  if (!table) return;
  for (const auto& e : table->map) {
    const DocNode& line = *e.value;
    const std::string path = join_path("fishing.combinations", e.key);
    FishingCombination c;
    c.name = e.key;
    if (const DocNode* req = line.find("requires")) {
      for (size_t i = 0; i < req->seq.size(); ++i) {
        bool by_attribute = false;
        c.required |= attribute_item_cards(*req->seq[i], index_path(path + ".requires", i), r, diags, &by_attribute);
        if (by_attribute) continue;
        const Card card = r.deck.parse_card(req->seq[i]->scalar);
        if (card == kNoCard)
          error(*req->seq[i], index_path(path + ".requires", i),
                in_quotes(req->seq[i]->scalar) + " is not a card of the deck", "a card such as '1A'");
        else
          c.required.add(card);
      }
    }
    const bool names_cards = line.find("cards") || line.find("suits") || line.find("ranks") || line.find("attributes");
    if (names_cards) c.cards = line_cards(line, path, false);
    if (const DocNode* except = line.find("except"))
      for (size_t i = 0; i < except->seq.size(); ++i) {
        bool by_attribute = false;
        c.cards &= ~attribute_item_cards(*except->seq[i], index_path(path + ".except", i), r, diags, &by_attribute);
        if (by_attribute) continue;
        const Card card = r.deck.parse_card(except->seq[i]->scalar);
        if (card == kNoCard)
          error(*except->seq[i], index_path(path + ".except", i),
                in_quotes(except->seq[i]->scalar) + " is not a card of the deck", "a card such as '1A'");
        else
          c.cards.remove(card);
      }
    c.cards |= c.required;
    if (c.cards.empty()) {
      error(line, path, "the combination names no cards", "requires, cards, suits, ranks or attributes");
      continue;
    }
    c.min = c.cards.size();
    if (const DocNode* n = line.find("min")) c.min = std::stoi(n->scalar);
    if (c.min > c.cards.size())
      error(*line.find("min"), path + ".min",
            "min " + std::to_string(c.min) + " is more than the " + std::to_string(c.cards.size()) +
                " card(s) the combination counts",
            "at most " + std::to_string(c.cards.size()));
    if (c.min < c.required.size())
      error(*line.find("min"), path + ".min",
            "min " + std::to_string(c.min) + " is less than the " + std::to_string(c.required.size()) +
                " card(s) it requires",
            "at least " + std::to_string(c.required.size()));
    c.points = std::stoi(line.find("points")->scalar);
    if (const DocNode* n = line.find("per_extra")) c.per_extra = std::stoi(n->scalar);
    if (const DocNode* n = line.find("group")) {
      auto& groups = f.combination_groups;
      auto it = std::find(groups.begin(), groups.end(), n->scalar);
      c.group = int(it - groups.begin());
      if (it == groups.end()) groups.push_back(n->scalar);
    }
    f.combinations.push_back(c);
  }
  if (f.combinations.size() > 64)
    error(*table, "fishing.combinations", std::to_string(f.combinations.size()) + " combinations", "at most 64");
}

// Categories won by the side with the most (a tie scores nothing).
void FishingCompiler::compile_majorities() {
  const DocNode* table = doc.find("majorities");
  if (!table) return;
  for (const auto& e : table->map) {
    const DocNode& line = *e.value;
    const std::string path = join_path("fishing.majorities", e.key);
    FishingMajority m;
    m.name = e.key;
    m.cards = line_cards(line, path, true);
    if (const DocNode* n = line.find("points")) m.points = std::stoi(n->scalar);
    if (const DocNode* best = line.find("best_per_suit")) {
      m.best_per_suit = true;
      std::vector<int> rank_best(r.deck.ranks.size(), -1);
      for (const auto& b : best->map) {
        int k = r.deck.rank_index(b.key);
        if (k < 0) {
          diags.error(b.key_pos, written_path(*best, path + ".best_per_suit"), "unknown rank " + in_quotes(b.key),
                      "one of: " + comma_list(r.deck.ranks));
          continue;
        }
        rank_best[size_t(k)] = std::stoi(b.value->scalar);
      }
      std::vector<std::string> missing;
      for (size_t k = 0; k < rank_best.size(); ++k)
        if (rank_best[k] < 0 && !(m.cards & rank_cards(int(k))).empty()) missing.push_back(r.deck.ranks[k]);
      if (!missing.empty())
        error(*best, path + ".best_per_suit", "no value for rank(s) " + comma_list(missing),
              "a value for every rank of the line's cards");
      for (Card c : m.cards) m.best[c] = int16_t(std::max(0, rank_best[size_t(r.deck.cards[c].rank)]));
    }
    if (m.cards.empty()) error(line, path, "the line covers no card of the deck", "cards, suits or ranks of the deck");
    f.majorities.push_back(m);
  }
}

void FishingCompiler::compile_scoring() {
  const DocNode& table = *doc.find("scoring");
  r.plain_points.fill(0);
  for (const auto& e : table.map) {
    const DocNode& line = *e.value;
    const std::string path = join_path("fishing.scoring", e.key);
    FishingScoreLine out;
    out.name = e.key;
    out.cards = line_cards(line, path, false);
    const DocNode& points = *line.find("points");
    if (points.scalar == "face") {
      out.face = true;
    } else {
      try {
        size_t used = 0;
        out.points = std::stoi(points.scalar, &used);
        if (used != points.scalar.size()) throw std::invalid_argument("trailing text");
      } catch (...) {
        error(points, path + ".points", in_quotes(points.scalar) + " is neither a number nor face",
              "a number of points, or face");
      }
      // Card points are stored in 16 bits: a bigger number would wrap, not score.
      if (out.points < -1000 || out.points > 1000) {
        error(points, path + ".points", points.scalar + " is out of range", "a number from -1000 to 1000, or face");
        out.points = 0;
      }
    }
    if (const DocNode* n = line.find("min_players")) out.min_players = std::stoi(n->scalar);
    out.applies = r.seats >= out.min_players;
    if (out.applies)
      for (Card c : out.cards)
        r.plain_points[c] = int16_t(out.face ? f.rank_value[r.deck.cards[c].rank] : out.points);
    f.scoring.push_back(out);
  }
  r.trump_points = r.plain_points;
}

}  // namespace

void compile_fishing(const DocNode& doc, Ruleset& r, Diagnostics& diags) {
  for (const char* key : {"deal", "deal_packets", "card_points", "trump_card_points"})
    if (const DocNode* n = doc.find(key))
      diags.error(n->pos, written_path(*n, key), std::string("'") + key + "' is not used by family fishing",
                  "the deal and the points under 'fishing'");
  const DocNode* node = doc.find("fishing");
  if (!node) {
    const DocNode& family = *doc.find("family");
    diags.error(family.pos, written_path(family, "family"), "a fishing game needs the 'fishing' key",
                "fishing: {capture, hand_size, layout_size, scoring, ...}");
    return;
  }
  r.fishing = FishingRules();
  FishingCompiler c{*node, doc.find("hooks"), r, diags, r.fishing};
  c.compile_turns();
  c.compile_capture();
  c.compile_deal();
  c.check_layout_clears();
  c.compile_scoring();
  c.compile_majorities();
  c.compile_combinations();
}

}  // namespace hukum
