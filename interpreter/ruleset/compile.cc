// Resolved, schema-checked document -> Ruleset. Owns the meaning of every key
// and the checks that need several keys at once (cards against the deck, deal
// size against deck size, names against declared names, ...). Types and key
// names were already checked by schema.cc, so values parse here without fail.
// ORDER SCHEMA-DEFAULTS: defaults applied here are documented in schema.cc.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>

#include "ruleset/loader.h"
#include "ruleset/input_file.h"

namespace hukum {

namespace {

namespace fs = std::filesystem;



int to_int(const DocNode& node) { return std::stoi(node.scalar); }
bool to_bool(const DocNode& node) { return node.scalar == "true"; }

template <typename Enum, size_t N>
Enum to_enum(const DocNode& node, const std::array<const char*, N>& words) {
  for (size_t i = 0; i < N; ++i)
    if (node.scalar == words[i]) return Enum(i);
  return Enum(0);  // unreachable after validation
}

// ORDER SEATREF / DEALERRULE / TRUMPMETHOD / COUNTER / HOOKWHEN / DIRECTION
constexpr std::array<const char*, 7> kSeatRefWords{"dealer", "dealer_next", "dealer_previous",
                                                   "dealer_partner", "bidder", "bidder_next", "bidder_partner"};
constexpr std::array<const char*, 5> kDealerRuleWords{"same", "next", "next_teammate", "previous",
                                                      "lowest_score"};
constexpr std::array<const char*, 4> kTrumpMethodWords{"none", "fixed", "random_card",
                                                       "first_discard"};
constexpr std::array<const char*, 2> kCounterWords{"points", "tricks"};
constexpr std::array<const char*, 5> kHookWhenWords{"always", "trump_unset", "trump_set", "hidden_card", "last_trick"};
constexpr std::array<const char*, 3> kDirectionWords{"clockwise", "counterclockwise", "alternate"};

struct Compiler {
  const DocNode& doc;
  Ruleset& r;
  Diagnostics& diags;
  bool deck_ok = false;

  void error(const DocNode& at, const std::string& path, std::string message,
             std::string expected = {}) {
    diags.error(at.pos, written_path(at, path), std::move(message), std::move(expected));
  }

  // A card of the deck from its text, or an explanation of why it is not one.
  struct CardRef {
    int suit = -1, rank = -1;
  };
  bool parse_card_text(const std::string& text, CardRef& out, std::string& why,
                       std::string& expected) const;

