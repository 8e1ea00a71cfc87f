// The play rules of `play:` that are data for the legal-play pipeline and the
// trick winner: the follow obligations (and the older must_* keys they replace),
// lead restrictions, the first-lead card, cards barred from the first trick,
// extra trumps, and from them the per-trump card views (effective suit and
// strength of every card while each suit is trump). Called by compile_ruleset
// once the deck, the rank orders and play.first_lead / play.trump are known.
#include <algorithm>
#include <functional>

#include "ruleset/loader.h"

namespace hukum {

namespace {


struct PlayCompiler {
  const DocNode& play;  // the `play` map
  Ruleset& r;
  Diagnostics& diags;
  bool hooks_written = false;  // the ruleset binds hooks (which may set the trump)
  TrickRules& p = r.play;

  void error(const DocNode& at, const std::string& path, std::string message, std::string expected = {}) {
    diags.error(at.pos, written_path(at, path), std::move(message), std::move(expected));
  }

  // Every copy of the card written as `text`, or an empty set with an error.
  CardSet card(const DocNode& n, const std::string& path);
  // A suit letter (all its cards) or a card, for lists such as [H, QS].
  CardSet suit_or_card(const DocNode& n, const std::string& path);
  CardSet suits_or_cards(const DocNode& n, const std::string& path);
  void face_down();
  void follow_exempt();
  void called_card();

