// The deal step `kitty`: a seat (the bidder by default) takes the cards left
// undealt in the stock into its hand, then discards as many face down, one
// decision each ("discard 9C"), so that its hand keeps its size. The kitty may
// first be shown to everyone (then all know the taker holds those cards, in
// the hand or among its discards), and the taker may be allowed to decline it
// ("pass": play without it) or take it ("accept"). The discards, or a declined
// kitty, count for the taker's side at the end of the deal when the ruleset
// says so; otherwise they are out of the deal.
//
// General: every game that leaves a few cards undealt for the bidder (a
// kitty, widow, talon or blind). The whole kind is this file and
// its line in registered.def (docs/architecture.md, "Adding a deal-step kind").
#include "engine/state.h"
#include "ruleset/describe_text.h"

namespace hukum {

namespace {

struct KittyParams final : StepParams {
  SeatRef seat = SeatRef::Bidder;
  int cards = 0;  // 0: every card left in the stock
  bool show = false;
  bool may_decline = false;
  bool counts_for_taker = false;
};

// Per deal, in the step's slot (zeroed as the deal starts).
struct KittyState {
  CardSet discards;  // the taker's discards so far
  int8_t seat;
  int8_t taken;      // cards in the kitty this deal (0: the step did nothing)
  int8_t left;       // discards still to make
  bool discarding;   // false while the taker may still decline
  bool declined;
};

std::vector<SchemaField> parameters() {
  return {
      step_optional("seat", seat_word(), "bidder", "Who takes the kitty", "bidder"),
      step_optional("cards", step_integer(1, kMaxCards), "every card left in the stock",
                    "How many cards of the stock's top make the kitty", "2"),
      step_optional("show", step_flag(), "false",
                    "Show the kitty to every player before it is taken (everyone then knows the taker holds "
                    "those cards, in the hand or among the discards)",
                    "true"),
      step_optional("may_decline", step_flag(), "false",
                    "The taker first answers accept (take the kitty) or pass (play without it; it stays "
                    "undealt)",
                    "true"),
      step_optional("counts_for_taker", step_flag(), "false",
                    "At the end of the deal the discards (or a declined kitty) join the taker's won cards and "
                    "count for its side; otherwise they are out of the deal",
                    "true"),
  };
}

std::shared_ptr<const StepParams> compile(const StepCompile& at) {
  auto p = std::make_shared<KittyParams>();
  p->seat = at.seat("seat", SeatRef::Bidder);
  p->cards = at.integer("cards", 0);
  p->show = at.flag("show", false);
  p->may_decline = at.flag("may_decline", false);
  p->counts_for_taker = at.flag("counts_for_taker", false);
  if (!at.dealt_before()) at.error(at.params, "", "kitty comes before any card is dealt", "a deal step before it");
  return p;
}

std::string describe(const Ruleset&, const DealStep& step) {
  const auto& p = step.params_as<KittyParams>();
  std::string s = capitalized(seat_ref_text(p.seat)) + " takes " +
                  (p.cards ? "the top " + std::to_string(p.cards) + (p.cards == 1 ? " card" : " cards") + " of"
                           : std::string("the cards left in")) +
                  " the stock (the kitty)";
  if (p.show) s += ", after showing them to everyone,";
  s += " into the hand, then discards as many face down";
  s += p.counts_for_taker ? "; the discards count for the taker's side at the end of the deal"
                          : "; the discards are out of the deal";
  if (p.may_decline)
    s += std::string(". The taker may instead pass and play without the kitty") +
         (p.counts_for_taker ? ", which then counts for the taker's side at the end" : ", which stays out of the deal");
  return s + ".";
}

void take(GameState& game, const DealStep& step, KittyState& st) {
  const auto& p = step.params_as<KittyParams>();
  const CardSet cards = game.take_from_stock(st.taken, GameState::hand_of_place(st.seat));
  if (p.show) {
    game.announce_shown(st.seat, cards);
    game.known_to_hold(st.seat, cards);
  }
  st.left = st.taken;
  st.discarding = true;
  game.wait_for(st.seat);
}

StepStart begin(GameState& game, const DealStep& step) {
  const auto& p = step.params_as<KittyParams>();
  // The bidder's kitty waits for a bidder: when nobody won the bidding (all
  // passed, a Lua step made none) the step does nothing.
  const int seat = p.seat == SeatRef::Bidder && game.bidder() < 0 ? -1 : game.seat_named(p.seat);
  const int in_stock = game.stock_left();
  if (seat < 0 || game.sits_out(seat) || in_stock == 0) return StepStart::Done;  // no taker, or no kitty
  auto& st = game.step_state<KittyState>(step);
  st.seat = int8_t(seat);
  st.taken = int8_t(p.cards ? std::min(p.cards, in_stock) : in_stock);
  if (p.may_decline) {
    game.wait_for(seat);
    return StepStart::Waits;
  }
  take(game, step, st);
  return StepStart::Waits;
}

void legal(GameState& game, const DealStep& step, LegalActions* out) {
  const auto& st = game.step_state<KittyState>(step);
  if (!st.discarding) {
    out->can_accept = out->can_pass = true;
    return;
  }
  out->card_kind = ActionKind::Discard;
  out->cards = game.hand_of(st.seat);
}

bool apply(GameState& game, const DealStep& step, const Action& action) {
  auto& st = game.step_state<KittyState>(step);
  if (!st.discarding) {
    if (action.kind == ActionKind::Pass) {
      st.declined = true;
      return game.step_finished();
    }
    take(game, step, st);
    return true;
  }
  game.discard_face_down(st.seat, CardSet::of(action.card));
  st.discards.add(action.card);
  if (--st.left > 0) {
    game.ask_again();
    return true;
  }
  return game.step_finished();
}

void deal_end(GameState& game, const DealStep& step) {
  const auto& p = step.params_as<KittyParams>();
  auto& st = game.step_state<KittyState>(step);
  if (!p.counts_for_taker || st.taken == 0) return;
  if (st.declined) {
    game.take_from_stock(st.taken, Place{Zone::Won, st.seat});
    st.taken = 0;  // once: scoring may be entered again
  } else {
    game.count_face_down(st.seat, st.discards);
  }
}

std::string prompt(const LegalActions& legal) {
  return legal.can_accept ? "The kitty: take it (accept), or play without it (pass)"
                          : "You took the kitty: discard a card face down (discard <card>)";
}

}  // namespace

extern const StepKindRow kKittyStep;
const StepKindRow kKittyStep{
    "kitty",
    "A seat takes the cards left undealt (a kitty, widow, talon or blind) and discards as many face down",
    "{seat: bidder, show: true, counts_for_taker: true}",
    parameters,
    compile,
    describe,
    {begin, legal, apply, deal_end},
    prompt,
};

}  // namespace hukum