  void compile_family();
  void compile_seats();
  void compile_teams();
  void compile_deck();
  std::vector<int> compile_rank_order(const char* key, const std::vector<int>& fallback);
  std::vector<int> compile_rank_order(const DocNode* list, const std::string& key, const std::vector<int>& fallback);
  void compile_strengths();
  void compile_points(const char* key, std::array<int16_t, kMaxCards>& points);
  void compile_deal();
  void compile_bids_raise_declaration();
  bool has_auction() const;
  void finish_action_words();
  void check_registered_steps();
  void compile_play();
  void check_seat_ref(const DocNode& node, const std::string& path);
  void compile_result();
  void check_result_name(const DocNode& at, const std::string& path, const std::string& name);
  void compile_next_dealer();
  void compile_match();
  void compile_hooks();
  void compile_choose_step(const DocNode& n, const std::string& path, DealStep* out);
  void check_function_name(const DocNode& at, const std::string& path, const std::string& name);
  const DocNode* script_step_function(const std::string& kind) const;
  std::string action_word_problem(const std::string& word, std::string* expected) const;
  void compile_script_steps(const DocNode& steps);
  void compile_hook_params();
};

void Compiler::compile_family() {
  const DocNode* family = doc.find("family");
  r.family = family && family->scalar == "fishing" ? Family::Fishing : Family::TrickTaking;
  if (const DocNode* fishing = doc.find("fishing"); fishing && r.family != Family::Fishing)
    error(*fishing, "fishing", "'fishing' is only used with family fishing", "family: fishing");
}

void Compiler::compile_seats() {
  const DocNode* seats = doc.find("seats");
  const DocNode* names = nullptr;
  if (seats && seats->is_scalar()) r.seats = to_int(*seats);
  if (seats && seats->is_map()) {
    r.seats = to_int(*seats->find("count"));
    names = seats->find("names");
  }
  r.seat_names.clear();
  if (names) {
    if (int(names->seq.size()) != r.seats) {
      error(*names, "seats.names",
            std::to_string(names->seq.size()) + " names for " + std::to_string(r.seats) + " seats",
            std::to_string(r.seats) + " names");
    }
    std::set<std::string> seen;
    for (size_t i = 0; i < names->seq.size(); ++i) {
      const DocNode& n = *names->seq[i];
      if (n.scalar.empty()) error(n, index_path("seats.names", i), "empty seat name");
      if (!seen.insert(n.scalar).second)
        error(n, index_path("seats.names", i), "seat name " + in_quotes(n.scalar) + " is used twice");
      r.seat_names.push_back(n.scalar);
    }
  }
  if (int(r.seat_names.size()) != r.seats) {
    r.seat_names.clear();
    if (r.seats == 4) r.seat_names = {"N", "E", "S", "W"};
    for (int s = 0; r.seat_names.empty() && s < r.seats; ++s)
      r.seat_names.push_back("P" + std::to_string(s + 1));
    while (int(r.seat_names.size()) < r.seats)
      r.seat_names.push_back("P" + std::to_string(r.seat_names.size() + 1));
  }
}

void Compiler::compile_teams() {
  const DocNode* teams = doc.find("teams");
  std::vector<std::vector<int>> members;
  {
    bool alternate = teams && !(teams->find("layout") && teams->find("layout")->scalar == "none");
    // A count written beside layout none is a mistake; one inherited from the
    // file this one extends (or merged in by an option) belonged to the base's
    // layout, which this file changes: it no longer applies.
    const DocNode* written_count = teams ? teams->find("count") : nullptr;
    const DocNode* layout = teams ? teams->find("layout") : nullptr;
    if (!alternate && written_count && layout && written_count->pos.file == layout->pos.file &&
        written_count->origin_path == layout->origin_path)
      error(*written_count, "teams.count", "layout none has one team per seat; drop 'count'");
    int count = r.seats;
    if (alternate) {
      count = teams->find("count") ? to_int(*teams->find("count")) : 2;
      if (count > r.seats || r.seats % count != 0) {
        const DocNode& at = teams->find("count") ? *teams->find("count") : *teams;
        error(at, teams->find("count") ? "teams.count" : "teams",
              std::to_string(r.seats) + " seats cannot sit in " + std::to_string(count) +
                  " alternating teams",
              "a number of teams that divides the number of seats");
        count = r.seats;
      }
    }
    members.resize(size_t(count));
    for (int s = 0; s < r.seats; ++s) members[size_t(s % count)].push_back(s);
  }

  if (const DocNode* sides = teams ? teams->find("deal_sides") : nullptr)
    r.deal_sides = sides->scalar == "bidder_alone" ? Ruleset::DealSides::BidderAlone : Ruleset::DealSides::Teams;
  r.teams = int(members.size());
  r.team_of.fill(0);
  for (size_t t = 0; t < members.size(); ++t)
    for (int seat : members[t]) r.team_of[size_t(seat)] = uint8_t(t);

  // Team names: the member seat letters ("NS"), else team1...
  r.team_names.clear();
  {
    bool letters = std::all_of(r.seat_names.begin(), r.seat_names.end(),
                               [](const std::string& n) { return n.size() == 1; });
    for (size_t t = 0; t < members.size(); ++t) {
      std::string name;
      for (int seat : members[t]) name += r.seat_names[size_t(seat)];
      // A one-seat team (layout none) is called after its seat.
      r.team_names.push_back(letters || members[t].size() == 1 ? name : "team" + std::to_string(t + 1));
    }
  }
}

bool Compiler::parse_card_text(const std::string& text, CardRef& out, std::string& why,
                               std::string& expected) const {
  const Deck& d = r.deck;
  bool suffix_is_suit = false;
  for (size_t s = 0; s < d.suits.size(); ++s) {
    const std::string& suit = d.suits[s];
    if (text.size() <= suit.size() || text.compare(text.size() - suit.size(), suit.size(), suit))
      continue;
    suffix_is_suit = true;
    int rank = d.rank_index(text.substr(0, text.size() - suit.size()));
    if (rank >= 0) {
      out = {int(s), rank};
      return true;
    }
  }
  if (text.empty()) {
    why = "empty card";
    expected = "a card such as " + in_quotes(d.ranks[0] + d.suits[0]);
  } else if (suffix_is_suit) {
    why = "unknown rank " + in_quotes(text.substr(0, text.size() - 1)) + " in card " + in_quotes(text);
    expected = "one of: " + comma_list(d.ranks);
  } else {
    why = "unknown suit " + in_quotes(text.substr(text.size() - 1)) + " in card " + in_quotes(text);
    expected = "one of: " + comma_list(d.suits);
  }
  return false;
}

void Compiler::compile_deck() {
  const DocNode& deck = *doc.find("deck");
  Deck& d = r.deck;
  bool ok = true;
  auto names = [&](const char* key, std::vector<std::string>& out, size_t limit) {
    const DocNode& list = *deck.find(key);
    std::string path = join_path("deck", key);
    if (list.seq.empty()) {
      error(list, path, "the list is empty");
      ok = false;
    }
    if (list.seq.size() > limit) {
      error(list, path, std::to_string(list.seq.size()) + " entries, more than the " +
                            std::to_string(limit) + " supported");
      ok = false;
    }
    for (size_t i = 0; i < list.seq.size(); ++i) {
      const DocNode& n = *list.seq[i];
      if (n.scalar.empty()) {
        error(n, index_path(path, i), "empty name");
        ok = false;
      } else if (std::find(out.begin(), out.end(), n.scalar) != out.end()) {
        error(n, index_path(path, i), in_quotes(n.scalar) + " is listed twice");
        ok = false;
      }
      out.push_back(n.scalar);
    }
  };
  names("suits", d.suits, kMaxSuits);
  names("ranks", d.ranks, kMaxRanks);
  if (!ok) return;

  // deck.suit_ranks: a suit's own ranks in place of deck.ranks. The deck's
  // ranks become the union, each rank once, in the order first written, so
  // rank orders and points name any of them.
  std::vector<std::vector<int>> ranks_of(d.suits.size());
  for (size_t k = 0; k < d.ranks.size(); ++k)
    for (auto& list : ranks_of) list.push_back(int(k));
  if (const DocNode* map = deck.find("suit_ranks")) {
    for (const auto& e : map->map) {
      const std::string path = join_path("deck.suit_ranks", e.key);
      const int suit = d.suit_index(e.key);
      if (suit < 0) {
        diags.error(e.key_pos, path, "unknown suit " + in_quotes(e.key) + did_you_mean(e.key, d.suits),
                    "one of deck.suits: " + comma_list(d.suits));
        ok = false;
        continue;
      }
      std::vector<int>& own = ranks_of[size_t(suit)];
      own.clear();
      if (e.value->seq.empty()) {
        error(*e.value, path, "the list is empty", "the suit's ranks, such as [21, 20, 19]");
        ok = false;
      }
      for (size_t i = 0; i < e.value->seq.size(); ++i) {
        const DocNode& n = *e.value->seq[i];
        int rank = d.rank_index(n.scalar);
        if (n.scalar.empty()) {
          error(n, index_path(path, i), "empty name");
          ok = false;
          continue;
        }
        if (rank < 0) {
          rank = int(d.ranks.size());
          d.ranks.push_back(n.scalar);
        }
        if (std::find(own.begin(), own.end(), rank) != own.end()) {
          error(n, index_path(path, i), in_quotes(n.scalar) + " is listed twice");
          ok = false;
        }
        own.push_back(rank);
      }
    }
  }
  d.ranked = int(d.ranks.size());
  // deck.no_suit: cards named by a word alone, of no suit (an excuse, a joker).
  std::vector<int> no_suit_ranks;
  if (const DocNode* list = deck.find("no_suit")) {
    if (d.suits.size() > size_t(kMaxSuits - 2)) {
      error(*list, "deck.no_suit",
            "a deck with cards of no suit has at most " + std::to_string(kMaxSuits - 2) + " suits",
            "fewer suits");
      ok = false;
    }
    for (size_t i = 0; i < list->seq.size(); ++i) {
      const DocNode& n = *list->seq[i];
      const std::string path = index_path("deck.no_suit", i);
      CardRef as_card;
      std::string why, expected;
      if (n.scalar.empty()) {
        error(n, path, "empty name");
        ok = false;
      } else if (d.rank_index(n.scalar) >= 0) {
        error(n, path, in_quotes(n.scalar) + " is already a rank or a card of no suit",
              "a name of its own, such as EX");
        ok = false;
      } else if (parse_card_text(n.scalar, as_card, why, expected)) {
        error(n, path, in_quotes(n.scalar) + " already names a card of a suit", "a name of its own, such as EX");
        ok = false;
      } else {
        no_suit_ranks.push_back(int(d.ranks.size()));
        d.ranks.push_back(n.scalar);
      }
    }
  }
  if (d.ranks.size() > size_t(kMaxRanks)) {
    error(deck, "deck",
          "the deck has " + std::to_string(d.ranks.size()) + " ranks and cards of no suit, more than the " +
              std::to_string(kMaxRanks) + " supported",
          "at most " + std::to_string(kMaxRanks));
    return;
  }
  if (!ok) return;

  int copies = deck.find("copies") ? to_int(*deck.find("copies")) : 1;
  std::set<std::pair<int, int>> removed;
  if (const DocNode* remove = deck.find("remove")) {
    for (size_t i = 0; i < remove->seq.size(); ++i) {
      const DocNode& n = *remove->seq[i];
      CardRef c;
      std::string why, expected;
      if (!parse_card_text(n.scalar, c, why, expected)) {
        error(n, index_path("deck.remove", i), why, expected);
        ok = false;
      } else if (std::find(ranks_of[size_t(c.suit)].begin(), ranks_of[size_t(c.suit)].end(), c.rank) ==
                 ranks_of[size_t(c.suit)].end()) {
        error(n, index_path("deck.remove", i), "the deck has no card " + in_quotes(n.scalar),
              "a card of the deck (deck.suit_ranks gives that suit other ranks)");
        ok = false;
      } else if (!removed.insert({c.suit, c.rank}).second) {
        error(n, index_path("deck.remove", i), "card " + in_quotes(n.scalar) + " is removed twice");
      }
    }
  }
  size_t per_copy = no_suit_ranks.size();
  for (const auto& list : ranks_of) per_copy += list.size();
  per_copy -= removed.size();
  size_t total = per_copy * size_t(copies);
  if (total > size_t(kMaxCards)) {
    error(deck, "deck",
          "the deck has " + std::to_string(total) + " cards, more than the " +
              std::to_string(kMaxCards) + " supported");
    return;
  }
  if (total == 0) {
    error(deck, "deck", "the deck has no cards");
    return;
  }
  if (!ok) return;
  // Suit-major card table: copy, then suit, then rank, in the order written;
  // a copy's cards of no suit after its suits.
  for (int copy = 0; copy < copies; ++copy) {
    for (size_t s = 0; s < d.suits.size(); ++s)
      for (int k : ranks_of[s]) {
        if (removed.count({int(s), k})) continue;
        Card c = Card(d.cards.size());
        d.cards.push_back({uint8_t(s), uint8_t(k), uint8_t(copy)});
        d.suit_mask[s].add(c);
        d.all.add(c);
      }
    for (int k : no_suit_ranks) {
      Card c = Card(d.cards.size());
      d.cards.push_back({uint8_t(kNoSuitSlot), uint8_t(k), uint8_t(copy)});
      d.suit_mask[kNoSuitSlot].add(c);
      d.no_suit.add(c);
      d.all.add(c);
    }
  }
  deck_ok = true;
  compile_attributes(deck, r, diags);
}

// Rank indices from high to low, checked to name every rank once.
std::vector<int> Compiler::compile_rank_order(const char* key, const std::vector<int>& fallback) {
  return compile_rank_order(doc.find(key), key, fallback);
}

std::vector<int> Compiler::compile_rank_order(const DocNode* list, const std::string& key,
                                              const std::vector<int>& fallback) {
  if (!list) return fallback;
  std::vector<int> order;
  const Deck& d = r.deck;
  std::vector<bool> seen(size_t(d.ranked), false);
  for (size_t i = 0; i < list->seq.size(); ++i) {
    const DocNode& n = *list->seq[i];
    int rank = d.rank_index(n.scalar);
    if (rank >= d.ranked) {
      error(n, index_path(key, i), in_quotes(n.scalar) + " is a card of no suit (deck.no_suit), not a rank",
            "the ranks only: a card of no suit ranks below every other");
    } else if (rank < 0) {
      error(n, index_path(key, i),
            "unknown rank " + in_quotes(n.scalar) +
                did_you_mean(n.scalar, ranks_only(d)),
            "one of: " + comma_list(ranks_only(d)));
    } else if (seen[size_t(rank)]) {
      error(n, index_path(key, i), "rank " + in_quotes(n.scalar) + " is listed twice");
    } else {
      seen[size_t(rank)] = true;
      order.push_back(rank);
    }
  }
  std::vector<std::string> missing;
  for (size_t k = 0; k < seen.size(); ++k)
    if (!seen[k]) missing.push_back(d.ranks[k]);
  if (!missing.empty())
    error(*list, key, "missing rank" + std::string(missing.size() > 1 ? "s " : " ") +
                          comma_list(missing),
          "every rank of the deck once, high to low");
  return order.size() == size_t(d.ranked) ? order : fallback;
}

void Compiler::compile_strengths() {
  std::vector<int> written;
  for (int k = 0; k < r.deck.ranked; ++k) written.push_back(k);
  std::vector<int> plain = compile_rank_order("rank_order", written);
  std::vector<int> trump = compile_rank_order("trump_rank_order", plain);
  auto fill = [&](const std::vector<int>& order, std::array<uint8_t, kMaxCards>& strength) {
    std::vector<uint8_t> of_rank(r.deck.ranks.size());
    for (size_t pos = 0; pos < order.size(); ++pos)
      of_rank[size_t(order[pos])] = uint8_t(order.size() - pos);
    strength.fill(0);
    for (size_t c = 0; c < r.deck.cards.size(); ++c) strength[c] = of_rank[r.deck.cards[c].rank];
  };
  fill(plain, r.plain_strength);
  fill(trump, r.trump_strength);
  // suit_rank_orders: a plain suit's own order, in place of rank_order for
  // its cards (the trump suit's order stays trump_rank_order).
  r.own_order_suits = 0;
  if (const DocNode* map = doc.find("suit_rank_orders")) {
    for (const auto& e : map->map) {
      const std::string path = join_path("suit_rank_orders", e.key);
      const int suit = r.deck.suit_index(e.key);
      if (suit < 0) {
        diags.error(e.key_pos, path, "unknown suit " + in_quotes(e.key) + did_you_mean(e.key, r.deck.suits),
                    "one of deck.suits: " + comma_list(r.deck.suits));
        continue;
      }
      const std::vector<int> own = compile_rank_order(e.value.get(), path, {});
      if (own.empty()) continue;
      std::array<uint8_t, kMaxCards> strength{};
      fill(own, strength);
      for (size_t c = 0; c < r.deck.cards.size(); ++c)
        if (r.deck.cards[c].suit == suit) r.plain_strength[c] = strength[c];
      r.own_order_suits |= 1u << suit;
    }
  }
}

// Points by rank first, then by card, so a card overrides its rank wherever written.
void Compiler::compile_points(const char* key, std::array<int16_t, kMaxCards>& points) {
  points.fill(0);
  const DocNode* map = doc.find(key);
  if (!map) return;
  std::string path = key;
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& e : map->map) {
      int rank = r.deck.rank_index(e.key);
      CardRef card;
      std::string why, expected;
      bool is_card = rank < 0 && parse_card_text(e.key, card, why, expected);
      if (rank < 0 && !is_card) {
        if (pass == 0)
          diags.error(e.key_pos, written_path(*map, path),
                      in_quotes(e.key) + " is neither a rank nor a card of the deck",
                      "a rank (" + comma_list(r.deck.ranks) + ") or a card such as " +
                          in_quotes(r.deck.ranks[0] + r.deck.suits[0]));
        continue;
      }
      if ((pass == 0) != (rank >= 0)) continue;
      int value = to_int(*e.value);
      bool matched = false;
      for (size_t c = 0; c < r.deck.cards.size(); ++c) {
        const CardDef& def = r.deck.cards[c];
        if (rank >= 0 ? def.rank == rank : (def.rank == card.rank && def.suit == card.suit)) {
          points[c] = int16_t(value);
          matched = true;
        }
      }
      // Points for cards the deck no longer holds (an option's deck.remove, say) are dead data.
      if (!matched)
        diags.warning(e.key_pos, join_path(written_path(*map, path), e.key),
                      "no card " + in_quotes(e.key) + " is in the deck (deck.remove takes it out), so these points never count");
    }
  }
}