  void obligations();
  void lead_restrictions();
  void first_lead_card();
  void first_trick();
  void extra_trumps();
  void build_views();
  void trump_orders();
  std::vector<int> rank_order(const DocNode* list, const std::string& path, const std::vector<int>& fallback);
};

CardSet PlayCompiler::card(const DocNode& n, const std::string& path) {
  const Deck& d = r.deck;
  CardSet out;
  // A card of no suit (deck.no_suit, a Joker or an Excuse) is named alone.
  for (Card c : d.no_suit)
    if (d.ranks[d.cards[c].rank] == n.scalar) out.add(c);
  if (!out.empty()) return out;
  for (size_t s = 0; s < d.suits.size(); ++s) {
    const std::string& suit = d.suits[s];
    const std::string& t = n.scalar;
    if (t.size() <= suit.size() || t.compare(t.size() - suit.size(), suit.size(), suit)) continue;
    int rank = d.rank_index(t.substr(0, t.size() - suit.size()));
    if (rank < 0) continue;
    for (size_t c = 0; c < d.cards.size(); ++c)
      if (d.cards[c].suit == s && d.cards[c].rank == rank) out.add(Card(c));
    if (out.empty()) error(n, path, "card " + in_quotes(t) + " is removed from the deck");
    return out;
  }
  error(n, path, "unknown card " + in_quotes(n.scalar),
        "a card of the deck such as " + in_quotes(d.ranks[0] + d.suits[0]));
  return out;
}

CardSet PlayCompiler::suit_or_card(const DocNode& n, const std::string& path) {
  int suit = r.deck.suit_index(n.scalar);
  if (suit >= 0) return r.deck.suit_mask[size_t(suit)];
  bool by_attribute = false;
  if (const CardSet with = attribute_item_cards(n, path, r, diags, &by_attribute); by_attribute) return with;
  const Deck& d = r.deck;
  for (size_t s = 0; s < d.suits.size(); ++s) {
    const std::string& letter = d.suits[s];
    const std::string& t = n.scalar;
    if (t.size() > letter.size() && !t.compare(t.size() - letter.size(), letter.size(), letter) &&
        d.rank_index(t.substr(0, t.size() - letter.size())) >= 0)
      return card(n, path);
  }
  error(n, path, in_quotes(n.scalar) + " is neither a suit nor a card of the deck",
        "a suit (" + comma_list(d.suits) + ") or a card such as " + in_quotes(d.ranks[0] + d.suits[0]));
  return CardSet();
}

CardSet PlayCompiler::suits_or_cards(const DocNode& n, const std::string& path) {
  if (n.is_scalar()) return suit_or_card(n, path);
  CardSet out;
  for (size_t i = 0; i < n.seq.size(); ++i) out |= suit_or_card(*n.seq[i], index_path(path, i));
  return out;
}

void PlayCompiler::obligations() {
  const DocNode* list = play.find("obligations");
  if (!list) {
    // The default: follow suit, else any card.
    p.obligations = {PlayFilter::FollowSuit};
  } else {
    p.obligations.clear();
    for (size_t i = 0; i < list->seq.size(); ++i) {
      const DocNode& n = *list->seq[i];
      // The schema has checked the word against the same table.
      auto filter = PlayFilter::FollowSuit;
      for (size_t f = 0; f < size_t(PlayFilter::Count); ++f)
        if (n.scalar == obligation_info(PlayFilter(f)).word) filter = PlayFilter(f);
      // follow_suit and follow_suit_or_trump are two answers to one question.
      auto other_follow = [&](PlayFilter f) {
        return f != filter && (f == PlayFilter::FollowSuit || f == PlayFilter::FollowSuitOrTrump) &&
               (filter == PlayFilter::FollowSuit || filter == PlayFilter::FollowSuitOrTrump);
      };
      if (std::find(p.obligations.begin(), p.obligations.end(), filter) != p.obligations.end())
        error(n, index_path("play.obligations", i), in_quotes(n.scalar) + " is listed twice");
      else if (auto it = std::find_if(p.obligations.begin(), p.obligations.end(), other_follow);
               it != p.obligations.end())
        error(n, index_path("play.obligations", i),
              in_quotes(n.scalar) + " and " + in_quotes(to_string(*it)) +
                  " both say how to follow the suit led: list one of them");
      else
        p.obligations.push_back(filter);
    }
  }
  // What describe and the refusals read: which of the three plain obligations the list holds.
  auto has = [&](PlayFilter f) {
    return std::find(p.obligations.begin(), p.obligations.end(), f) != p.obligations.end();
  };
  p.must_follow_suit = has(PlayFilter::FollowSuit);
  p.must_trump_when_void = has(PlayFilter::TrumpIfVoid);
  p.must_overtrump = has(PlayFilter::Overruff);
  // Not following proves a void only when following comes first (and no hook
  // may take the led suit's cards out: compile.cc, once hooks are bound).
  // follow_suit_or_trump first proves it too, by a card neither of the suit led nor a trump.
  p.follow_or_trump = !p.obligations.empty() && p.obligations[0] == PlayFilter::FollowSuitOrTrump;
  p.follow_compulsory = !p.obligations.empty() && (p.obligations[0] == PlayFilter::FollowSuit || p.follow_or_trump);
  // A hook's require_trump acts as trump_if_void right after following suit
  // (follow_suit_or_trump included).
  auto follow = std::find_if(p.obligations.begin(), p.obligations.end(), [](PlayFilter f) {
    return f == PlayFilter::FollowSuit || f == PlayFilter::FollowSuitOrTrump;
  });
  p.hook_trump_at = follow == p.obligations.end() ? 0 : size_t(follow - p.obligations.begin()) + 1;
}

void PlayCompiler::lead_restrictions() {
  p.lead_restrictions.clear();
  const DocNode* list = play.find("lead_restrictions");
  bool has_hidden = false;
  for (size_t i = 0; list && i < list->seq.size(); ++i) {
    const DocNode& item = *list->seq[i];
    const std::string path = index_path("play.lead_restrictions", i);
    const DocNode& cards = *item.find("cards");
    const DocNode* until = item.find("until_played");
    LeadRestriction out;
    if (cards.is_scalar() && (cards.scalar == "trump" || cards.scalar == "hidden")) {
      out.kind = cards.scalar == "trump" ? LeadRestriction::Kind::Trump : LeadRestriction::Kind::Hidden;
      if (until)
        error(*until, path + ".until_played",
              "does not apply to cards: " + cards.scalar +
                  (out.kind == LeadRestriction::Kind::Trump ? " (any trump played earlier lifts it)"
                                                            : " (revealing the cards lifts it)"));
      if (out.kind == LeadRestriction::Kind::Trump && p.trump_method == TrumpMethod::None && !hooks_written)
        error(cards, path + ".cards", "there is no trump: play.trump.method is none and no hook can set one");
      has_hidden |= out.kind == LeadRestriction::Kind::Hidden;
    } else {
      out.cards = suits_or_cards(cards, path + ".cards");
      out.until = until ? suits_or_cards(*until, path + ".until_played") : out.cards;
    }
    p.lead_restrictions.push_back(out);
  }
  if (const DocNode* n = play.find("hidden_suit_lead_restricted")) {
    if (n->scalar == "true" && !has_hidden) {
      LeadRestriction hidden;
      hidden.kind = LeadRestriction::Kind::Hidden;
      p.lead_restrictions.push_back(hidden);
    } else if (n->scalar == "false" && has_hidden) {
      error(*n, "play.hidden_suit_lead_restricted",
            "false contradicts play.lead_restrictions, which restricts 'hidden'",
            "true, or no 'hidden' entry in play.lead_restrictions");
    }
  }
  p.hidden_suit_lead_restricted =
      std::any_of(p.lead_restrictions.begin(), p.lead_restrictions.end(),
                  [](const LeadRestriction& x) { return x.kind == LeadRestriction::Kind::Hidden; });
}

void PlayCompiler::first_lead_card() {
  const DocNode* lead = play.find("first_lead");
  if (!lead || !lead->is_map()) return;
  p.first_lead_cards = card(*lead->find("holder_of"), "play.first_lead.holder_of");
  if (const DocNode* n = lead->find("lead_it")) p.first_lead_card_led = n->scalar == "true";
}

void PlayCompiler::first_trick() {
  if (const DocNode* n = play.find("not_on_first_trick"))
    p.not_on_first_trick = suits_or_cards(*n, "play.not_on_first_trick");
}

void PlayCompiler::extra_trumps() {
  p.extra_trumps.clear();
  const DocNode* map = play.find("extra_trumps");
  if (!map) return;
  for (const auto& e : map->map) {
    const std::string path = join_path("play.extra_trumps", e.key);
    int trump = r.deck.suit_index(e.key);
    if (trump < 0) {
      diags.error(e.key_pos, written_path(*map, "play.extra_trumps"),
                  "unknown suit " + in_quotes(e.key) + did_you_mean(e.key, r.deck.suits),
                  "one of: " + comma_list(r.deck.suits));
      continue;
    }
    CardSet moved;  // cards of this trump's list so far
    struct Placed {
      const DocNode* after;
      int rank;
      std::string path;
    };
    std::vector<Placed> placed_after;
    for (size_t i = 0; i < e.value->seq.size(); ++i) {
      const DocNode& item = *e.value->seq[i];
      const std::string item_path = index_path(path, i);
      const DocNode& card_node = *item.find("card");
      const DocNode& after = *item.find("after");
      ExtraTrump out;
      out.trump = trump;
      out.cards = card(card_node, item_path + ".card");
      if (out.cards.empty()) continue;
      if (!(moved & out.cards).empty()) {
        error(card_node, item_path + ".card",
              "card " + in_quotes(card_node.scalar) + " is listed twice for trump " + e.key);
        continue;
      }
      moved |= out.cards;
      out.after = r.deck.rank_index(after.scalar);
      if (out.after < 0 && after.scalar != "top") {
        error(after, item_path + ".after",
              "unknown rank " + in_quotes(after.scalar) + did_you_mean(after.scalar, r.deck.ranks),
              "a rank (" + comma_list(r.deck.ranks) + ") or top");
        continue;
      }
      if (out.after >= 0) placed_after.push_back({&after, out.after, item_path + ".after"});
      p.extra_trumps.push_back(out);
    }
    // A card placed after a card of the trump suit that this list itself moves has no place.
    for (const Placed& x : placed_after)
      for (Card c : moved)
        if (r.deck.cards[c].suit == trump && r.deck.cards[c].rank == x.rank) {
          error(*x.after, x.path,
                "the " + r.deck.ranks[size_t(x.rank)] + " of trump " + e.key +
                    " is itself moved by this list, so nothing can rank after it",
                "the rank of a trump-suit card that stays in place, or top");
          break;
        }
  }
}

// One view per possible trump: the trump order is the trump suit's cards by
// trump_rank_order with the extra trumps placed where they say; every other
// card keeps its suit and its plain strength.
void PlayCompiler::build_views() {
  const Deck& d = r.deck;
  const size_t n = d.cards.size();
  // Ranks by trump strength, high to low.
  std::vector<int> trump_order(d.ranks.size());
  for (size_t k = 0; k < d.ranks.size(); ++k) trump_order[k] = int(k);
  std::array<int, kMaxRanks> rank_strength{};
  for (size_t c = 0; c < n; ++c) rank_strength[d.cards[c].rank] = r.trump_strength[c];
  std::stable_sort(trump_order.begin(), trump_order.end(),
                   [&](int a, int b) { return rank_strength[size_t(a)] > rank_strength[size_t(b)]; });
  for (int t = -1; t < int(d.suits.size()) && t < kMaxSuits; ++t) {
    TrumpView& v = p.views[size_t(t + 1)];
    v = TrumpView{};
    for (size_t c = 0; c < n; ++c) {
      v.suit[c] = d.cards[c].suit;
      v.strength[c] = r.plain_strength[c];
    }
    if (t >= 0) {
      // Slots high to low, each a set of cards of equal strength (the copies of one card).
      std::vector<CardSet> slots;
      CardSet moved;
      for (const ExtraTrump& x : p.extra_trumps)
        if (x.trump == t) moved |= x.cards;
      auto place_after = [&](int rank) {
        for (const ExtraTrump& x : p.extra_trumps)
          if (x.trump == t && x.after == rank) slots.push_back(x.cards);
      };
      place_after(-1);
      for (int rank : trump_order) {
        CardSet own;
        for (size_t c = 0; c < n; ++c)
          if (d.cards[c].suit == t && d.cards[c].rank == rank) own.add(Card(c));
        own &= ~moved;
        if (!own.empty()) slots.push_back(own);
        place_after(rank);
      }
      for (size_t i = 0; i < slots.size(); ++i)
        for (Card c : slots[i]) {
          v.suit[c] = uint8_t(t);
          v.strength[c] = uint8_t(slots.size() - i);
          v.trumps.add(c);
        }
    }
    for (size_t c = 0; c < n; ++c) v.suit_mask[v.suit[c]].add(Card(c));
  }
}

// Ranks high to low as a list writes them (each rank once), or `fallback`.
std::vector<int> PlayCompiler::rank_order(const DocNode* list, const std::string& path, const std::vector<int>& fallback) {
  if (!list) return fallback;
  const Deck& d = r.deck;
  std::vector<int> order;
  const std::vector<std::string> ranks = ranks_only(d);
  std::vector<bool> seen(ranks.size(), false);
  for (size_t i = 0; i < list->seq.size(); ++i) {
    const DocNode& n = *list->seq[i];
    int rank = d.rank_index(n.scalar);
    if (rank >= d.ranked) rank = -1;  // a card of no suit has no rank
    if (rank < 0 || seen[size_t(rank)]) {
      error(n, index_path(path, i), rank < 0 ? "unknown rank " + in_quotes(n.scalar) + did_you_mean(n.scalar, ranks)
                                             : "rank " + in_quotes(n.scalar) + " is listed twice",
            "every rank of the deck once, high to low (" + comma_list(ranks) + ")");
      return fallback;
    }
    seen[size_t(rank)] = true;
    order.push_back(rank);
  }
  if (order.size() != ranks.size()) {
    error(*list, path, "lists " + std::to_string(order.size()) + " of the deck's " + std::to_string(ranks.size()) + " ranks",
          "every rank of the deck once, high to low (" + comma_list(ranks) + ")");
    return fallback;
  }
  return order;
}

// play.trump_orders: each named structure compiled to its own view, like the
// views per trump suit above: its trumps (the listed cards, then the suit's own
// by the trump order), and every other card by the structure's plain order.
// Without a suit the listed cards form a suit of their own, so that a trump
// lead must be followed with a trump (a grand: only the four jacks).
void PlayCompiler::trump_orders() {
  p.trump_orders.clear();
  const DocNode* map = play.find("trump_orders");
  if (!map) return;
  const Deck& d = r.deck;
  auto ranks_by = [&](const std::array<uint8_t, kMaxCards>& strength) {
    std::vector<int> order(size_t(d.ranked));
    std::array<int, kMaxRanks> of_rank{};
    for (size_t c = 0; c < d.cards.size(); ++c) of_rank[d.cards[c].rank] = strength[c];
    for (size_t k = 0; k < order.size(); ++k) order[k] = int(k);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return of_rank[size_t(a)] > of_rank[size_t(b)]; });
    return order;
  };
  const std::vector<int> ruleset_plain = ranks_by(r.plain_strength), ruleset_trump = ranks_by(r.trump_strength);
  for (const auto& e : map->map) {
    const std::string path = join_path("play.trump_orders", e.key);
    static const DocNode kNone;
    const DocNode& o = e.value->is_map() ? *e.value : kNone;
    TrumpOrder order;
    order.name = e.key;
    if (const DocNode* suit = o.find("suit")) {
      order.suit = d.suit_index(suit->scalar);
      if (order.suit < 0)
        error(*suit, path + ".suit", "unknown suit " + in_quotes(suit->scalar) + did_you_mean(suit->scalar, d.suits),
              "one of: " + comma_list(d.suits));
    }
    const std::vector<int> plain = rank_order(o.find("rank_order"), path + ".rank_order", ruleset_plain);
    const std::vector<int> trump_ranks = rank_order(o.find("trump_rank_order"), path + ".trump_rank_order", ruleset_trump);
    // Trump slots high to low, each the copies of one card.
    std::vector<CardSet> slots;
    CardSet listed;
    if (const DocNode* trumps = o.find("trumps"))
      for (size_t i = 0; i < trumps->seq.size(); ++i) {
        const DocNode& item = *trumps->seq[i];
        const std::string item_path = index_path(path + ".trumps", i);
        // A card, or an attribute's value: its cards, high to low in deck order.
        std::vector<CardSet> faces;
        if (!attribute_item(item, item_path, r, diags, faces)) faces.push_back(card(item, item_path));
        for (const CardSet& copies : faces) {
          if (copies.empty()) continue;
          if (!(listed & copies).empty()) {
            error(item, item_path,
                  "card " + in_quotes(d.card_text(*copies.begin())) + " is listed twice" +
                      (item.scalar.find('=') != std::string::npos ? " (it has " + item.scalar + ")" : ""));
            continue;
          }
          listed |= copies;
          slots.push_back(copies);
        }
      }
    if (order.suit >= 0)
      for (int rank : trump_ranks) {
        CardSet own;
        for (size_t c = 0; c < d.cards.size(); ++c)
          if (d.cards[c].suit == order.suit && d.cards[c].rank == rank) own.add(Card(c));
        own &= ~listed;
        if (!own.empty()) slots.push_back(own);
      }
    const int trump_suit = order.suit >= 0 ? order.suit : slots.empty() ? -1 : int(d.suits.size());
    if (trump_suit >= kMaxSuits) {
      error(o.find("trumps") ? *o.find("trumps") : *e.value, path + ".trumps",
            "a deck of " + std::to_string(d.suits.size()) + " suits leaves no room for a suit of trumps of their own",
            "a suit for these trumps, or at most " + std::to_string(kMaxSuits - 1) + " suits");
      continue;
    }
    TrumpView& v = order.view;
    std::vector<uint8_t> of_rank(d.ranks.size());
    for (size_t pos = 0; pos < plain.size(); ++pos) of_rank[size_t(plain[pos])] = uint8_t(plain.size() - pos);
    // Without an order of its own, the ruleset's (with its suits' own orders, suit_rank_orders).
    const bool own_plain = o.find("rank_order") != nullptr;
    for (size_t c = 0; c < d.cards.size(); ++c) {
      v.suit[c] = d.cards[c].suit;
      v.strength[c] = own_plain ? of_rank[d.cards[c].rank] : r.plain_strength[c];
    }
    for (size_t i = 0; i < slots.size(); ++i)
      for (Card c : slots[i]) {
        v.suit[c] = uint8_t(trump_suit);
        v.strength[c] = uint8_t(slots.size() - i);
        v.trumps.add(c);
      }
    for (size_t c = 0; c < d.cards.size(); ++c) v.suit_mask[v.suit[c]].add(Card(c));
    p.trump_orders.push_back(std::move(order));
  }
}

