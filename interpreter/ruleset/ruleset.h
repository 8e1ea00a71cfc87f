// The plain C++ form a ruleset compiles to. The engine reads only this: flat
// tables indexed by card or seat, enums for every mechanism, no YAML and no
// strings on the hot path. Every field is named after its YAML key so one grep
// finds both (see docs/ruleset-format.md).
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/card.h"
#include "diag/diagnostic.h"
#include "ruleset/fishing_rules.h"
#include "ruleset/step_kind.h"

namespace hukum {

enum class Direction : uint8_t { Clockwise, Counterclockwise, Alternate };

// A seat named relative to the dealer (or to the bidder, for later phases).
enum class SeatRef : uint8_t {
  Dealer,
  DealerNext,      // first seat after the dealer in the direction of play
  DealerPrevious,  // last seat before the dealer
  DealerPartner,   // the next teammate of the dealer in the direction of play
  Bidder,          // the winner of the auction (the declarer of the contract)
  BidderNext,      // the first seat after the bidder in the direction of play
  BidderPartner,   // the next teammate of the bidder in the direction of play (a dummy)
  Count
};

// An auction of rounds over the trump suit (deal step `trump_auction`): in
// `order`, each seat accepts the turn-up's suit or passes (round Accept), or
// names a suit or passes (Name: any suit; NameOther: any but the turn-up's).
// The first acceptance or name ends it; the speaker is the bidder and his suit
// is trump. When every round passes out, the deal is thrown in.
struct TrumpAuctionRules {
  enum class Round : uint8_t { Accept, Name, NameOther };
  std::vector<SeatRef> order;  // empty: every seat from the dealer's next, in play order
  std::vector<Round> rounds{Round::Accept, Round::Name};
  bool last_must_call = false;  // the last speaker of the last round may not pass (no throw-in)
};

// Declarations (melds) found in a hand by data (deal step `melds`).
struct MeldRules {
  bool optional = false;  // each seat holding melds chooses to declare them or not
  // melds.at first_card: no deal step; each seat declares at its first turn
  // of the first trick, before its card (or as it plays it, when declaring is
  // not optional), and the melds are compared once that trick is over.
  bool at_first_card = false;
  // melds.score best_team: once every seat has declared, only the side of the
  // best meld (engine/melds.cc, better_meld) keeps its meld points. The best
  // is found by `best_by`, in order; of melds equal by all, the one declared first.
  bool best_team_only = false;
  enum class Criterion : uint8_t { Value, Cards, TopCard, Trump };
  std::vector<Criterion> best_by{Criterion::Value, Criterion::Cards, Criterion::TopCard, Criterion::Trump};
  // Sequences: cards of one suit consecutive in `sequence_order` (rank indices,
  // high to low); the value of a run by its length (index = length; 0: none).
  std::vector<int> sequence_order;
  std::vector<int> sequence_values;  // sequence_values[len]; lengths past the end score the last
  bool split_long_runs = false;      // a run longer than the longest listed length is cut
  // Derived when compiled, for the hot path: each rank's place in sequence_order (-1: none)
  // and the shortest run that scores.
  std::array<int8_t, kMaxRanks> sequence_position{};
  int shortest_run = 0;
  // Derived: the deck has several packs, so a meld may be held more than once.
  bool repeats = false;
  // With several packs (deck.copies) a hand may hold a set, a group or a run
  // more than once, each time with other copies: each counts, or, with
  // `doubled`, both together count that value instead of twice the value.
  struct Set {  // `count` cards of one rank (of `ranks`, rank indices; empty: any)
    int count = 4;
    int value = 0;
    int doubled = -1;             // -1: a set held twice scores twice its value
    bool different_suits = false;  // suits: different: no two cards of one suit
    std::vector<int> ranks;
    std::string name = "set";
  };
  std::vector<Set> sets;
  struct Group {  // these ranks together in one suit (the trump suit, or any suit), or these cards
    std::string name;
    std::vector<int> ranks;
    // `cards`: these cards together, of whatever suits (a queen of spades with
    // a jack of diamonds), each as (suit, rank); then `ranks` is empty.
    std::vector<std::pair<int, int>> faces;
    bool trump_only = true;
    int value = 0;
    int doubled = -1;        // -1: a group held twice scores twice its value
    uint32_t rank_mask = 0;  // derived: a bit per rank of `ranks`
  };
  std::vector<Group> groups;
  // Melds a hook declares (game.meld), by the names listed in melds.named:
  // what the data has no word for (a couple of trumps when played, a queen of
  // spades with a jack of diamonds, doubled values).
  std::vector<std::string> named;
  bool any() const { return !sequence_values.empty() || !sets.empty() || !groups.empty() || !named.empty(); }
  bool found_by_data() const { return !sequence_values.empty() || !sets.empty() || !groups.empty(); }
};

// One raise of the contract by the bidding side (deal step `raise`).
struct RaiseRules {
  int min = 1;        // a raise reaches at least this (and beats the contract)
  int max = 1;
  SeatRef first = SeatRef::DealerNext;  // the bidding side is asked in turn from this seat on
};

// A declaration the bidder may make (deal step `declare`): a word, and what it changes.
// What a declared contract promises: every trick (a slam) or none (a
// misère, Nula, Nullo).
enum class DeclarationGoal : uint8_t { AllTricks, NoTricks };

struct Declaration {
  std::string word;             // the action word, e.g. a solo contract's name
  DeclarationGoal goal = DeclarationGoal::AllTricks;
  bool partner_sits_out = false;  // the declarer's partners put their cards aside and skip the play
  bool declarer_leads = false;  // the declarer leads to the first trick
  int win = 0;                  // game points to the declarer's side when it keeps the promise
  int lose = 0;                 // game points to the other side otherwise
  bool end_on_failure = true;   // the deal ends at the first trick that breaks the promise
};

struct CardDef {
  uint8_t suit = 0;  // index into Deck::suits; kNoSuitSlot for a card of no suit
  uint8_t rank = 0;  // index into Deck::ranks (a card of no suit: its name, after the ranks)
  uint8_t copy = 0;  // which pack, with multiple copies
};

// The suit index that cards of no suit (deck.no_suit: an excuse, a joker)
// carry: past every suit and past the suit of its own that a trump order
// without a trump suit makes (TrumpOrder), so suit-indexed tables have room.
constexpr int kNoSuitSlot = kMaxSuits - 1;

// deck.attributes: a property of cards beyond suit and rank (a card's
// kind, a colour), with named values; each card has at most one value
// of an attribute. Compiled to a mask per value, so a line of data that names
// `kind: bright` costs a mask and a hook reads a card's value by index.
struct CardAttribute {
  std::string name;                 // "kind"
  std::vector<std::string> values;  // "bright", "animal", ... as written
  std::vector<CardSet> cards;       // per value: the cards that have it
  // Per value: its cards as written, each face with its copies, so that an
  // ordered list naming the value (trump_orders.trumps) ranks them so.
  std::vector<std::vector<CardSet>> written;
  int value_of(Card c) const {      // -1: the card has no value of this attribute
    for (size_t v = 0; v < cards.size(); ++v)
      if (cards[v].contains(c)) return int(v);
    return -1;
  }
};

struct Deck {
  std::vector<std::string> suits;  // suit letters: S H D C
  // Rank names as printed: A K ... 2; with deck.suit_ranks, every suit's ranks
  // in the order first written; then the names of the cards of no suit.
  std::vector<std::string> ranks;
  int ranked = 0;                  // ranks[0, ranked) are ranks; the rest name cards of no suit
  std::vector<CardDef> cards;      // the card table; a Card is an index into it
  std::array<CardSet, kMaxSuits> suit_mask{};  // cards of each suit ([kNoSuitSlot]: of no suit)
  CardSet all;                     // every card of the deck
  CardSet no_suit;                 // the cards of no suit (deck.no_suit)
  bool has_suit(Card c) const { return cards[c].suit != kNoSuitSlot; }
  // The suit letter of a card, "" for a card of no suit.
  const std::string& suit_text(Card c) const;
  // Canonical text: "10H", "AS"; with several packs the later copies are
  // numbered, "AS#2", so that every card has a name of its own.
  std::string card_text(Card c) const;
  // Parses canonical text; returns kNoCard when it names no card of the deck.
  // With several packs, "AS" is the first copy and "AS#2" the second.
  Card parse_card(const std::string& text) const;
  int suit_index(const std::string& letter) const;  // -1 when unknown
  int rank_index(const std::string& name) const;    // -1 when unknown
  std::vector<CardAttribute> attributes;             // deck.attributes, in the order written
  int attribute_index(const std::string& name) const {  // -1 when unknown
    for (size_t i = 0; i < attributes.size(); ++i)
      if (attributes[i].name == name) return int(i);
    return -1;
  }
};

// The deck's ranks without the names of its cards of no suit.
std::vector<std::string> ranks_only(const Deck& d);

// A step of the deal plan, run in order before the tricks.
struct DealStep {
  enum class Kind : uint8_t {
    Deal,         // packets of cards to every seat, from the first seat in rotation
    RandomTrump,  // a random card is shown, its suit is trump, it goes back, repack
    Raise,        // the bidding side may raise the contract once (Ruleset::raise)
    Declare,      // the bidder may make the ruleset's declaration (Ruleset::declaration)
    Layout,       // fishing: `count` cards from the stock face up to the layout
    Choose,       // every seat chooses `count` cards at once, hidden until all have; then reveal or pass
    Bids,         // every seat in turn bids once how many tricks it will take (bids_of in GameState)
    TurnUp,       // the next stock card is turned face up (public): the proposed trump (engine/turn_up.cc)
    TrumpAuction, // rounds of accept-the-turn-up / name-a-suit (Ruleset::trump_auction)
    Exchange,     // the holder of `rank` of the turn-up's suit may swap it for the turn-up
    DealRest,     // packets like Deal; the turn-up (or the card swapped for it) is `seat`'s last card
    Melds,        // declarations found by data (Ruleset::melds), announced in turn (engine/melds.cc)
    TakeTurnUp,   // `seat` takes the turn-up into its hand and discards `count` cards face down (engine/take_turn_up.cc)
    Script,       // a kind written in Lua (hooks.steps): its function begins it, a seat answers what it asks (engine/script_step.cc)
    Registered,   // a kind of its own file and row (ruleset/step_kind.h, engine/steps/): `registered` says which
    Count         // not a kind: the number of kinds (the rows of engine/step_table.cc)
  };
  // Choose: what happens once every seat has chosen.
  enum class Then : uint8_t {
    Reveal,  // the cards go back to their owners' hands, face up for everyone (bid cards)
    Pass,    // each seat's cards go to another seat's hand (passing cards)
  };
  Kind kind = Kind::Deal;
  std::vector<int> packets;    // Deal: cards per seat per round (the step's own list,
                               // or the ruleset's deal_packets when the step gives none)
  SeatRef seat = SeatRef::DealerNext;  // DealRest, TakeTurnUp: who gets the turn-up
  int rank = -1;               // Exchange: the rank (deck index) of the turn-up's suit that may be swapped
  int count = 1;               // Choose: how many; TakeTurnUp: cards discarded
  bool only_if_accepted = true;  // TakeTurnUp: only when the turn-up's suit was accepted in an accept round
  Then then = Then::Reveal;    // Choose
  bool one_seat = false;       // Choose: only `seat` chooses (else every seat, from the dealer's next)
  // Choose with Pass: per deal (cycling with the deal number), how many seats
  // on in the direction of play the cards go; 0 keeps them (no passing that
  // deal); a negative entry is a seat named by the table, -1 - int(SeatRef).
  std::vector<int> pass_to;
  // Deal with hand sizes: per deal (cycling with the deal number), the cards
  // each seat gets, one at a time; replaces `packets`.
  std::vector<int> hand_sizes;
  // Script: the kind's name (a key of hooks.steps) and the step's parameters as
  // written ({count: 2} -> ("count", "2")), handed to its function as a table.
  std::string script;
  std::vector<std::pair<std::string, std::string>> params;
  // Registered: the kind's row, its compiled parameters and the index of its
  // state in the GameState's step slots (one per registered step of the plan).
  const StepKindRow* registered = nullptr;
  std::shared_ptr<const StepParams> registered_params;
  int slot = -1;
  template <class T>
  const T& params_as() const { return static_cast<const T&>(*registered_params); }
};

// The word of a step as written in `deal:` ("deal", "kitty", a Lua kind's name).
std::string step_name(const DealStep& step);

// Bids of tricks (deal step `bids`): each seat once, from the dealer's next.
struct BidRules {
  int min = 0;                    // the lowest bid; the highest is the tricks of the deal
  bool total_not_tricks = false;  // the last bidder may not make the bids add up to the tricks
};

enum class TrumpMethod : uint8_t {
  None,          // no trump unless a hook sets one
  Fixed,         // trump_suit, for the whole game
  RandomCard,    // set by a RandomTrump deal step
  FirstDiscard,  // the first card played that does not follow the led suit fixes trump
};

// One obligation of the follow pipeline (`play.obligations`): applied in order
// to the cards still allowed once a trick has been led, each keeps a subset of
// them, never nothing (engine/legal_play.cc). Its word and description are one
// row of kObligations (ruleset.cc), read by the schema, the compiler and describe.
enum class PlayFilter : uint8_t {
  FollowSuit,   // the cards of the led suit, when the player holds any
  FollowSuitOrTrump,  // holding the led suit: its cards and the trumps (a third suit is barred)
  TrumpIfVoid,  // void in the led suit: the trumps, when the player holds any
  Overruff,     // made to trump (by trump_if_void or a hook): trumps beating the trick's trumps
  Overtrump,    // every allowed card a trump, the trick holds one: the trumps beating it
  HeadTrick,    // the cards that would beat every card already in the trick
  NoUndertrump,  // a plain suit led and the trick trumped: no trump below its best, unless nothing else is allowed
  FreeIfPartnerWins,  // the player's partner holds the trick: the obligations after this one do not apply
  Count
};

struct ObligationInfo {
  const char* word;         // as written in play.obligations
  const char* description;  // for describe: what the player must do
};
const ObligationInfo& obligation_info(PlayFilter f);

// A card that may not be led (`play.lead_restrictions`) until a card of `until`
// has been played to an earlier trick, unless the leader holds nothing else.
struct LeadRestriction {
  enum class Kind : uint8_t {
    Cards,   // `cards` until one of `until` was played
    Trump,   // the trumps (of this deal's trump) until a trump was played
    Hidden,  // the suits of the leader's own face-down cards while they are face down
  };
  Kind kind = Kind::Cards;
  CardSet cards;
  CardSet until;
};

// How every card behaves while one suit (or none) is trump: its effective suit
// and its strength. Built once per possible trump when the ruleset compiles,
// so following and trick winners are array look-ups (`play.extra_trumps`
// moves cards of another suit into the trump suit).
struct TrumpView {
  std::array<uint8_t, kMaxCards> suit{};        // effective suit of each card
  std::array<CardSet, kMaxSuits> suit_mask{};   // the cards of each effective suit
  CardSet trumps;                               // the effective trump suit (empty: no trump)
  std::array<uint8_t, kMaxCards> strength{};    // trumps: trump order; others: plain order
  // Trumps that need not follow a trump lead when they are the hand's only
  // trumps (play.follow_exempt: the highest trump, every copy of it; or the
  // top N trumps, each only against a lower trump led: follow_exempt_against).
  CardSet follow_exempt;
};

// An extra trump (`play.extra_trumps`): while `trump` is trump, `cards` (every
// copy of one card) count as trumps, ranking just below the trump suit's card
// of rank `after` (or above every trump when `after` is -1).
struct ExtraTrump {
  int trump = 0;
  CardSet cards;
  int after = -1;
};

// A named trump structure (`play.trump_orders`), chosen for a deal by its
// contract (game.set_trump_order): its own view of every card. `suit` is the
// trump suit, or -1 (no trump suit: its trumps, if any, form a suit of their
// own, index deck.suits.size(), that a trump lead asks to follow).
struct TrumpOrder {
  std::string name;
  int suit = -1;
  TrumpView view;
};

// A view's trumps, highest first (ties, the copies of a card, in deck order).
std::vector<Card> trumps_high_to_low(const TrumpView& view);

struct TrickRules {
  SeatRef first_lead = SeatRef::DealerNext;
  // A dummy (`play.dummy`): a seat's hand laid face up for everyone, after the
  // opening lead or before the first lead, and played from then on by another
  // seat. SeatRef::Count: none.
  struct Dummy {
    SeatRef seat = SeatRef::Count;
    SeatRef played_by = SeatRef::Bidder;
    bool after_opening_lead = true;
  } dummy;
  // The holder of one of these cards leads the first trick instead (first_lead
  // then names who leads when nobody holds one); with first_lead_card_led, the
  // first card led must be that card.
  CardSet first_lead_cards;
  bool first_lead_card_led = false;
  // Compatibility keys, compiled into `obligations` (kept for describe and tests).
  bool must_follow_suit = true;
  bool must_trump_when_void = false;   // a void player holding trumps must play one
  bool must_overtrump = false;         // and must beat the trumps already in the trick
  std::vector<PlayFilter> obligations{PlayFilter::FollowSuit};
  // play.follow_exempt: a card that need not follow its suit when it is the
  // hand's only card of that suit (each view's follow_exempt holds it).
  // TopTrumps ({top_trumps: N}, reneging): the N highest trumps, each exempt
  // only when the trump led is lower than it (follow_exempt_against below).
  enum class FollowExempt : uint8_t { None, HighestTrump, TopTrumps };
  FollowExempt follow_exempt = FollowExempt::None;
  int follow_exempt_top = 0;  // N of top_trumps
  // play.called_card: the duties of the card a hook called this deal
  // (game.call_card), a bit per duty; they hold while the card is in a hand
  // (engine/called_card.cc). 0: none.
  enum CalledCardDuty : uint8_t { kFallsWhenLed = 1, kLeadIt = 2, kCallerKeepsSuit = 4, kNotDiscarded = 8 };
  uint8_t called_card = 0;
  // Following comes first and nothing may forbid it, so a seat that does not
  // follow is known to hold no card of the suit led (compile_play.cc); with
  // follow_suit_or_trump first (follow_or_trump), one that trumps instead shows nothing.
  bool follow_compulsory = true;
  bool follow_or_trump = false;
  bool any_follow_exempt = false;  // follow_exempt is not None (derived when compiled, for the hot path)
  // Where a hook's require_trump puts trump_if_void in the pipeline for the seat it names.
  size_t hook_trump_at = 1;
  std::vector<LeadRestriction> lead_restrictions;
  CardSet not_on_first_trick;  // not playable to the first trick unless nothing else is allowed
  TrumpMethod trump_method = TrumpMethod::None;
  int trump_suit = -1;                 // for TrumpMethod::Fixed
  // When trump is fixed in the middle of a trick: do trump-suit cards played
  // earlier in that trick as discards count as trumps?
  bool retroactive_in_reveal_trick = false;
  // The owner of a face-down card may not lead its suit while it is face down,
  // unless the hand holds no other suit (compiled into lead_restrictions).
  bool hidden_suit_lead_restricted = false;
  int last_trick_bonus = 0;
  bool last_equal_card_wins = false;  // play.equal_cards: last_wins (default: the first played wins)
  // Cards played face down (`play.face_down`): only their owner sees which
  // card it is until the trick is complete; the others see that one was played.
  enum class FaceDown : uint8_t { None, Trump };
  FaceDown face_down = FaceDown::None;
  std::vector<ExtraTrump> extra_trumps;
  // views[t + 1]: the cards while suit t is trump; views[0]: no trump.
  std::array<TrumpView, kMaxSuits + 1> views{};
  const TrumpView& view(int trump) const { return views[size_t(trump + 1)]; }
  std::vector<TrumpOrder> trump_orders;  // play.trump_orders, in the order written