// A word that names a built-in step kind, or a key of one ({hand_sizes: ...}).
static bool builtin_step_name(const std::string& name) {
  for (size_t k = 0; k < size_t(DealStep::Kind::Count); ++k)
    if (name == to_string(DealStep::Kind(k))) return true;
  return name == "hand_sizes" || find_step_kind(name) != nullptr;
}

// The function of a step kind declared under hooks.steps, or null (a built-in
// name declared there is an error of hooks.steps, never a Lua step).
const DocNode* Compiler::script_step_function(const std::string& kind) const {
  if (builtin_step_name(kind)) return nullptr;
  const DocNode* hooks = doc.find("hooks");
  const DocNode* steps = hooks && hooks->is_map() ? hooks->find("steps") : nullptr;
  return steps && steps->is_map() ? steps->find(kind) : nullptr;
}

// hooks.steps: each name is a new word of `deal`, so it may not be a built-in
// kind's (a ruleset could no longer say which it means) and reads like one.
void Compiler::compile_script_steps(const DocNode& steps) {
  static const std::regex name(R"(^[a-z][a-z0-9_]*$)");
  for (const auto& e : steps.map) {
    const std::string path = join_path("hooks.steps", e.key);
    const bool builtin = builtin_step_name(e.key);
    if (!std::regex_match(e.key, name))
      diags.error(e.key_pos, written_path(steps, "hooks.steps"), "step kind " + in_quotes(e.key) + " is not a lowercase name",
                  "letters a-z, digits and _, starting with a letter, such as 'take_kitty'");
    else if (builtin)
      diags.error(e.key_pos, written_path(steps, "hooks.steps"),
                  "step kind " + in_quotes(e.key) + " is a built-in kind of the deal plan", "a name of its own, such as 'take_kitty'");
    check_function_name(*e.value, path, e.value->scalar);
    r.step_hooks[e.key] = e.value->scalar;
  }
}