// play.face_down: trumps played face down. The others must not learn the card
// from their own legal plays, so no obligation may compare it (an overtrump
// would reveal its rank), and a trump fixed by a discard must be seen.
void PlayCompiler::face_down() {
  const DocNode* n = play.find("face_down");
  if (!n || n->scalar == "none") return;
  p.face_down = TrickRules::FaceDown::Trump;
  for (PlayFilter f : p.obligations)
    if (f == PlayFilter::Overruff || f == PlayFilter::Overtrump || f == PlayFilter::HeadTrick ||
        f == PlayFilter::NoUndertrump || f == PlayFilter::FreeIfPartnerWins)
      error(*n, "play.face_down",
            std::string("cannot be used with the obligation ") + to_string(f) +
                ", which compares a face-down card with the cards after it",
            "follow_suit and trump_if_void only");
  if (p.trump_method == TrumpMethod::FirstDiscard)
    error(*n, "play.face_down", "cannot be used with play.trump.method first_discard: the discard that fixes the trump must be seen");
  if (p.trump_method == TrumpMethod::None && !hooks_written)
    error(*n, "play.face_down", "there is no trump: play.trump.method is none and no hook can set one");
}

// play.follow_exempt: highest_trump. In every view (each trump suit, each
// trump order) the trumps of the highest strength need not follow a trump
// lead when they are all the trumps a hand holds. {top_trumps: N}: the N
// highest (every copy of each), each only against a lower trump led
// (TrickRules::follow_exempt_against). It lifts a duty to follow, so one must
// be listed, and a trump must be possible.
void PlayCompiler::follow_exempt() {
  const DocNode* n = play.find("follow_exempt");
  if (!n || n->scalar == "none") return;
  int top = 1;
  if (n->is_map()) {
    const DocNode* count = n->find("top_trumps");
    if (!count) return;  // the format check has said what is missing
    top = std::stoi(count->scalar);
    p.follow_exempt = TrickRules::FollowExempt::TopTrumps;
  } else {
    p.follow_exempt = TrickRules::FollowExempt::HighestTrump;
  }
  p.follow_exempt_top = top;
  p.any_follow_exempt = true;
  const bool follows = std::any_of(p.obligations.begin(), p.obligations.end(), [](PlayFilter f) {
    return f == PlayFilter::FollowSuit || f == PlayFilter::FollowSuitOrTrump;
  });
  if (!follows)
    error(*n, "play.follow_exempt", "there is no duty to follow to be exempt from: play.obligations lists neither "
          "follow_suit nor follow_suit_or_trump",
          "follow_suit or follow_suit_or_trump in play.obligations");
  if (p.trump_method == TrumpMethod::None && !hooks_written)
    error(*n, "play.follow_exempt", "there is no trump: play.trump.method is none and no hook can set one");
  // The trumps of the `top` highest strengths.
  auto highest = [top](TrumpView& v) {
    std::vector<uint8_t> strengths;
    for (Card c : v.trumps) strengths.push_back(v.strength[c]);
    std::sort(strengths.begin(), strengths.end(), std::greater<>());
    strengths.erase(std::unique(strengths.begin(), strengths.end()), strengths.end());
    if (strengths.empty()) return;
    const uint8_t lowest = strengths[std::min(strengths.size(), size_t(top)) - 1];
    for (Card c : v.trumps)
      if (v.strength[c] >= lowest) v.follow_exempt.add(c);
  };
  for (TrumpView& v : p.views) highest(v);
  for (TrumpOrder& o : p.trump_orders) highest(o.view);
}