  // The cards of view.follow_exempt that need not follow a trick whose suit
  // was set by `led`: every one (highest_trump); with top_trumps only those
  // above the card led, when it is a trump (a lower trump led: reneging).
  CardSet follow_exempt_against(const TrumpView& v, Card led) const {
    if (follow_exempt != FollowExempt::TopTrumps || !v.trumps.contains(led)) return v.follow_exempt;
    CardSet above;
    for (Card c : v.follow_exempt)
      if (v.strength[c] > v.strength[led]) above.add(c);
    return above;
  }
};

// Contract scoring: the bidding side succeeds with at least as many points as
// its contract; game points come from the band the contract falls in, and only
// one side scores.
struct ContractBand {
  int low = 0, high = 0;  // contracts low..high
  int win = 0;            // to the bidding side on success
  int lose = 0;           // to the other side on failure
};

// Counters the result compares, per team, in order of precedence.
enum class Counter : uint8_t { Points, Tricks, Count };

struct NamedResult {
  std::string name;
  Counter winner_takes_all;  // the winning team took every point / every trick
};

enum class DealerRule : uint8_t {
  Same, Next, NextTeammate, Previous,
  LowestScore,  // the lowest cumulative match score; a tie goes to the first tied seat after the dealer
};

struct NextDealerRules {
  DealerRule dealer_team_won = DealerRule::Next;
  DealerRule dealer_team_lost = DealerRule::Next;
  DealerRule draw = DealerRule::Same;
  std::map<std::string, DealerRule> dealer_team_lost_by;  // per named result
};

struct ResultRules {
  std::vector<Counter> compare{Counter::Points, Counter::Tricks};  // lexicographic
  std::vector<NamedResult> named;      // first match wins
  std::string default_name = "normal";
  std::map<std::string, int> game_points;  // game points per named result; empty = 1 each
  std::vector<ContractBand> contract;      // non-empty: the deal is scored as a contract
  Counter contract_on = Counter::Points;   // the bidding side needs at least its bid of these
  std::string contract_made = "success", contract_failed = "failure";  // the contract's result names
};

struct MatchRules {
  int deals = 1;          // deals in a match (0 when target decides)
  int target = 0;         // game points that end the match (0 = none)
  // Fishing games: the deal stops the moment a match total plus the points
  // captured so far in the deal reaches the target.
  bool target_ends_deal = false;
  int first_dealer = -1;  // seat index, or -1 for a seeded random choice
  bool lowest_wins = false;  // the lowest total wins the match (penalty games: Hearts)
  // When the match would end with the leaders tied: play this many more deals,
  // again until the tie is broken (0: the tie stands).
  int tie_break_deals = 0;
  // Several teams over the target on the same deal: the bidder's team wins,
  // if it is one of them (its total is counted first).
  bool bidders_first = false;
};

// Hook points the engine calls, when the ruleset registers a Lua function for them.
enum class HookPoint : uint8_t {
  CannotFollow,  // the seat to play holds no card of the led suit
  CannotPlay,    // the seat to play has an empty hand but still has a turn
  TrickDone,     // a trick is complete and captured (every trick, the last included)
  DealScored,    // the deal's result is known
  StepDone,      // a step of the deal plan is complete (its kind is passed)
  BeforeFirstLead,  // the deal plan is done, the first lead is next (the leader is passed)
  CardPlayed,    // a card was played to the trick (seat and card are passed)
  LegalFilter,   // the legal plays of a turn are known; game.forbid may remove some
  MatchOver,     // a deal was added to the match totals; game.end_match may end the match
  Captured,      // fishing: a card captured layout cards (seat, card and the cards taken are passed)
  Refilled,      // fishing: the hands were dealt again from the stock (the next seat to play is passed)
  CaptureRule,   // fishing: a card arrives at the layout; game.capture_sets may say which cards it takes
  CombinationScored,  // fishing: a turn raised its side's points of fishing.combinations (the seat is passed)
  Count
};

// When a hook is worth calling; checked in C++ so rulesets pay for Lua only when needed.
enum class HookWhen : uint8_t {
  Always,
  TrumpUnset,
  TrumpSet,
  HiddenCard,  // while some seat holds a card face down
  LastTrick,   // once the deal's last trick is complete (no card left to play)
};

// A hook point either calls a Lua function or, for the turn points
// (cannot_follow, cannot_play), simply offers an action word: the common case
// "a void player may (or must) ask for X" then costs no Lua call at all.
struct HookBinding {
  std::string function;  // "module.function" or a global function name
  std::string offer;     // an action word of hooks.actions, offered without Lua
  bool exclusive = false;  // with offer: the offered word is the only legal action
  HookWhen when = HookWhen::Always;
  // card_played, captured, capture_rule: called only for these cards;
  // trick_done: only for a trick that holds one of them (empty: any card, any trick)
  CardSet cards{};
  bool called_card = false;  // `cards: [called]`: and for the card called this deal (game.call_card)
  bool bound() const { return !function.empty() || !offer.empty(); }
  // `called`: the deal's called card (kNoCard: none).
  bool wants(Card card, Card called = kNoCard) const {
    return (cards.empty() && !called_card) || cards.contains(card) || (called_card && card == called);
  }
  bool wants_any(CardSet some, Card called = kNoCard) const {
    return (cards.empty() && !called_card) || !(cards & some).empty() ||
           (called_card && called != kNoCard && some.contains(called));
  }
};

struct OptionDef {
  std::string name;
  std::string description;
  std::vector<std::string> values;  // as written
  std::string default_value;
};

struct Ruleset {
  std::string name;
  std::string description;
  std::vector<std::string> notes;  // `notes`: what the Lua hooks do, in plain words (describe)
  std::string file;          // the file it was loaded from
  std::string content_hash;  // hash of the resolved document (after overlays and options)
  std::vector<OptionDef> options;
  std::map<std::string, std::string> chosen_options;  // every option, chosen or default

