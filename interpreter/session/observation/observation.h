// What one seat may see: its own hand and face-down cards, how many cards the
// others hold, the table (trick, trump once public, revealed cards, captured
// piles, scores) and, on its turn, its legal actions. Built only from public
// state plus that seat's own zones, so it cannot leak another seat's cards.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/state.h"

namespace hukum {

class Match;

struct Observation {
  int seat = 0;
  int deal_index = 0;
  int dealer = 0;
  Phase phase = Phase::Play;
  Question question;   // what the seat to move is asked (engine/question.h): public
  int step_index = -1; // Phase::Question: the waiting step's place in the deal plan
  int to_move = kNoSeat;
  // The seat whose actions this seat decides now (to_move, when a hook gave
  // it that seat's hand: a dummy), or kNoSeat.
  int playing_for = kNoSeat;
  CardSet hand;
  CardSet own_hidden;
  std::vector<int> hand_counts, hidden_counts, tricks_won;  // per seat
  std::vector<CardSet> captured;                             // per seat
  // The current trick; a card another seat played face down is kNoCard
  // (play.face_down: others see that a card was played, not which).
  std::vector<std::pair<int, Card>> trick;
  uint32_t trick_face_down = 0;  // bit per trick position: lying face down
  std::vector<std::pair<int, Card>> last_trick;
  int trump_suit = -1;
  int trump_order = -1;  // the contract's trump structure (play.trump_orders), -1: none
  Card trump_card_shown = kNoCard;
  CardSet revealed;
  Card turn_up = kNoCard;          // the card face up on the table (turn_up step)
  std::vector<Meld> melds;         // declared melds, public
  int trump_auction_round = -1;    // in a trump auction: the round (0-based)
  std::vector<int> match_scores;
  // The auction and the contract, public to all. `bidding`: an auction of
  // the engine's bids waits ("bid 16"), high_bid and high_bidder its standing bid.
  bool bidding = false;
  int high_bid = 0, high_bidder = kNoSeat;
  int bidder = kNoSeat, contract = 0;
  // An auction of calls (deal step `calls`): every call so far, and the
  // contract's call and doubling once it has one (-1: none).
  std::vector<SaidCall> calls;
  int contract_word = -1, contract_doubled = 0;
  std::vector<int> bids;  // per seat, its bid of a `bids` step (-1: none yet); public
  bool declared = false;
  uint32_t sitting_out = 0;
  // This deal's side of each seat when they are not the teams (empty otherwise): public.
  std::vector<int> sides;
  // Fishing: the face-up layout, the stock's size (its order is hidden), and a
  // card played or turned that waits for its player's choice of target.
  CardSet layout;
  int stock_count = 0;
  Card pending = kNoCard;
  CardSet taking;            // capture by sum: the cards already chosen for the pending card's set
  std::vector<GameState::LayoutBuild> builds;  // fishing.builds: the builds on the layout (public)
  int building_value = 0;    // "build N" chosen for the pending card: N while its cards are named
  std::vector<int> sweeps;   // per seat, with fishing.sweeps: captures that emptied the layout (public)
  std::vector<int> combinations;  // per seat, with fishing.combinations: its side's points (public: from the won piles)
  LegalActions legal;  // empty unless this seat decides the move (its turn, or playing_for's)
  // Every non-empty zone (engine/zones.h) as this seat sees it: how many cards
  // it holds and which of them the seat may see. Derived from the zone table
  // alone, so a zone a ruleset fills is reported like any other.
  struct ZoneSeen {
    Place place;
    int count = 0;
    CardSet cards;  // the ones this seat sees
  };
  std::vector<ZoneSeen> zones;
};

Observation observe(const GameState& state, int seat, const std::vector<int>& match_scores);
nlohmann::ordered_json observation_json(const Ruleset& rules, const Observation& o);
// The same JSON as one line of text, byte for byte observation_json(...).dump(),
// written directly: an outside agent gets one per decision, and building the
// JSON tree cost four times the rest of a decision (observation_text.cc).
std::string observation_text(const Ruleset& rules, const Observation& o);
// The phase word of observations: "play", "choose_capture", "deal_over", or
// the tag of the question a deal step asks ("bids", "calls", "kitty", ...).
std::string phase_word(const Observation& o);
// A deal's sides as seat names, [["N"], ["E", "W"]], from one side number per seat.
nlohmann::ordered_json sides_json(const Ruleset& rules, const std::vector<int>& side_of);
// The terminal view of an observation is table_view.h.
// "AS KS 10H" in card order.
std::string cards_text(const Ruleset& rules, CardSet cards);

}  // namespace hukum