// play.called_card: the duties of a called card, each listed once (the
// schema has checked the words).
void PlayCompiler::called_card() {
  p.called_card = 0;
  const DocNode* list = play.find("called_card");
  if (!list || !list->is_seq()) return;
  static const std::pair<const char*, uint8_t> kDuties[] = {{"falls_when_led", TrickRules::kFallsWhenLed},
                                                            {"lead_it", TrickRules::kLeadIt},
                                                            {"caller_keeps_suit", TrickRules::kCallerKeepsSuit},
                                                            {"not_discarded", TrickRules::kNotDiscarded}};
  for (size_t i = 0; i < list->seq.size(); ++i) {
    const DocNode& n = *list->seq[i];
    for (auto [word, bit] : kDuties) {
      if (n.scalar != word) continue;
      if (p.called_card & bit) error(n, index_path("play.called_card", i), in_quotes(n.scalar) + " is listed twice");
      p.called_card |= bit;
    }
  }
  if (p.called_card && !hooks_written)
    error(*list, "play.called_card", "no hook can call a card: the ruleset binds no hooks",
          "hooks whose Lua calls game.call_card(seat, card)");
}

}  // namespace

void compile_play_rules(const DocNode& doc, Ruleset& out, Diagnostics& diags) {
  static const DocNode kEmpty = [] {
    DocNode n;
    n.kind = DocNode::Map;
    return n;
  }();
  const DocNode* play = doc.find("play");
  PlayCompiler c{play ? *play : kEmpty, out, diags};
  c.hooks_written = doc.find("hooks") != nullptr;
  c.first_lead_card();
  c.obligations();
  c.lead_restrictions();
  c.first_trick();
  c.extra_trumps();
  c.face_down();
  c.build_views();
  c.trump_orders();
  c.follow_exempt();
  c.called_card();
}

}  // namespace hukum