  int seats = 4;
  std::vector<std::string> seat_names;
  int teams = 2;
  std::array<uint8_t, kMaxSeats> team_of{};
  std::vector<std::string> team_names;  // "NS", "EW"
  // Who plays together in a deal: the teams (default), or the bidder alone
  // against the others once it is known (`teams.deal_sides`). Hooks may set
  // any sides (game.set_sides); match totals stay per team.
  enum class DealSides : uint8_t { Teams, BidderAlone };
  DealSides deal_sides = DealSides::Teams;
  Direction direction = Direction::Clockwise;          // of play (and of dealing, by default)
  Direction deal_direction = Direction::Clockwise;     // of dealing: `deal_direction`, else `direction`

  Deck deck;
  std::array<uint8_t, kMaxCards> plain_strength{};  // higher wins; from rank_order (suit_rank_orders per suit)
  uint32_t own_order_suits = 0;  // bit s: suit s has a plain order of its own (suit_rank_orders)
  std::array<uint8_t, kMaxCards> trump_strength{};  // from trump_rank_order
  std::array<int16_t, kMaxCards> plain_points{};
  std::array<int16_t, kMaxCards> trump_points{};
  int hand_size = 0;
  Family family = Family::TrickTaking;
  FishingRules fishing;  // family fishing only

