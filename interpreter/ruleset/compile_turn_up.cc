// The turn-up family of deal steps and their top-level keys: `turn_up`,
// `trump_auction` (rounds of accept / name a suit), `exchange` (a card of the
// turn-up's suit swapped for it), `deal_rest` (the turn-up as one seat's last
// card), `take_turn_up` (a seat takes it and discards), and `melds` (declarations found by data). compile_turn_up_step reads
// one step of `deal:`; compile_turn_up_rules reads the top-level keys and
// checks that steps and keys fit together, once the deal, the trump method and
// the hook words are known.
#include <algorithm>
#include <set>

#include "ruleset/loader.h"

namespace hukum {

namespace {

bool has_step(const Ruleset& r, DealStep::Kind kind, size_t before = SIZE_MAX) {
  for (size_t i = 0; i < r.deal.size() && i < before; ++i)
    if (r.deal[i].kind == kind) return true;
  return false;
}

// How many packs the deck is made of (deck.copies).
int deck_copies(const Ruleset& r) { return r.deck.cards.empty() ? 1 : r.deck.cards.back().copy + 1; }

// Whether a step before `before` names a bidder (an auction, a trump auction, a registered kind such as calls).
bool bidder_known(const Ruleset& r, size_t before = SIZE_MAX) {
  for (size_t i = 0; i < r.deal.size() && i < before; ++i) {
    const DealStep& s = r.deal[i];
    if (s.kind == DealStep::Kind::TrumpAuction ||
        (s.kind == DealStep::Kind::Registered && s.registered->names_bidder))
      return true;
  }
  return false;
}

SeatRef seat_ref_of(const std::string& word) {
  for (int i = 0; i < int(SeatRef::Count); ++i)
    if (word == to_string(SeatRef(i))) return SeatRef(i);
  return SeatRef::Dealer;  // unreachable after validation
}

struct TurnUpCompiler {
  const DocNode& doc;
  Ruleset& r;
  Diagnostics& diags;