void Compiler::compile_deal() {
  const DocNode* packets_node = doc.find("deal_packets");
  std::vector<int> packets;
  if (packets_node)
    for (const auto& p : packets_node->seq) packets.push_back(to_int(*p));
  else if (r.deck.cards.size() / size_t(r.seats) > 0)
    packets.push_back(int(r.deck.cards.size() / size_t(r.seats)));

  const DocNode* steps = doc.find("deal");
  bool uses_packets = !steps;
  r.deal.clear();
  if (!steps) {
    DealStep deal_all;
    deal_all.packets = packets;
    r.deal.push_back(deal_all);
  }
  for (size_t i = 0; steps && i < steps->seq.size(); ++i) {
    const DocNode& step = *steps->seq[i];
    std::string path = index_path("deal", i);
    DealStep out;
    // A step without parameters may be written as a word or as {word: {}}.
    const std::string word = step.is_scalar() ? step.scalar : step.map.empty() ? "" : step.map[0].key;
    const bool bare = step.is_scalar() || (step.find(word) && step.find(word)->is_map());
    if (const StepKindRow* kind = find_step_kind(word)) {
      // A kind of its own row (ruleset/step_kind.h): it reads its parameters
      // (a bare word has none: the step's node finds no key and places errors).
      const DocNode* params = step.is_map() ? step.find(word) : nullptr;
      const StepCompile at{params && params->is_map() ? *params : step, join_path(path, word), r, diags};
      out.kind = DealStep::Kind::Registered;
      out.registered = kind;
      out.registered_params = kind->compile(at);
      out.slot = int(std::count_if(r.deal.begin(), r.deal.end(),
                                   [](const DealStep& s) { return s.kind == DealStep::Kind::Registered; }));
      if (out.slot >= kMaxStepSlots)
        error(step, path, "more than " + std::to_string(kMaxStepSlots) + " steps of registered kinds in one deal plan");
    } else if (const DocNode* declared = script_step_function(word)) {
      // A kind written in Lua (hooks.steps): validate_document checked its shape.
      out.kind = DealStep::Kind::Script;
      out.script = word;
      if (const DocNode* params = step.is_map() ? step.find(word) : nullptr; params && params->is_map())
        for (const auto& e : params->map) out.params.emplace_back(e.key, e.value->scalar);
      (void)declared;
    } else if (bare && (word == "raise" || word == "declare")) {
      out.kind = word == "raise" ? DealStep::Kind::Raise : DealStep::Kind::Declare;
      const char* key = word == "raise" ? "raise" : "declaration";
      if (!doc.find(key))
        error(step, path, "the " + word + " step needs the top-level '" + key + "' key");
      // The contract raised or declared on comes from an auction (of bids or calls).
      bool auction_before = std::any_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) {
        return s.kind == DealStep::Kind::Registered && s.registered->names_bidder;
      });
      // A declaration may also follow a trump auction of rounds (its bidder is the maker).
      bool trump_auction_before = std::any_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) {
        return s.kind == DealStep::Kind::TrumpAuction;
      });
      if (word == "raise" && !auction_before) error(step, path, "the raise step needs an auction step before it");
      if (word == "declare" && !auction_before && !trump_auction_before)
        error(step, path, "the declare step needs an auction or trump_auction step before it");
    } else if (bare && word == "bids") {
      out.kind = DealStep::Kind::Bids;
      if (std::none_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) { return s.kind == DealStep::Kind::Deal; }))
        error(step, path, "bids come before any card is dealt");
    } else if (compile_turn_up_step(step, word, bare, path, r, diags, &out)) {
    } else if (step.is_scalar()) {
      out.kind = step.scalar == "deal" ? DealStep::Kind::Deal : DealStep::Kind::RandomTrump;
      if (out.kind == DealStep::Kind::Deal) {
        out.packets = packets;
        uses_packets = true;
      }
    } else if (const DocNode* own = step.find("deal")) {
      for (const auto& p : own->seq) out.packets.push_back(to_int(*p));
      if (own->seq.empty()) {
        out.packets = packets;
        uses_packets = true;
      }
    } else if (const DocNode* sizes = step.find("hand_sizes")) {
      for (const auto& n : sizes->seq) out.hand_sizes.push_back(to_int(*n));
      if (out.hand_sizes.empty()) error(*sizes, join_path(path, "hand_sizes"), "no hand size", "one size per deal, e.g. [10, 9, 8]");
    } else if (const DocNode* choose = step.find("choose")) {
      compile_choose_step(*choose, join_path(path, "choose"), &out);
      if (std::none_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) { return s.kind == DealStep::Kind::Deal; }))
        error(step, path, "choose comes before any card is dealt");
    } else {
      out.kind = DealStep::Kind::RandomTrump;
    }
    r.deal.push_back(out);
  }

  // The largest hand any deal gives (hand sizes may change from deal to deal).
  r.hand_size = 0;
  int largest_varying = 0;
  for (const auto& s : r.deal) {
    if (s.kind != DealStep::Kind::Deal && s.kind != DealStep::Kind::DealRest) continue;
    for (int p : s.packets) r.hand_size += p;
    for (int n : s.hand_sizes) largest_varying = std::max(largest_varying, n);
  }
  r.hand_size += largest_varying;
  const DocNode& at = steps ? *steps : doc;
  if (r.hand_size == 0) {
    error(at, "deal", "the deal gives no cards");
    return;
  }
  int needed = r.hand_size * r.seats;
  if (needed > int(r.deck.cards.size())) {
    bool blame_packets = packets_node && uses_packets;
    error(blame_packets ? *packets_node : at, blame_packets ? "deal_packets" : "deal",
          std::to_string(r.hand_size) + " cards x " + std::to_string(r.seats) + " seats needs " +
              std::to_string(needed) + " cards, the deck has " +
              std::to_string(r.deck.cards.size()));
  }
  // A card shown after the deal must come from what is left undealt.
  int dealt = 0;
  for (size_t i = 0; steps && i < r.deal.size(); ++i) {
    if (r.deal[i].kind == DealStep::Kind::Deal) dealt = r.hand_size;  // the largest deal, to be safe
    if (r.deal[i].kind == DealStep::Kind::RandomTrump && dealt * r.seats >= int(r.deck.cards.size()))
      error(*steps->seq[i], index_path("deal", i),
            "random_trump after the deal needs an undealt card, but " + std::to_string(dealt) + " cards x " +
                std::to_string(r.seats) + " seats deal the whole deck");
  }
  for (size_t i = 0; steps && i < r.deal.size(); ++i)
    if (r.deal[i].kind == DealStep::Kind::Choose && r.deal[i].count > r.hand_size)
      error(*steps->seq[i], index_path("deal", i) + ".choose.count",
            "chooses " + std::to_string(r.deal[i].count) + " cards from a hand of " + std::to_string(r.hand_size));
}

void Compiler::check_seat_ref(const DocNode& node, const std::string& path) {
  if (node.scalar != "dealer_partner" && node.scalar != "bidder_partner") return;
  for (int s = 0; s < r.seats; ++s)
    for (int o = 0; o < r.seats; ++o)
      if (o != s && r.team_of[size_t(o)] == r.team_of[size_t(s)]) return;
  error(node, path, node.scalar + " needs partnerships, but every seat plays alone");
}

bool Compiler::has_auction() const {
  return std::any_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) {
    return s.kind == DealStep::Kind::Registered && s.registered->names_bidder;
  });
}