  std::vector<DealStep> deal;
  RaiseRules raise;
  BidRules bids;
  Declaration declaration;
  TrumpAuctionRules trump_auction;
  MeldRules melds;
  TrickRules play;
  ResultRules result;
  NextDealerRules next_dealer;
  MatchRules match;

  // Hooks.
  std::vector<std::string> lua_scripts;     // absolute paths, loaded in order
  std::vector<std::string> lua_libraries;   // module names from the shared library
  std::string lua_library_dir;              // where hooks.libraries were found (rulesets/lib)
  std::vector<std::string> library_search_path;  // LoadRequest::search_path, for the library lookup
  std::string ruleset_dir;                  // the ruleset's folder
  std::array<HookBinding, size_t(HookPoint::Count)> hooks{};
  std::map<std::string, std::string> action_hooks;  // extra action text -> function
  // An action word the engine carries out itself, without Lua ({effect: ...}
  // under hooks.actions): the one effect is turn_up_hidden, every face-down
  // card back face up into its owner's hand, its suit trump when none is set.
  struct ActionEffect {
    bool must_trump = false;  // then the seat that asked must play a trump if able
  };
  std::map<std::string, ActionEffect> action_effects;
  std::map<std::string, std::string> step_hooks;    // hooks.steps: a deal-step kind written in Lua -> its function
  std::vector<std::string> action_words;  // the keys of action_hooks and action_effects, sorted: Action::word indexes it
  int declaration_word = -1;  // index in action_words of declaration.word, or -1
  // Per hook point, the index in action_words of its `offer`, or -1.
  std::array<int, size_t(HookPoint::Count)> offer_word{};
  std::map<std::string, std::string> hook_params;   // free-form values hooks read by name
  // Every name a deal's result can have, sorted (ruleset/result_names.h): set
  // by load_ruleset; game.set_result refuses others, merge and report too.
  std::vector<std::string> result_names;
  // Where each hooks.* key was written ("hooks.actions.call" -> file:line:col),
  // so that a problem found when the Lua loads points into the YAML.
  std::map<std::string, SourcePos> hook_positions;
  bool has_hooks() const;
  // Whether seats declare melds found by data: a `melds` deal step, or
  // melds.at first_card.
  bool declares_melds() const;
  // Whether a deal can have a trump at all: by the trump method, a deal step
  // or trump structure that sets one, or a hook that runs before the deal is
  // scored (it may call game.set_trump). False for a game without trumps.
  bool may_have_trump() const;
  // A captured card's points: trump-suit cards score from trump_card_points.
  int points_of(Card c, int trump_suit) const {
    return deck.cards[c].suit == trump_suit ? trump_points[c] : plain_points[c];
  }
};

const char* to_string(SeatRef r);
// The bidder, or a seat named from it: known only once an auction has run.
inline bool is_bidder_ref(SeatRef r) {
  return r == SeatRef::Bidder || r == SeatRef::BidderNext || r == SeatRef::BidderPartner;
}
const char* to_string(TrumpMethod m);
const char* to_string(PlayFilter f);
const char* to_string(Counter c);
const char* to_string(DealerRule r);
const char* to_string(HookPoint h);
const char* to_string(DealStep::Kind k);  // as written in `deal:` ("deal", "set_aside", ...)
const char* to_string(Direction d);

}  // namespace hukum