  void error(const DocNode& at, const std::string& path, std::string message, std::string expected = {}) {
    diags.error(at.pos, written_path(at, path), std::move(message), std::move(expected));
  }
  // A rank of the deck, or -1 with an error.
  int rank(const DocNode& n, const std::string& path) {
    const int k = r.deck.rank_index(n.scalar);
    if (k < 0)
      error(n, path, "unknown rank " + in_quotes(n.scalar) + did_you_mean(n.scalar, r.deck.ranks),
            "one of: " + comma_list(r.deck.ranks));
    return k;
  }
  std::vector<int> ranks(const DocNode& list, const std::string& path) {
    std::vector<int> out;
    for (size_t i = 0; i < list.seq.size(); ++i) {
      const int k = rank(*list.seq[i], index_path(path, i));
      if (k < 0) continue;
      if (std::find(out.begin(), out.end(), k) != out.end())
        error(*list.seq[i], index_path(path, i), "rank " + in_quotes(list.seq[i]->scalar) + " is listed twice");
      else
        out.push_back(k);
    }
    return out;
  }
  void trump_auction();
  void melds();
  void check_steps();
  void check_words();
};

void TurnUpCompiler::trump_auction() {
  const DocNode* a = doc.find("trump_auction");
  const bool step = has_step(r, DealStep::Kind::TrumpAuction);
  if (!a) {
    if (step) error(*doc.find("deal"), "deal", "the trump_auction step needs the top-level 'trump_auction' key",
                    "trump_auction: {rounds: [accept, name]}");
    return;
  }
  if (!step) error(*a, "trump_auction", "declared, but no deal step runs it", "a 'trump_auction' step in deal");
  TrumpAuctionRules& out = r.trump_auction;
  if (const DocNode* order = a->find("order")) {
    out.order.clear();
    std::set<int> seats;
    for (size_t i = 0; i < order->seq.size(); ++i) {
      const DocNode& n = *order->seq[i];
      const SeatRef ref = seat_ref_of(n.scalar);
      if (is_bidder_ref(ref)) {
        error(n, index_path("trump_auction.order", i), "the bidder is not known before the auction");
        continue;
      }
      // Where the reference points with dealer 0 in play order; relative, so the same for any dealer.
      int seat = 0;
      const int step_dir = r.direction == Direction::Counterclockwise ? r.seats - 1 : 1;
      if (ref == SeatRef::DealerNext) seat = step_dir % r.seats;
      if (ref == SeatRef::DealerPrevious) seat = (r.seats - step_dir) % r.seats;
      if (ref == SeatRef::DealerPartner) {
        seat = step_dir % r.seats;
        while (seat != 0 && r.team_of[size_t(seat)] != r.team_of[0]) seat = (seat + step_dir) % r.seats;
        if (seat == 0) error(n, index_path("trump_auction.order", i), "dealer_partner needs partnerships, but every seat plays alone");
      }
      if (!seats.insert(seat).second)
        error(n, index_path("trump_auction.order", i), in_quotes(n.scalar) + " is a seat already in the order");
      out.order.push_back(ref);
    }
    if (int(seats.size()) != r.seats && int(order->seq.size()) == int(seats.size()))
      error(*order, "trump_auction.order",
            std::to_string(seats.size()) + " seats in the order, the table has " + std::to_string(r.seats),
            "every seat once");
  }
  if (const DocNode* rounds = a->find("rounds")) {
    out.rounds.clear();
    for (const auto& n : rounds->seq)
      out.rounds.push_back(n->scalar == "accept" ? TrumpAuctionRules::Round::Accept
                           : n->scalar == "name" ? TrumpAuctionRules::Round::Name
                                                 : TrumpAuctionRules::Round::NameOther);
    if (out.rounds.empty()) error(*rounds, "trump_auction.rounds", "the list is empty", "[accept, name]");
  }
  if (const DocNode* n = a->find("last_must_call")) out.last_must_call = n->scalar == "true";
  const bool needs_turn_up = std::any_of(out.rounds.begin(), out.rounds.end(), [](auto k) {
    return k != TrumpAuctionRules::Round::Name;
  });
  size_t at = 0;
  while (at < r.deal.size() && r.deal[at].kind != DealStep::Kind::TrumpAuction) ++at;
  if (step && needs_turn_up && !has_step(r, DealStep::Kind::TurnUp, at))
    error(*doc.find("deal")->seq[at], index_path("deal", at),
          "rounds accept and name_other need a turn_up step before the trump_auction step", "turn_up");
  if (step && r.play.trump_method != TrumpMethod::None) {
    const DocNode* play = doc.find("play");
    const DocNode* trump = play ? play->find("trump") : nullptr;
    const DocNode* method = trump ? trump->find("method") : nullptr;
    error(method ? *method : *a, method ? "play.trump.method" : "trump_auction",
          "the trump_auction step sets the trump: play.trump.method must be none",
          "play: {trump: {method: none}}");
  }
}

void TurnUpCompiler::melds() {
  const DocNode* m = doc.find("melds");
  const bool step = has_step(r, DealStep::Kind::Melds);
  if (!m) {
    if (step) error(*doc.find("deal"), "deal", "the melds step needs the top-level 'melds' key",
                    "melds: {sets: [{count: 4, value: 100}]}");
    return;
  }
  MeldRules& out = r.melds;
  out.repeats = deck_copies(r) > 1;
  if (const DocNode* named = m->find("named")) {
    for (size_t i = 0; i < named->seq.size(); ++i) {
      const std::string& name = named->seq[i]->scalar;
      if (name.empty() || name.size() > 40)
        error(*named->seq[i], index_path("melds.named", i), "a meld's name has 1 to 40 characters");
      else if (std::find(out.named.begin(), out.named.end(), name) != out.named.end())
        error(*named->seq[i], index_path("melds.named", i), in_quotes(name) + " is listed twice");
      else if (out.named.size() == 64)
        error(*named->seq[i], index_path("melds.named", i), "at most 64 names");
      else
        out.named.push_back(name);
    }
    if (r.family == Family::Fishing)
      error(*named, "melds.named", "melds score only in a trick-taking game", "family: trick_taking");
  }
  // Melds only a hook declares need no step; melds the data finds, and the
  // keys that say how the step declares and compares them, do.
  const bool step_keys = m->find("sequences") || m->find("sets") || m->find("groups") || m->find("optional") ||
                         m->find("score") || m->find("best_by");
  if (const DocNode* at = m->find("at"); at && at->scalar == "first_card") {
    out.at_first_card = true;
    if (step)
      error(*at, "melds.at", "first_card: the melds are declared during the first trick, so the deal plan has no "
                             "'melds' step", "remove '- melds' from deal, or at: deal_step");
    else if (r.family == Family::Fishing)
      error(*at, "melds.at", "melds score only in a trick-taking game", "family: trick_taking");
    else if (r.play.trump_method == TrumpMethod::FirstDiscard)
      error(*at, "melds.at", "first_card: the first trick may fix the trump (first_discard) while melds are declared");
    else if (!m->find("sequences") && !m->find("sets") && !m->find("groups"))
      error(*at, "melds.at", "first_card: no meld is found by data (sequences, sets or groups)");
  }
  if (!step && !out.at_first_card && step_keys)
    error(*m, "melds", "declared, but no deal step runs it", "a 'melds' step in deal, or at: first_card");
  if (const DocNode* n = m->find("optional")) out.optional = n->scalar == "true";
  if (const DocNode* n = m->find("score")) out.best_team_only = n->scalar == "best_team";
  if (const DocNode* list = m->find("best_by")) {
    using C = MeldRules::Criterion;
    out.best_by.clear();
    for (const auto& n : list->seq)
      out.best_by.push_back(n->scalar == "value" ? C::Value : n->scalar == "cards" ? C::Cards
                            : n->scalar == "top_card" ? C::TopCard : C::Trump);
    if (!out.best_team_only)
      error(*list, "melds.best_by", "only means something with score: best_team", "melds: {score: best_team}");
  }
  if (const DocNode* seq = m->find("sequences")) {
    out.sequence_order = ranks(*seq->find("order"), "melds.sequences.order");
    if (const DocNode* n = seq->find("split_long_runs")) out.split_long_runs = n->scalar == "true";
    const DocNode& values = *seq->find("values");
    const int longest_possible = int(out.sequence_order.size());
    out.sequence_values.clear();
    for (const auto& e : values.map) {
      int length = 0;
      const bool number = !e.key.empty() && e.key.size() < 4 &&
                          e.key.find_first_not_of("0123456789") == std::string::npos;
      if (number) length = std::stoi(e.key);
      if (!number || length < 2 || length > longest_possible) {
        diags.error(e.key_pos, join_path(written_path(values, "melds.sequences.values"), e.key),
                    "a run length must be a number from 2 to " + std::to_string(longest_possible) + ", not " +
                        in_quotes(e.key));
        continue;
      }
      if (size_t(length) >= out.sequence_values.size()) out.sequence_values.resize(size_t(length) + 1, 0);
      out.sequence_values[size_t(length)] = std::stoi(e.value->scalar);
    }
    if (values.map.empty()) error(values, "melds.sequences.values", "no run length is listed", "{3: 20}");
    out.sequence_position.fill(-1);
    for (size_t p = 0; p < out.sequence_order.size(); ++p) out.sequence_position[size_t(out.sequence_order[p])] = int8_t(p);
    out.shortest_run = 0;
    for (size_t len = 2; len < out.sequence_values.size() && out.shortest_run == 0; ++len)
      if (out.sequence_values[len] > 0) out.shortest_run = int(len);
    if (out.shortest_run == 0) out.sequence_values.clear();  // no run scores
  }
  if (const DocNode* sets = m->find("sets")) {
    for (size_t i = 0; i < sets->seq.size(); ++i) {
      const DocNode& n = *sets->seq[i];
      MeldRules::Set s;
      s.count = std::stoi(n.find("count")->scalar);
      s.value = std::stoi(n.find("value")->scalar);
      if (const DocNode* k = n.find("ranks")) s.ranks = ranks(*k, index_path("melds.sets", i) + ".ranks");
      if (const DocNode* k = n.find("name")) s.name = k->scalar;
      s.different_suits = n.find("suits") && n.find("suits")->scalar == "different";
      const int copies = deck_copies(r);
      if (s.count > (s.different_suits ? 1 : copies) * int(r.deck.suits.size()))
        error(*n.find("count"), index_path("melds.sets", i) + ".count",
              "no hand can hold " + std::to_string(s.count) + " cards of one rank" +
                  (s.different_suits ? " of different suits" : "") + " in this deck");
      if (const DocNode* k = n.find("doubled")) {
        s.doubled = std::stoi(k->scalar);
        if (copies < 2 || s.count * 2 > copies * int(r.deck.suits.size()))
          error(*k, index_path("melds.sets", i) + ".doubled", "no hand can hold this set twice in this deck",
                "deck: {copies: 2}");
      }
      out.sets.push_back(std::move(s));
    }
  }
  if (const DocNode* groups = m->find("groups")) {
    for (size_t i = 0; i < groups->seq.size(); ++i) {
      const DocNode& n = *groups->seq[i];
      MeldRules::Group g;
      const std::string path = index_path("melds.groups", i);
      g.name = n.find("name")->scalar;
      const DocNode* rank_list = n.find("ranks");
      const DocNode* card_list = n.find("cards");
      if (!rank_list == !card_list) {
        error(n, path, rank_list ? "a group gives its ranks or its cards, not both" : "a group gives its ranks or its cards",
              "ranks: [K, Q] (in one suit) or cards: [QS, JD]");
        continue;
      }
      if (rank_list) {
        g.ranks = ranks(*rank_list, path + ".ranks");
      } else {
        for (size_t k = 0; k < card_list->seq.size(); ++k) {
          const DocNode& c = *card_list->seq[k];
          const Card card = r.deck.parse_card(c.scalar);
          if (card == kNoCard) {
            error(c, index_path(path + ".cards", k), in_quotes(c.scalar) + " is not a card of the deck", "a card such as QS");
            continue;
          }
          const std::pair<int, int> face{r.deck.cards[card].suit, r.deck.cards[card].rank};
          if (std::find(g.faces.begin(), g.faces.end(), face) != g.faces.end())
            error(c, index_path(path + ".cards", k), "card " + in_quotes(c.scalar) + " is listed twice");
          else
            g.faces.push_back(face);
        }
        if (card_list->seq.size() < 2)
          error(*card_list, path + ".cards", "a group of cards needs at least two cards", "[QS, JD]");
        if (n.find("suit"))
          error(*n.find("suit"), path + ".suit", "a group of cards has no suit of its own (its cards say theirs)");
      }
      g.value = std::stoi(n.find("value")->scalar);
      g.trump_only = !n.find("suit") || n.find("suit")->scalar == "trump";
      if (const DocNode* k = n.find("doubled")) {
        g.doubled = std::stoi(k->scalar);
        if (deck_copies(r) < 2)
          error(*k, path + ".doubled", "no hand can hold this group twice in this deck",
                "deck: {copies: 2}");
      }
      for (int k : g.ranks) g.rank_mask |= 1u << k;
      // One rank is one card: meaningful in the trump suit only (a seven of trumps).
      if (rank_list && rank_list->seq.empty())
        error(*rank_list, path + ".ranks", "a group needs at least one rank", "[K, Q]");
      else if (rank_list && rank_list->seq.size() < 2 && !g.trump_only)
        error(*rank_list, path + ".ranks", "a group of one rank is a single card: it needs suit: trump",
              "ranks: [K, Q], or suit: trump");
      out.groups.push_back(std::move(g));
    }
  }
  if (!out.any()) error(*m, "melds", "no meld is described", "sequences, sets, groups or named");
}

// Steps that need a card turned up before them.
void TurnUpCompiler::check_steps() {
  const DocNode* steps = doc.find("deal");
  if (!steps) return;
  int turn_ups = 0;
  size_t turn_up_at = 0;
  for (size_t i = 0; i < r.deal.size() && i < steps->seq.size(); ++i) {
    const DealStep& s = r.deal[i];
    const DocNode& at = *steps->seq[i];
    const std::string path = index_path("deal", i);
    if (s.kind == DealStep::Kind::TurnUp) {
      if (turn_ups == 0) turn_up_at = i;
      if (++turn_ups > 1) error(at, path, "only one card can be turned up in a deal");
      if (!has_step(r, DealStep::Kind::Deal, i)) error(at, path, "turn_up comes before any card is dealt");
    }
    if ((s.kind == DealStep::Kind::Exchange || s.kind == DealStep::Kind::DealRest) && turn_ups == 0)
      error(at, path, std::string(to_string(s.kind)) + " needs a turn_up step before it", "turn_up");
    if (s.kind == DealStep::Kind::TakeTurnUp) {
      if (turn_ups == 0) error(at, path, "take_turn_up needs a turn_up step before it", "turn_up");
      else if (s.only_if_accepted && !has_step(r, DealStep::Kind::TrumpAuction, i))
        error(at, path, "take_turn_up with only_if_accepted needs a trump_auction step before it",
              "trump_auction, or only_if_accepted: false");
      // Steps after the turn-up that take it off the table before this one.
      bool taken = false;
      for (size_t j = turn_up_at + 1; turn_ups > 0 && j < i; ++j)
        taken = taken || r.deal[j].kind == DealStep::Kind::DealRest || r.deal[j].kind == DealStep::Kind::Exchange ||
                r.deal[j].kind == DealStep::Kind::TakeTurnUp;
      if (taken) error(at, path, "the turn-up has already left the table (deal_rest, exchange or take_turn_up before)");
    }
    if (s.kind == DealStep::Kind::Exchange && has_step(r, DealStep::Kind::DealRest, i))
      error(at, path, "exchange comes after deal_rest, when the turn-up is already in a hand");
    if (s.kind == DealStep::Kind::Melds && r.play.trump_method == TrumpMethod::FirstDiscard)
      error(at, path, "melds are found before the play, but first_discard fixes the trump during it");
  }
}

// The engine's own words of these steps cannot also be hook words.
void TurnUpCompiler::check_words() {
  const DocNode* hooks = doc.find("hooks");
  const DocNode* actions = hooks ? hooks->find("actions") : nullptr;
  if (!actions) return;
  for (const auto& e : actions->map) {
    const bool clash = (e.key == "accept" && has_step(r, DealStep::Kind::TrumpAuction)) ||
                       (e.key == "declare" && has_step(r, DealStep::Kind::Melds)) ||
                       (e.key == "name" && has_step(r, DealStep::Kind::TrumpAuction)) ||
                       (e.key == "exchange" && has_step(r, DealStep::Kind::Exchange)) ||
                       (e.key == "discard" && has_step(r, DealStep::Kind::TakeTurnUp));
    if (clash)
      diags.error(e.key_pos, written_path(*actions, "hooks.actions"),
                  "action " + in_quotes(e.key) + " is a word of this ruleset's deal steps",
                  "a word other than accept, name, exchange, discard and declare");
  }
}

}  // namespace

bool compile_turn_up_step(const DocNode& step, const std::string& word, bool bare, const std::string& path,
                          const Ruleset& r, Diagnostics& diags, DealStep* out) {
  if (bare && (word == "turn_up" || word == "trump_auction" || word == "melds")) {
    out->kind = word == "turn_up" ? DealStep::Kind::TurnUp
                : word == "trump_auction" ? DealStep::Kind::TrumpAuction
                                          : DealStep::Kind::Melds;
    return true;
  }
  if (const DocNode* ex = step.find("exchange")) {
    out->kind = DealStep::Kind::Exchange;
    const DocNode& n = *ex->find("rank");
    out->rank = r.deck.rank_index(n.scalar);
    if (out->rank < 0)
      diags.error(n.pos, written_path(n, path + ".exchange.rank"),
                  "unknown rank " + in_quotes(n.scalar) + did_you_mean(n.scalar, r.deck.ranks),
                  "one of: " + comma_list(r.deck.ranks));
    return true;
  }
  if (const DocNode* take = step.find("take_turn_up")) {
    out->kind = DealStep::Kind::TakeTurnUp;
    out->seat = take->find("seat") ? seat_ref_of(take->find("seat")->scalar) : SeatRef::Dealer;
    out->count = take->find("discard") ? std::stoi(take->find("discard")->scalar) : 1;
    if (const DocNode* n = take->find("only_if_accepted")) out->only_if_accepted = n->scalar == "true";
    // One card in, one card out: every hand keeps the size the tricks need.
    if (out->count != 1)
      diags.error(take->find("discard")->pos, written_path(*take->find("discard"), path + ".take_turn_up.discard"),
                  "the seat takes one card, so it discards one: every hand must keep its size for the tricks",
                  "discard: 1");
    // A Lua step may name the bidder too (game.set_contract); when nobody won
    // its bidding the turn-up is turned down (engine/take_turn_up.cc).
    const bool lua_step_before = std::any_of(r.deal.begin(), r.deal.end(),
                                             [](const DealStep& s) { return s.kind == DealStep::Kind::Script; });
    if (is_bidder_ref(out->seat) && !bidder_known(r) && !lua_step_before)
      diags.error(take->find("seat")->pos, written_path(*take->find("seat"), path + ".take_turn_up.seat"),
                  "there is no bidder before this step",
                  "an auction step (calls, trump_auction) or a Lua step that calls game.set_contract before it");
    return true;
  }
  if (const DocNode* rest = step.find("deal_rest")) {
    out->kind = DealStep::Kind::DealRest;
    for (const auto& p : rest->find("packets")->seq) out->packets.push_back(std::stoi(p->scalar));
    out->seat = rest->find("turn_up_to") ? seat_ref_of(rest->find("turn_up_to")->scalar) : SeatRef::Dealer;
    if (is_bidder_ref(out->seat) && !bidder_known(r))
      diags.error(rest->find("turn_up_to")->pos, written_path(*rest->find("turn_up_to"), path + ".deal_rest.turn_up_to"),
                  "there is no bidder before an auction step");
    if (rest->find("packets")->seq.empty())
      diags.error(rest->pos, written_path(*rest, path + ".deal_rest.packets"), "the list is empty", "[1, 1, 1]");
    return true;
  }
  return false;
}

void compile_turn_up_rules(const DocNode& doc, Ruleset& r, Diagnostics& diags) {
  TurnUpCompiler c{doc, r, diags};
  c.trump_auction();
  c.melds();
  c.check_steps();
  c.check_words();
}

}  // namespace hukum