void Compiler::compile_bids_raise_declaration() {
  if (const DocNode* b = doc.find("bids")) {
    if (const DocNode* n = b->find("min")) r.bids.min = to_int(*n);
    if (const DocNode* n = b->find("total_not_tricks")) r.bids.total_not_tricks = to_bool(*n);
    if (std::none_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) { return s.kind == DealStep::Kind::Bids; }))
      error(*b, "bids", "declared, but no deal step runs it", "a 'bids' step in deal");
  }
  if (const DocNode* raise = doc.find("raise")) {
    r.raise.min = to_int(*raise->find("min"));
    r.raise.max = to_int(*raise->find("max"));
    if (const DocNode* n = raise->find("first")) r.raise.first = to_enum<SeatRef>(*n, kSeatRefWords);
    if (r.raise.max < r.raise.min) error(*raise->find("max"), "raise.max", "is below raise.min");
  }
  if (const DocNode* d = doc.find("declaration")) {
    Declaration& out = r.declaration;
    out.word = d->find("word")->scalar;
    if (const DocNode* n = d->find("goal"))
      out.goal = n->scalar == "no_tricks" ? DeclarationGoal::NoTricks : DeclarationGoal::AllTricks;
    if (const DocNode* n = d->find("partner_sits_out")) out.partner_sits_out = to_bool(*n);
    if (const DocNode* n = d->find("declarer_leads")) out.declarer_leads = to_bool(*n);
    out.win = to_int(*d->find("win"));
    out.lose = to_int(*d->find("lose"));
    if (const DocNode* n = d->find("end_on_failure")) out.end_on_failure = to_bool(*n);
  }
}

void Compiler::compile_play() {
  TrickRules& p = r.play;
  const DocNode* play = doc.find("play");
  const DocNode* trump = play ? play->find("trump") : nullptr;
  if (play) {
    // {holder_of: card} (compile_play.cc) leaves the seat rule at its default:
    // the dealer's next leads when nobody holds the card.
    const DocNode* lead = play->find("first_lead");
    const std::string lead_path = "play.first_lead";
    if (lead && lead->is_map()) lead = nullptr;
    if (const DocNode* n = lead) {
      p.first_lead = to_enum<SeatRef>(*n, kSeatRefWords);
      check_seat_ref(*n, lead_path);
      if (is_bidder_ref(p.first_lead) && !has_auction())
        error(*n, lead_path, "there is no bidder without an auction step");
    }
    if (const DocNode* d = play->find("dummy")) {
      const DocNode& seat = *d->find("seat");
      p.dummy.seat = to_enum<SeatRef>(seat, kSeatRefWords);
      check_seat_ref(seat, "play.dummy.seat");
      if (const DocNode* n = d->find("played_by")) {
        p.dummy.played_by = to_enum<SeatRef>(*n, kSeatRefWords);
        check_seat_ref(*n, "play.dummy.played_by");
      }
      if (const DocNode* n = d->find("shown")) p.dummy.after_opening_lead = n->scalar == "after_opening_lead";
      if ((is_bidder_ref(p.dummy.seat) || is_bidder_ref(p.dummy.played_by)) && !has_auction())
        error(*d, "play.dummy", "there is no bidder without an auction step", "an auction (a calls step) in deal");
      if (p.dummy.seat == p.dummy.played_by)
        error(*d, "play.dummy.played_by", "the dummy would play itself", "another seat than play.dummy.seat");
    }
    if (const DocNode* n = play->find("hidden_suit_lead_restricted")) p.hidden_suit_lead_restricted = to_bool(*n);
    if (const DocNode* n = play->find("last_trick_bonus")) p.last_trick_bonus = to_int(*n);
    if (const DocNode* n = play->find("equal_cards")) p.last_equal_card_wins = n->scalar == "last_wins";
  }
  const DocNode* method = trump ? trump->find("method") : nullptr;
  const DocNode* suit = trump ? trump->find("suit") : nullptr;
  if (method) p.trump_method = to_enum<TrumpMethod>(*method, kTrumpMethodWords);
  if (trump)
    if (const DocNode* n = trump->find("retroactive_in_reveal_trick"))
      p.retroactive_in_reveal_trick = to_bool(*n);

  if (suit) {
    p.trump_suit = r.deck.suit_index(suit->scalar);
    if (p.trump_method != TrumpMethod::Fixed)
      error(*suit, "play.trump.suit", "a trump suit is only used with method fixed");
    else if (p.trump_suit < 0)
      error(*suit, "play.trump.suit", "unknown suit " + in_quotes(suit->scalar),
            "one of: " + comma_list(r.deck.suits));
  } else if (p.trump_method == TrumpMethod::Fixed) {
    error(*trump, "play.trump", "method fixed needs a 'suit'");
  }

  // random_card and the random_trump deal step come together.
  bool has_random_step = false;
  for (size_t i = 0; i < r.deal.size(); ++i) {
    if (r.deal[i].kind != DealStep::Kind::RandomTrump) continue;
    has_random_step = true;
    if (p.trump_method != TrumpMethod::RandomCard) {
      const DocNode* steps = doc.find("deal");
      error(*steps->seq[i], index_path("deal", i),
            "a random_trump step needs play.trump.method random_card");
    }
  }
  if (p.trump_method == TrumpMethod::RandomCard && !has_random_step)
    error(*method, "play.trump.method", "method random_card needs a random_trump step in deal");
  compile_play_rules(doc, r, diags);
}

void Compiler::check_result_name(const DocNode& at, const std::string& path,
                                 const std::string& name) {
  std::vector<std::string> names;
  for (const auto& n : r.result.named) names.push_back(n.name);
  names.push_back(r.result.default_name);
  if (std::find(names.begin(), names.end(), name) != names.end()) return;
  error(at, path,
        "unknown result " + in_quotes(name) +
            did_you_mean(name, names),
        "one of: " + comma_list(names));
}

void Compiler::compile_result() {
  ResultRules& res = r.result;
  const DocNode* result = doc.find("result");
  if (!result) return;
  if (const DocNode* compare = result->find("compare")) {
    res.compare.clear();
    for (const auto& c : compare->seq) res.compare.push_back(to_enum<Counter>(*c, kCounterWords));
    if (res.compare.empty()) error(*compare, "result.compare", "the list is empty",
                                   "points, tricks or both, in order");
  }
  if (const DocNode* d = result->find("default_name")) res.default_name = d->scalar;
  if (const DocNode* named = result->find("named")) {
    for (size_t i = 0; i < named->seq.size(); ++i) {
      const DocNode& n = *named->seq[i];
      NamedResult out{n.find("name")->scalar,
                      to_enum<Counter>(*n.find("winner_takes_all"), kCounterWords)};
      bool taken = out.name == res.default_name ||
                   std::any_of(res.named.begin(), res.named.end(),
                               [&](const NamedResult& o) { return o.name == out.name; });
      if (taken)
        error(*n.find("name"), index_path("result.named", i) + ".name",
              "result name " + in_quotes(out.name) + " is used twice");
      res.named.push_back(out);
    }
  }
  if (const DocNode* contract = result->find("contract")) {
    if (!has_auction()) error(*contract, "result.contract", "a contract needs an auction step in deal");
    for (size_t i = 0; i < contract->seq.size(); ++i) {
      const DocNode& band = *contract->seq[i];
      const DocNode& bids = *band.find("bids");
      ContractBand out;
      if (bids.seq.size() != 2) {
        error(bids, index_path("result.contract", i) + ".bids", "a band is [low, high]", "two numbers");
        continue;
      }
      out.low = to_int(*bids.seq[0]);
      out.high = to_int(*bids.seq[1]);
      if (out.high < out.low) error(bids, index_path("result.contract", i) + ".bids", "high is below low");
      out.win = to_int(*band.find("win"));
      out.lose = to_int(*band.find("lose"));
      res.contract.push_back(out);
    }
    if (const DocNode* n = result->find("contract_on")) res.contract_on = to_enum<Counter>(*n, kCounterWords);
    if (const DocNode* n = result->find("contract_made")) res.contract_made = n->scalar;
    if (const DocNode* n = result->find("contract_failed")) res.contract_failed = n->scalar;
    if (res.contract_made == res.contract_failed) {
      const DocNode* at = result->find("contract_failed") ? result->find("contract_failed") : result->find("contract_made");
      error(at ? *at : *result, "result.contract_failed",
            "names the failed contract " + in_quotes(res.contract_failed) + " like the made one", "a name of its own");
    }
  } else {
    for (const char* key : {"contract_on", "contract_made", "contract_failed"})
      if (const DocNode* n = result->find(key))
        error(*n, std::string("result.") + key, "applies only to a contract (result.contract)", "result.contract bands");
  }
  if (const DocNode* points = result->find("game_points")) {
    for (const auto& e : points->map) {
      check_result_name(*e.value, join_path("result.game_points", e.key), e.key);
      res.game_points[e.key] = to_int(*e.value);
    }
  }
}

void Compiler::compile_next_dealer() {
  NextDealerRules& nd = r.next_dealer;
  const DocNode* next = doc.find("next_dealer");
  if (!next) return;
  if (const DocNode* n = next->find("dealer_team_won"))
    nd.dealer_team_won = to_enum<DealerRule>(*n, kDealerRuleWords);
  if (const DocNode* n = next->find("dealer_team_lost"))
    nd.dealer_team_lost = to_enum<DealerRule>(*n, kDealerRuleWords);
  if (const DocNode* n = next->find("draw")) nd.draw = to_enum<DealerRule>(*n, kDealerRuleWords);
  if (const DocNode* by = next->find("dealer_team_lost_by")) {
    for (const auto& e : by->map) {
      check_result_name(*e.value, join_path("next_dealer.dealer_team_lost_by", e.key), e.key);
      nd.dealer_team_lost_by[e.key] = to_enum<DealerRule>(*e.value, kDealerRuleWords);
    }
  }
}

void Compiler::compile_match() {
  MatchRules& m = r.match;
  const DocNode* match = doc.find("match");
  if (!match) return;
  if (const DocNode* n = match->find("deals")) m.deals = to_int(*n);
  if (const DocNode* n = match->find("target")) m.target = to_int(*n);
  if (const DocNode* n = match->find("target_ends_deal")) {
    m.target_ends_deal = to_bool(*n);
    if (m.target_ends_deal && (m.target == 0 || r.family != Family::Fishing))
      error(*n, "match.target_ends_deal", "needs a fishing game with a match target",
            "family: fishing and match.target above 0");
  }
  if (m.deals == 0 && m.target == 0)
    error(*match, "match", "a match needs deals or a target", "deals or target above 0");
  if (const DocNode* n = match->find("winner")) m.lowest_wins = n->scalar == "lowest";
  if (const DocNode* n = match->find("tie_break_deals")) m.tie_break_deals = to_int(*n);
  if (const DocNode* n = match->find("bidders_first")) {
    m.bidders_first = to_bool(*n);
    if (m.bidders_first && m.target == 0)
      error(*n, "match.bidders_first", "needs a match target", "match.target above 0");
  }
  if (const DocNode* n = match->find("first_dealer"); n && n->scalar != "random") {
    auto it = std::find(r.seat_names.begin(), r.seat_names.end(), n->scalar);
    if (it != r.seat_names.end()) {
      m.first_dealer = int(it - r.seat_names.begin());
    } else {
      error(*n, "match.first_dealer",
            "unknown seat " + in_quotes(n->scalar) +
                did_you_mean(n->scalar, r.seat_names),
            "random or one of: " + comma_list(r.seat_names));
    }
  }
}

void Compiler::check_function_name(const DocNode& at, const std::string& path,
                                   const std::string& name) {
  static const std::regex function_name(R"(^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?$)");
  if (!std::regex_match(name, function_name))
    error(at, path, in_quotes(name) + " is not a function name",
          "'module.function' or a plain name");
}

// A seat word of the table (dealer, bidder_partner, ...), or Count when it is none.
static SeatRef seat_word_of(const std::string& word) {
  for (int i = 0; i < int(SeatRef::Count); ++i)
    if (word == to_string(SeatRef(i))) return SeatRef(i);
  return SeatRef::Count;
}

// {count: n, seat: <seat>, then: reveal | pass, pass_to: [next, previous, across, none, <n>, <seat>...]}
void Compiler::compile_choose_step(const DocNode& n, const std::string& path, DealStep* out) {
  out->kind = DealStep::Kind::Choose;
  out->count = n.find("count") ? to_int(*n.find("count")) : 1;
  if (const DocNode* seat = n.find("seat")) {  // one seat chooses (the schema checked the word)
    out->one_seat = true;
    out->seat = seat_word_of(seat->scalar);
  }
  const DocNode* then = n.find("then");
  out->then = then && then->scalar == "pass" ? DealStep::Then::Pass : DealStep::Then::Reveal;
  const DocNode* to = n.find("pass_to");
  if (out->then == DealStep::Then::Pass && !to) {
    error(n, path + ".pass_to", "then: pass needs pass_to (where the cards go, per deal)", "[next], or [next, previous, across, none]");
    return;
  }
  if (out->then != DealStep::Then::Pass && to) {
    error(*to, path + ".pass_to", "pass_to applies only with then: pass", "then: pass");
    return;
  }
  for (size_t i = 0; to && i < to->seq.size(); ++i) {
    const DocNode& w = *to->seq[i];
    int offset = 0;
    if (w.scalar == "next") offset = 1;
    else if (w.scalar == "previous") offset = r.seats - 1;
    else if (w.scalar == "none") offset = 0;
    else if (const SeatRef to_seat = seat_word_of(w.scalar); to_seat != SeatRef::Count) offset = -1 - int(to_seat);
    else if (w.scalar == "across") {
      if (r.seats % 2 != 0) error(w, index_path(path + ".pass_to", i), "no seat is across with " + std::to_string(r.seats) + " seats", "next, previous, none or a number");
      offset = r.seats / 2;
    } else {
      // Any other word is not a number of seats: say so rather than let stoi throw.
      const bool digits = !w.scalar.empty() && w.scalar.size() <= 3 &&
                          w.scalar.find_first_not_of("0123456789") == std::string::npos;
      offset = digits ? std::stoi(w.scalar) : -1;
      if (!digits) {
        error(w, index_path(path + ".pass_to", i), "unknown direction " + in_quotes(w.scalar),
              "next, previous, across, none, a number of seats on, or a seat (bidder, dealer_partner, ...)");
        offset = 0;
      } else if (offset < 0 || offset >= r.seats) {
        error(w, index_path(path + ".pass_to", i), "seats on must be 0.." + std::to_string(r.seats - 1), "next, previous, across, none or a number of seats on");
        offset = 0;
      }
    }
    out->pass_to.push_back(offset);
  }
}

// Whether a built-in step or the fishing capture offers "pass" (then the word
// is the engine's, not a hook's).
static bool engine_offers_pass(const Ruleset& r) {
  if (r.family == Family::Fishing) return true;
  for (const DealStep& step : r.deal)
    switch (step.kind) {
      case DealStep::Kind::Raise: case DealStep::Kind::Declare:
      case DealStep::Kind::TrumpAuction: case DealStep::Kind::Exchange: case DealStep::Kind::Melds:
        return true;
      case DealStep::Kind::Registered:
        if (step.registered->offers_pass) return true;
        break;
      default: break;
    }
  return false;
}

// Why `word` cannot be an action word (hooks.actions, declaration.word), or "".
// Words are typed and parsed first, before cards and the engine's forms, so a
// word may not read as a card nor take an engine form's prefix ("bid 16").
// Digits are allowed ("1c", "7nt": a bridge call); "pass" only where no
// built-in step or capture offers it.
std::string Compiler::action_word_problem(const std::string& word, std::string* expected) const {
  *expected = "a lowercase word (letters, digits, _) that is neither a card nor one of hide, bid, raise, take, choose "
              "(pass too where a built-in step or the capture offers it)";
  if (std::string problem = action_word_form_problem(r, deck_ok, word, expected); !problem.empty()) return problem;
  if (word == "pass" && engine_offers_pass(r)) return " is a word of the engine here (a built-in step or the capture offers pass)";
  return {};
}

void Compiler::compile_hooks() {
  const DocNode* hooks = doc.find("hooks");
  if (!hooks) return;
  // Where every hooks.* key stands, for problems found later by the Lua host.
  r.hook_positions["hooks"] = hooks->pos;
  for (const auto& e : hooks->map) {
    const std::string path = join_path("hooks", e.key);
    r.hook_positions[path] = e.key_pos;
    if (e.value->is_map())
      for (const auto& inner : e.value->map) r.hook_positions[join_path(path, inner.key)] = inner.key_pos;
    if (e.value->is_seq())
      for (size_t i = 0; i < e.value->seq.size(); ++i) r.hook_positions[index_path(path, i)] = e.value->seq[i]->pos;
  }
  if (const DocNode* libs = hooks->find("libraries")) {
    std::vector<fs::path> folders;
    if (!r.lua_library_dir.empty()) {
      folders.push_back(r.lua_library_dir);
    } else {
      // The library search: the naming file's folder, the bundled layout
      // (rulesets/<game>/<game>.yaml names rulesets/lib), then the search path.
      fs::path naming_dir = fs::absolute(fs::path(libs->pos.file)).lexically_normal().parent_path();
      folders = {naming_dir, naming_dir.parent_path() / "lib"};
      for (const auto& dir : r.library_search_path) {
        folders.push_back(fs::path(dir));
        folders.push_back(fs::path(dir) / "lib");
      }
    }
    static const std::regex module_name(R"(^[A-Za-z_]\w*$)");
    std::vector<std::string> names;
    for (size_t i = 0; i < libs->seq.size(); ++i) {
      const DocNode& n = *libs->seq[i];
      if (!std::regex_match(n.scalar, module_name)) {
        error(n, index_path("hooks.libraries", i), in_quotes(n.scalar) + " is not a module name",
              "a plain name such as 'hidden_trump'");
        continue;
      }
      names.push_back(n.scalar);
    }
    // One folder serves every library (the Lua host requires from one folder):
    // the first that holds them all.
    std::error_code ec;
    auto holds_all = [&](const fs::path& dir) {
      for (const auto& name : names)
        if (!fs::is_regular_file(dir / (name + ".lua"), ec)) return false;
      return true;
    };
    auto found = std::find_if(folders.begin(), folders.end(), holds_all);
    if (found != folders.end()) r.lua_library_dir = found->lexically_normal().string();
    for (size_t i = 0; i < libs->seq.size(); ++i) {
      const DocNode& n = *libs->seq[i];
      if (std::find(names.begin(), names.end(), n.scalar) == names.end()) continue;
      if (found == folders.end()) {
        std::vector<std::string> searched;
        bool anywhere = false;
        for (const auto& f : folders) {
          searched.push_back(f.lexically_normal().string());
          anywhere |= fs::is_regular_file(f / (n.scalar + ".lua"), ec);
        }
        if (!anywhere)
          error(n, index_path("hooks.libraries", i), "Lua library " + in_quotes(n.scalar) + " not found",
                "a file " + n.scalar + ".lua in one of: " + comma_list(searched) +
                    " (add a folder with --lib-path or HUKUM_PATH)");
        else if (n.scalar == names.back())
          error(n, "hooks.libraries", "the Lua libraries lie in different folders; put them in one",
                "one of: " + comma_list(searched));
      }
      r.lua_libraries.push_back(n.scalar);
    }
  }
  if (const DocNode* scripts = hooks->find("scripts")) {
    for (size_t i = 0; i < scripts->seq.size(); ++i) {
      const DocNode& n = *scripts->seq[i];
      // Relative to the file that names the script, which may be an extended
      // base, and inside its folder: a ruleset must not run or quote other files.
      std::string resolved;
      std::string why = resolve_written_path(fs::absolute(fs::path(n.pos.file)).string(), n.scalar, {".lua"}, true,
                                             &resolved);
      if (!why.empty()) {
        error(n, index_path("hooks.scripts", i), "script " + in_quotes(n.scalar) + " refused: " + why,
              "a Lua file in the ruleset's folder");
        continue;
      }
      fs::path file(resolved);
      std::error_code ec;
      if (!fs::is_regular_file(file, ec))
        error(n, index_path("hooks.scripts", i), "script " + in_quotes(n.scalar) + " not found",
              "a Lua file relative to the ruleset file");
      // A file named again (by a ruleset and one extending it) runs once, where first named.
      if (std::find(r.lua_scripts.begin(), r.lua_scripts.end(), file.string()) == r.lua_scripts.end())
        r.lua_scripts.push_back(file.string());
    }
  }
  for (size_t h = 0; h < size_t(HookPoint::Count); ++h) {
    const char* key = to_string(HookPoint(h));
    const DocNode* n = hooks->find(key);
    if (!n) continue;
    std::string path = join_path("hooks", key);
    HookBinding& b = r.hooks[h];
    const DocNode* function = n->is_scalar() ? n : n->find("call");
    const DocNode* offer = n->is_map() ? n->find("offer") : nullptr;
    if ((function != nullptr) == (offer != nullptr)) {
      error(*n, path, "give either 'call' (a Lua function) or 'offer' (an action word)",
            "{call: module.function} or {offer: word}");
      continue;
    }
    if (function) {
      b.function = function->scalar;
      check_function_name(*function, n->is_scalar() ? path : path + ".call", b.function);
    } else {
      b.offer = offer->scalar;
      const bool turn_point = HookPoint(h) == HookPoint::CannotFollow || HookPoint(h) == HookPoint::CannotPlay;
      if (!turn_point)
        error(*offer, path + ".offer", "only a turn hook (cannot_follow, cannot_play) can offer an action",
              "call: module.function");
      const DocNode* actions = hooks->find("actions");
      if (!actions || !actions->find(b.offer))
        error(*offer, path + ".offer", "action " + in_quotes(b.offer) + " is not declared in hooks.actions",
              "an action word bound under hooks.actions");
      if (const DocNode* ex = n->find("exclusive")) b.exclusive = to_bool(*ex);
    }
    if (n->is_map() && n->find("when"))
      b.when = to_enum<HookWhen>(*n->find("when"), kHookWhenWords);
    if (HookPoint(h) == HookPoint::Captured && r.family != Family::Fishing)
      error(*n, path, "only a fishing game captures layout cards", "family: fishing, or trick_done for tricks");
    if (HookPoint(h) == HookPoint::Refilled && r.family != Family::Fishing)
      error(*n, path, "only a fishing game refills hands from the stock", "family: fishing, or trick_done for tricks");
    if (HookPoint(h) == HookPoint::CombinationScored && r.family != Family::Fishing)
      error(*n, path, "only a fishing game scores combinations of captured cards",
            "family: fishing with fishing.combinations, or trick_done for tricks");
    if (HookPoint(h) == HookPoint::CaptureRule && r.family != Family::Fishing)
      error(*n, path, "only a fishing game captures layout cards", "family: fishing, or legal_filter for tricks");
    if (const DocNode* cards = n->is_map() ? n->find("cards") : nullptr) {
      if (HookPoint(h) != HookPoint::CardPlayed && HookPoint(h) != HookPoint::Captured &&
          HookPoint(h) != HookPoint::CaptureRule && HookPoint(h) != HookPoint::TrickDone)
        error(*cards, path + ".cards",
              "only card_played, captured, capture_rule and trick_done are called for a card",
              "no cards here, or bind the hook to card_played, captured, capture_rule or trick_done");
      else if (deck_ok)
        for (size_t i = 0; i < cards->seq.size(); ++i) {
          if (cards->seq[i]->scalar == "called") {  // the card called this deal (game.call_card)
            b.called_card = true;
            continue;
          }
          bool by_attribute = false;
          const CardSet with = attribute_item_cards(*cards->seq[i], index_path(path + ".cards", i), r, diags,
                                                    &by_attribute);
          if (by_attribute) {
            b.cards |= with;
            continue;
          }
          const Card c = r.deck.parse_card(cards->seq[i]->scalar);
          if (c == kNoCard)
            error(*cards->seq[i], index_path(path + ".cards", i),
                  "card " + in_quotes(cards->seq[i]->scalar) + " is not in the deck", "a card of the deck, such as 5H");
          else
            b.cards.add(c);
        }
    }
  }
  if (const DocNode* steps = hooks->find("steps")) compile_script_steps(*steps);
  if (const DocNode* actions = hooks->find("actions")) {
    for (const auto& e : actions->map) {
      std::string path = join_path("hooks.actions", e.key);
      std::string expected;
      if (std::string problem = action_word_problem(e.key, &expected); !problem.empty())
        diags.error(e.key_pos, written_path(*actions, "hooks.actions"), "action " + in_quotes(e.key) + problem, expected);
      if (e.value->is_map()) {  // {effect: turn_up_hidden, must_trump: true}: the engine's own
        Ruleset::ActionEffect effect;
        if (const DocNode* must = e.value->find("must_trump")) effect.must_trump = to_bool(*must);
        r.action_effects[e.key] = effect;
        continue;
      }
      check_function_name(*e.value, path, e.value->scalar);
      r.action_hooks[e.key] = e.value->scalar;
    }
  }
}

// The registered step kinds' checks that need the whole ruleset (their
// `check`: hooks, play, hand sizes), once everything is compiled.
void Compiler::check_registered_steps() {
  const DocNode* steps = doc.find("deal");
  if (!steps) return;
  for (size_t i = 0; i < r.deal.size() && i < steps->seq.size(); ++i) {
    const DealStep& s = r.deal[i];
    if (s.kind != DealStep::Kind::Registered || !s.registered->check) continue;
    const DocNode& step = *steps->seq[i];
    const DocNode* params = step.is_map() ? step.find(s.registered->name) : nullptr;
    const StepCompile at{params && params->is_map() ? *params : step,
                         join_path(index_path("deal", i), s.registered->name), r, diags};
    s.registered->check(at, s);
  }
}

// The words of extra actions: the hook actions and the declaration, sorted;
// Action::word, offers and the declaration refer to them by index.
void Compiler::finish_action_words() {
  r.action_words.clear();
  for (const auto& [word_text, fn] : r.action_hooks) r.action_words.push_back(word_text);
  for (const auto& [word_text, effect] : r.action_effects) r.action_words.push_back(word_text);
  if (const DocNode* d = doc.find("declaration")) {
    const DocNode& word = *d->find("word");
    std::string expected;
    if (std::string problem = action_word_problem(word.scalar, &expected); !problem.empty())
      error(word, "declaration.word", "'" + word.scalar + "' cannot be an action word: it" + problem, expected);
    else if (r.action_hooks.count(word.scalar))
      error(word, "declaration.word", "'" + word.scalar + "' is also a hook action", "a word of its own");
    else
      r.action_words.push_back(word.scalar);
  }
  // The words of registered step kinds (a data auction's calls): checked like
  // a hook's words; two steps may share one.
  const DocNode* steps = doc.find("deal");
  for (size_t i = 0; i < r.deal.size(); ++i) {
    const DealStep& step = r.deal[i];
    if (step.kind != DealStep::Kind::Registered || !step.registered->words) continue;
    const DocNode& at = steps && i < steps->seq.size() ? *steps->seq[i] : doc;
    const std::string path = join_path(index_path("deal", i), step.registered->name);
    // (Their form was checked by the kind's compile, at each word's place.)
    for (const std::string& w : step.registered->words(step)) {
      if (r.action_hooks.count(w) || w == r.declaration.word)
        error(at, path, "'" + w + "' is also a hook action or the declaration's word", "a word of its own");
      else if (std::find(r.action_words.begin(), r.action_words.end(), w) == r.action_words.end())
        r.action_words.push_back(w);
    }
  }
  if (r.action_words.size() > 255)
    error(doc, "hooks.actions", std::to_string(r.action_words.size()) + " action words", "at most 255");
  std::sort(r.action_words.begin(), r.action_words.end());
  r.declaration_word = -1;
  for (size_t w = 0; w < r.action_words.size(); ++w)
    if (r.action_words[w] == r.declaration.word) r.declaration_word = int(w);
  for (size_t h = 0; h < size_t(HookPoint::Count); ++h) {
    r.offer_word[h] = -1;
    for (size_t w = 0; w < r.action_words.size(); ++w)
      if (!r.hooks[h].offer.empty() && r.action_words[w] == r.hooks[h].offer) r.offer_word[h] = int(w);
  }
}

void Compiler::compile_hook_params() {
  if (const DocNode* params = doc.find("hook_params"))
    for (const auto& e : params->map) r.hook_params[e.key] = e.value->scalar;
}

}  // namespace

bool compile_ruleset(const DocNode& doc, Ruleset& out, Diagnostics& diags) {
  size_t before = diags.size();
  Compiler c{doc, out, diags, false};
  out.name = doc.find("name")->scalar;
  if (const DocNode* d = doc.find("description")) out.description = d->scalar;
  if (const DocNode* n = doc.find("notes"))
    for (const auto& item : n->seq) out.notes.push_back(item->scalar);
  c.compile_family();
  c.compile_seats();
  c.compile_teams();
  if (const DocNode* d = doc.find("direction"))
    out.direction = to_enum<Direction>(*d, kDirectionWords);
  const DocNode* deal_direction = doc.find("deal_direction");
  out.deal_direction = deal_direction ? to_enum<Direction>(*deal_direction, kDirectionWords) : out.direction;
  c.compile_deck();
  // Everything below reads cards of the deck.
  if (c.deck_ok) {
    c.compile_strengths();
    c.compile_points("card_points", out.plain_points);
    if (doc.find("trump_card_points"))
      c.compile_points("trump_card_points", out.trump_points);
    else
      out.trump_points = out.plain_points;
    c.compile_deal();
    c.compile_bids_raise_declaration();
    c.compile_play();
    if (out.family == Family::Fishing) compile_fishing(doc, out, diags);
  }
  c.compile_result();
  c.compile_next_dealer();
  c.compile_match();
  c.compile_hooks();
  if (out.hooks[size_t(HookPoint::LegalFilter)].bound()) out.play.follow_compulsory = false;
  c.compile_hook_params();
  if (c.deck_ok) compile_turn_up_rules(doc, out, diags);
  c.finish_action_words();
  if (c.deck_ok) c.check_registered_steps();
  return diags.size() == before;
}

}  // namespace hukum
