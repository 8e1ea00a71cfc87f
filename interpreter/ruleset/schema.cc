// The format table (every key of a ruleset file, version 1) and the generic
// walk that checks a document against it. Defaults written here are the
// documentation of what compile.cc applies when a key is absent; keep the two
// in step (ORDER SCHEMA-DEFAULTS in compile.cc).
#include "ruleset/schema.h"
#include "ruleset/step_kind.h"

#include <algorithm>

#include <charconv>

#include "core/card.h"
#include "core/run_limits.h"
#include "ruleset/ruleset.h"

namespace hukum {

namespace {

// ---- Builders: keep the table below readable. ----

Schema integer(int min, int max = INT_MAX) {
  Schema s;
  s.type = SchemaType::Int;
  s.min = min;
  s.max = max;
  return s;
}

Schema of_type(SchemaType type) {
  Schema s;
  s.type = type;
  return s;
}

Schema boolean() { return of_type(SchemaType::Bool); }
Schema text() { return of_type(SchemaType::String); }
Schema any_scalar() { return of_type(SchemaType::Scalar); }
Schema card() { return of_type(SchemaType::Card); }
Schema overlay() { return of_type(SchemaType::Overlay); }

Schema words(std::vector<std::string> allowed) {
  Schema s;
  s.type = SchemaType::Enum;
  s.words = std::move(allowed);
  return s;
}

Schema list_of(Schema item) {
  Schema s;
  s.type = SchemaType::List;
  s.items.push_back(std::move(item));
  return s;
}
// A list of cards whose items may also name an attribute's value.
Schema card_list() { return list_of(of_type(SchemaType::CardItem)); }

Schema fields(std::vector<SchemaField> f) {
  Schema s;
  s.type = SchemaType::Fields;
  s.fields = std::move(f);
  return s;
}

Schema one_key_of(std::vector<SchemaField> f) {
  Schema s = fields(std::move(f));
  s.single_key = true;
  return s;
}

Schema free_map(std::string key_doc, Schema value) {
  Schema s;
  s.type = SchemaType::FreeMap;
  s.key_doc = std::move(key_doc);
  s.items.push_back(std::move(value));
  return s;
}

Schema either(std::vector<Schema> alternatives) {
  Schema s;
  s.type = SchemaType::OneOf;
  s.items = std::move(alternatives);
  return s;
}

SchemaField required(std::string name, Schema schema, std::string doc, std::string example) {
  return {std::move(name), std::move(schema), true, "", std::move(doc), std::move(example)};
}

SchemaField optional(std::string name, Schema schema, std::string default_text, std::string doc,
                     std::string example) {
  return {std::move(name), std::move(schema), false, std::move(default_text), std::move(doc),
          std::move(example)};
}

// ORDER SEATREF: the words of SeatRef, DealerRule, HookWhen (ruleset.cc to_string).
Schema seat_ref() {
  return words({"dealer", "dealer_next", "dealer_previous", "dealer_partner", "bidder", "bidder_next", "bidder_partner"});
}
// Every word of play.obligations, from the one table (ruleset.cc).
std::vector<std::string> obligation_words() {
  std::vector<std::string> out;
  for (size_t f = 0; f < size_t(PlayFilter::Count); ++f) out.push_back(obligation_info(PlayFilter(f)).word);
  return out;
}
Schema dealer_rule() { return words({"same", "next", "next_teammate", "previous", "lowest_score"}); }
Schema counter() { return words({"points", "tricks"}); }

// Every hook point's value: one shared definition, documented once ("The
// hook entry" in the reference, $defs/hook in the JSON Schema).
Schema hook_binding() {
  Schema s = either({text(), fields({
      optional("call", text(), "", "The Lua function: `module.function` or a global name (give call or offer)",
               "hidden_trump.cannot_follow"),
      optional("offer", text(), "",
               "Instead of a function: offer this action word of hooks.actions (turn points only)",
               "reveal"),
      optional("exclusive", boolean(), "false", "With offer: the offered action is the only legal one",
               "true"),
      optional("when", words({"always", "trump_unset", "trump_set", "hidden_card", "last_trick"}), "always",
               "Run the hook only while trump is unset / set / some seat holds a face-down card / once the "
               "deal's last trick is complete (last_trick: a trick_done hook after the last trick only)",
               "hidden_card"),
      optional("cards", card_list(), "",
               "card_played, captured, capture_rule and trick_done only: run the hook only for these cards (the "
               "card played, the capturing card, the card that arrives; trick_done: a trick that holds one of "
               "them), so that it costs nothing for the others; `called` is the card called this deal "
               "(game.call_card)",
               "[5H, 5D]"),
  })});
  s.def = "hook";
  s.def_doc =
      "The value of every hook point of `hooks` (`cannot_follow`, `trick_done`, ...): the Lua function's name "
      "(`my_trick_done`, `module.function`), or a map of these keys";
  return s;
}

// The fishing family's keys (family: fishing), compiled in compile_fishing.cc.
Schema fishing_schema() {
  // Per player count; an entry `none` removes an inherited one.
  Schema by_players = free_map("player count", any_scalar());
  return fields({
      required("capture",
               fields({
                   optional("values", free_map("rank", integer(1, 100)), "",
                            "Capture value of each rank that pairs by value", "{A: 1, 2: 2, 9: 9}"),
                   optional("pair_sum", integer(1, 200), "10",
                            "Two cards pair when their values sum to this", "10"),
                   optional("same_rank", list_of(text()), "",
                            "Ranks that capture only a card of their own rank", "[10, J, Q, K]"),
                   optional("max_targets", integer(1, kMaxCards), "1",
                            "Cards one arriving card may take; with more targets its player chooses "
                            "(by_sum: the most cards in one set; default no limit)",
                            "1"),
                   optional("by_sum", boolean(), "false",
                            "A card takes one or several layout cards whose values add up to its own "
                            "value (with pair_sum written: to pair_sum minus its value); with several "
                            "such sets its player chooses one, card by card",
                            "true"),
                   optional("rank_first", boolean(), "false",
                            "With by_sum: when the layout holds a card of the played card's rank, it "
                            "must take one such card alone, not a sum",
                            "true"),
                   optional("compulsory", boolean(), "true",
                            "A card that can capture must; false: its player may lay it on the layout "
                            "instead (`pass`)",
                            "false"),
                   optional("sets", words({"one", "all"}), "one",
                            "With by_sum: a card takes one set (one), or every set it can at once, as "
                            "many cards as it can (all; where sets overlap its player chooses)",
                            "all"),
               }),
               "How a played or turned card captures",
               "{values: {A: 1, 2: 2}, pair_sum: 10, same_rank: [10, J, Q, K]}"),
      required("hand_size", by_players, "Cards dealt to each player, by player count",
               "{2: 12, 3: 8, 4: 6}"),
      required("layout_size", by_players, "Cards of the initial face-up layout, by player count",
               "{2: 4, 3: 4, 4: 4}"),
      optional("flip", boolean(), "true",
               "After each play the top stock card is turned and arrives for the same player", "false"),
      optional("refill", boolean(), "false",
               "When every hand is empty and the stock is not, deal hand_size again to each player",
               "true"),
      optional("sweeps",
               fields({
                   optional("points", integer(-1000, 1000), "0", "Game points per sweep", "1"),
                   optional("last_play", boolean(), "false",
                            "The deal's last play may count as a sweep", "true"),
               }),
               "", "A capture that empties the layout is a sweep, counted per player (result.sweeps)",
               "{points: 1, last_play: false}"),
      optional("builds",
               fields({
                   optional("increase", boolean(), "true",
                            "A build of one set may be raised to a higher value by another card (a "
                            "build of several sets never)",
                            "false"),
                   optional("max_value", integer(1, 31), "the highest capture value, at most 31",
                            "The highest value a build may have", "10"),
               }),
               "",
               "With by_sum: a card from the hand may be laid onto layout cards as a build of a value "
               "its player holds a card to capture (`build 8`, then `build <card>` to choose the "
               "cards); the build is its builder's, is captured whole, and its owner may not lay a "
               "card on the layout (`pass`) while it stands nor play the last card that captures it",
               "{increase: true}"),
      optional("leftover", words({"stay", "last_capturer"}), "stay",
               "The cards left on the layout at the end of the deal: stay there, or go to the "
               "last player who captured",
               "last_capturer"),
      optional("layout_clears", boolean(), "false",
               "The ruleset promises that every deal played to its end leaves the layout empty (its "
               "hooks throw in or settle the layouts that would not clear); simulate and the "
               "conformance tests check it",
               "true"),
      required("scoring",
               free_map("line name",
                        fields({
                            optional("cards", card_list(), "", "These cards", "[AS]"),
                            optional("suits", list_of(text()), "every suit",
                                     "With ranks: cards of these suits", "[H, D]"),
                            optional("ranks", list_of(text()), "every rank",
                                     "With suits: cards of these ranks", "[2, 3, 4]"),
                            optional("attributes", free_map("attribute", list_of(text())), "",
                                     "With cards, suits or ranks: cards with one of these values of each "
                                     "attribute (deck.attributes)", "{kind: [bright]}"),
                            required("points", any_scalar(),
                                     "Points per card, or `face` for its capture value", "10"),
                            optional("min_players", integer(0, kMaxSeats), "0",
                                     "The line applies only with at least this many players", "3"),
                        })),
               "Points of captured cards; a later line overrides an earlier one for the same card",
               "{red_aces: {suits: [H, D], ranks: [A], points: 20}}"),
      optional("thresholds", by_players, "none",
               "Card points that meet a deal's threshold (a flag), by player count",
               "{2: 105, 3: 80, 4: 70}"),
      optional("majorities",
               free_map("category name",
                        fields({
                            optional("cards", card_list(), "", "These cards", "[7D]"),
                            optional("suits", list_of(text()), "every suit", "Cards of these suits", "[D]"),
                            optional("ranks", list_of(text()), "every rank", "Cards of these ranks", "[7]"),
                            optional("attributes", free_map("attribute", list_of(text())), "",
                                     "With cards, suits or ranks: cards with one of these values of each "
                                     "attribute (deck.attributes)", "{kind: [bright]}"),
                            optional("points", integer(-1000, 1000), "1",
                                     "Game points for the one side with the most", "1"),
                            optional("best_per_suit", free_map("rank", integer(0, 1000)), "",
                                     "Instead of counting cards: the sum, over the suits of the line's "
                                     "cards, of the side's best value in each by this table; a side "
                                     "lacking one of those suits cannot win",
                                     "{7: 21, 6: 18, A: 16}"),
                        })),
               "",
               "Categories won by the one side that captured the most of the line's cards "
               "(no cards named: the whole deck); a tie scores nothing",
               "{cards: {points: 1}, coins: {suits: [D], points: 1}}"),
      optional("combinations",
               free_map("combination name",
                        fields({
                            optional("requires", card_list(), "",
                                     "Cards the side must have captured, all of them (counted too)",
                                     "[7A, 10A, 6A]"),
                            optional("cards", card_list(), "", "Cards counted", "[9A]"),
                            optional("suits", list_of(text()), "every suit", "Cards of these suits counted", "[H]"),
                            optional("ranks", list_of(text()), "every rank", "Cards of these ranks counted", "[12]"),
                            optional("attributes", free_map("attribute", list_of(text())), "",
                                     "Cards with one of these values of each attribute counted "
                                     "(deck.attributes)",
                                     "{kind: [animal]}"),
                            optional("except", card_list(), "", "Cards not counted", "[11A]"),
                            optional("min", integer(1, kMaxCards), "every card counted",
                                     "Counted cards the side needs at least", "5"),
                            required("points", integer(-1000, 1000), "Points when made, at min cards", "1"),
                            optional("per_extra", integer(-1000, 1000), "0",
                                     "Points for each counted card beyond min", "1"),
                            optional("group", text(), "",
                                     "Of the combinations of one group, only the best made counts", "brights"),
                        })),
               "",
               "Named sets of captured cards with values that grow with their size: "
               "each side's points, in its game points (result.combinations); a turn that raises them "
               "calls the combination_scored hook",
               "{tane: {attributes: {kind: [animal]}, min: 5, points: 1, per_extra: 1}}"),
      optional("stock_unused", integer(0, kMaxCards), "0",
               "Stock cards never turned: the deal ends when the hands are empty and they are set "
               "aside unseen (the stock after the layout is the hands together plus these)",
               "8"),
  });
}

Schema build_ruleset_schema() {
  Schema deal_step = either({
      words({"deal", "random_trump", "raise", "declare", "bids", "turn_up", "trump_auction", "melds"}),
      one_key_of({
          optional("deal", list_of(integer(1, kMaxCards)), "deal_packets",
                   "Deal packets of these sizes to every seat", "[3, 2]"),
          optional("choose",
                   fields({
                       optional("count", integer(1, kMaxCards), "1", "How many cards each seat chooses", "3"),
                       optional("seat", seat_ref(), "every seat, from dealer_next",
                                "Only this seat chooses (a pass from one player to another); a seat named from the "
                                "bidder skips the step when nobody won the bidding",
                                "bidder_partner"),
                       optional("then", words({"reveal", "pass"}), "reveal",
                                "Once all have chosen: turn every choice up, back in its owner's hand (reveal), "
                                "or hand it to another seat (pass)",
                                "pass"),
                       optional("pass_to", list_of(any_scalar()), "",
                                "With then: pass, where the cards go, one entry per deal in turn (cycling): next, "
                                "previous, across, none, a number of seats on in the direction of play, or a seat "
                                "(bidder, dealer_partner, ...)",
                                "[next, previous, across, none]"),
                   }),
                   "", "Every seat chooses cards from its hand at the same time, face down, unseen by the others until all have chosen",
                   "{count: 3, then: pass, pass_to: [next, previous, across, none]}"),
          optional("hand_sizes", list_of(integer(1, kMaxCards)), "",
                   "Deal cards one at a time until every seat holds this deal's number: one entry per deal in "
                   "turn (cycling with the deal number), so hand sizes can change from deal to deal",
                   "[10, 9, 8, 7, 6, 5, 4, 3, 2, 1]"),
          optional("bids", fields({}), "", "Every seat bids its tricks (the top-level `bids` key)", "{}"),
          optional("random_trump", fields({}), "",
                   "Show a random card; its suit is trump; it goes back and the pack is shuffled",
                   "{}"),
          optional("raise", fields({}), "", "Offer the raise (the top-level `raise` key)", "{}"),
          optional("declare", fields({}), "", "Offer the declaration (the top-level `declaration` key)",
                   "{}"),
          optional("turn_up", fields({}), "",
                   "Turn the next card of the stock face up, for everyone to see: the proposed trump", "{}"),
          optional("trump_auction", fields({}), "",
                   "Run the rounds of the top-level `trump_auction` key (accept the turn-up, name a suit)", "{}"),
          optional("melds", fields({}), "",
                   "Each seat in turn from the dealer's next declares its melds (the top-level `melds` key)", "{}"),
          optional("exchange",
                   fields({
                       required("rank", text(), "The rank of the turn-up's suit that may be swapped for it", "7"),
                   }),
                   "", "Whoever holds that card of the turn-up's suit may swap it for the turn-up (exchange <card>, or pass)",
                   "{rank: 7}"),
          optional("deal_rest",
                   fields({
                       required("packets", list_of(integer(1, kMaxCards)), "Cards per seat per round, as for deal",
                                "[1, 1, 1]"),
                       optional("turn_up_to", seat_ref(), "dealer",
                                "The seat whose last card is the turn-up (or the card swapped for it)", "dealer"),
                   }),
                   "", "Deal packets from the stock; the turn-up is one seat's last card",
                   "{packets: [1, 1, 1], turn_up_to: dealer}"),
          optional("take_turn_up",
                   fields({
                       optional("seat", seat_ref(), "dealer", "Who takes the turn-up into the hand", "dealer"),
                       optional("discard", integer(0, kMaxCards), "1",
                                "How many cards that seat then discards face down (discard <card>): exactly 1, one "
                                "for the card taken, so that every hand keeps its size (a seat that takes the cards "
                                "left undealt, a kitty or a widow, is the kitty step); the "
                                "discard stays out of the deal, seen by its owner only",
                                "1"),
                       optional("only_if_accepted", boolean(), "true",
                                "Only when the turn-up's suit was accepted in an accept round of the trump "
                                "auction; otherwise (or when the seat sits out) the turn-up is turned down, "
                                "out of the deal",
                                "true"),
                   }),
                   "", "A seat takes the turn-up into its hand and discards cards face down",
                   "{seat: dealer, discard: 1}"),
      }),
  });
  // The registered kinds (ruleset/step_kind.h): a word when every parameter
  // is optional, and {kind: {parameters}}.
  for (const StepKindRow* kind : registered_step_kinds()) {
    const std::vector<SchemaField> params = kind->parameters();
    if (std::none_of(params.begin(), params.end(), [](const SchemaField& f) { return f.required; }))
      deal_step.items[0].words.push_back(kind->name);
    deal_step.items[1].fields.push_back(optional(kind->name, fields(params), "", kind->summary, kind->example));
  }
  deal_step.script_steps = true;

  return fields({
      required("name", text(), "The game's name as shown to players", "Tens and tricks"),
      optional("description", text(), "", "One sentence about the game", "Capture the tens."),
      optional("notes", list_of(text()), "",
               "Plain-words sentences about the rules the Lua hooks implement, printed by hukum "
               "describe",
               "[The dealer's side scores double when it takes every trick.]"),
      optional("extends", text(), "",
               "A ruleset file (relative to this one) whose keys this file changes", "../base.yaml"),
      optional("family", words({"trick_taking", "fishing"}), "trick_taking",
               "The kind of game: trick_taking, or fishing (the `fishing` key)", "trick_taking"),
      optional("seats",
               either({integer(2, kMaxSeats),
                       fields({
                           required("count", integer(2, kMaxSeats), "Number of seats", "4"),
                           optional("names", list_of(text()), "N E S W (4 seats), else P1..Pn",
                                    "Seat names, clockwise", "[N, E, S, W]"),
                       })}),
               "4", "Number of seats, or {count, names}", "{count: 4, names: [N, E, S, W]}"),
      optional("teams",
               fields({
                   optional("layout", words({"alternate", "none"}), "alternate",
                            "alternate: seats take turns between teams; none: every seat for itself",
                            "alternate"),
                   optional("count", integer(1, kMaxSeats), "2", "Number of teams (alternate)", "2"),
                   optional("deal_sides", words({"teams", "bidder_alone"}), "teams",
                            "Who plays together in a deal: teams, the teams; bidder_alone: once the "
                            "auction (or a hook's contract) names the bidder, it plays alone against "
                            "all the others in that deal (hooks may set any sides: game.set_sides)",
                            "bidder_alone"),
               }),
               "every seat for itself", "Partnerships", "{layout: alternate, count: 2}"),
      optional("direction", words({"clockwise", "counterclockwise", "alternate"}), "clockwise",
               "Direction of dealing and play", "counterclockwise"),
      optional("deal_direction", words({"clockwise", "counterclockwise", "alternate"}), "direction",
               "Direction of dealing when it differs from the play's (alternate: counterclockwise "
               "on the first deal, then changing every deal)",
               "alternate"),
      required("deck",
               fields({
                   required("suits", list_of(text()), "Suit letters", "[S, H, D, C]"),
                   required("ranks", list_of(text()), "Rank names", "[A, K, Q, J, 10, 9]"),
                   optional("remove", list_of(card()), "", "Cards taken out of the deck",
                            "[2S, 2H]"),
                   optional("copies", integer(1, 4), "1", "Number of packs shuffled together",
                            "1"),
                   optional("suit_ranks", free_map("suit", list_of(text())), "every suit has deck.ranks",
                            "A suit's own ranks, in place of `ranks` (a trump suit of 21, say); the deck's ranks "
                            "are then every rank written, each once, and rank orders list them all",
                            "{T: [21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}"),
                   optional("attributes", free_map("attribute", free_map("value", list_of(card()))), "",
                            "Properties of cards beyond suit and rank, each with named values and the "
                            "cards that have them (a card has at most one value of an attribute); data "
                            "lines select cards by them and Lua reads them (cards.attribute)",
                            "{kind: {bright: [1A, 3A], animal: [2A]}}"),
                   optional("no_suit", list_of(text()), "",
                            "Cards of no suit, named by a word alone (an excuse, a joker): one of each per "
                            "copy. Such a card may always be played, does not set the suit led (the next "
                            "card does) and wins a trick only when every card of it has no suit",
                            "[EX]"),
               }),
               "The cards: every rank of every suit, per copy, minus `remove`, and the cards of no suit",
               "{suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}"),
      optional("rank_order", list_of(text()), "deck.ranks",
               "Every rank, high to low, in plain suits", "[A, K, Q, J, 10, 9]"),
      optional("trump_rank_order", list_of(text()), "rank_order",
               "Every rank, high to low, in the trump suit", "[J, 9, A, 10, K, Q]"),
      optional("suit_rank_orders", free_map("suit", list_of(text())), "every plain suit has rank_order",
               "A plain suit's own rank order, every rank high to low, in place of rank_order for its cards "
               "(suits whose pips run the other way); a trump suit keeps trump_rank_order",
               "{S: [K, Q, J, A, 2, 3, 4, 5, 6, 7, 8, 9, 10], C: [K, Q, J, A, 2, 3, 4, 5, 6, 7, 8, 9, 10]}"),
      optional("card_points", free_map("rank or card", integer(-1000, 1000)), "no points",
               "Points of cards captured, by rank or by card", "{10: 1, AS: 2}"),
      optional("trump_card_points", free_map("rank or card", integer(-1000, 1000)), "card_points",
               "Points of trump-suit cards", "{J: 3, 9: 2}"),
      optional("deal_packets", list_of(integer(1, kMaxCards)), "the whole deck, evenly",
               "Cards each seat receives per round of the `deal` step", "[5, 4, 4]"),
      optional("deal", list_of(deal_step), "[deal]",
               "The steps of a deal: deal, random_trump, {deal: [..]}, {set_aside: {..}}",
               "[random_trump, deal]"),
      optional("bids",
               fields({
                   optional("min", integer(0, kMaxCards), "0", "The lowest bid", "0"),
                   optional("total_not_tricks", boolean(), "false",
                            "The last to bid may not make the bids add up to the number of tricks, so that "
                            "someone must fail",
                            "true"),
               }),
               "",
               "Bids of tricks (the `bids` deal step): every seat in turn from the dealer's next says once how "
               "many tricks it will take, up to the tricks of the deal; bids are public, hooks read them with "
               "game.bid(seat)",
               "{min: 0, total_not_tricks: true}"),
      optional("raise",
               fields({
                   required("min", integer(0, 10000), "A raise reaches at least this", "24"),
                   required("max", integer(0, 10000), "The highest contract", "28"),
                   optional("first", seat_ref(), "dealer_next",
                            "The bidding side's seats are asked in turn from this seat on (the first of them it reaches)",
                            "bidder"),
               }),
               "", "One raise of the contract by the bidding side, offered in turn (the `raise` deal step)",
               "{min: 24, max: 28}"),
      optional("declaration",
               fields({
                   required("word", text(), "The action word", "solo"),
                   optional("goal", words({"all_tricks", "no_tricks"}), "all_tricks",
                            "What the declarer's side promises: every trick (a slam) or none (a misère)",
                            "no_tricks"),
                   optional("partner_sits_out", boolean(), "false",
                            "The declarer's partners set their cards aside and skip the play", "true"),
                   optional("declarer_leads", boolean(), "false", "The declarer leads the first trick",
                            "true"),
                   required("win", integer(0, 10000), "Game points when the declarer's side keeps its promise",
                            "4"),
                   required("lose", integer(0, 10000), "Game points to the other side otherwise", "5"),
                   optional("end_on_failure", boolean(), "true",
                            "The deal ends at the first trick that breaks the promise (the other side wins one; with no_tricks, the declarer's side does)",
                            "true"),
               }),
               "", "A contract the bidder may declare instead (the `declare` deal step)",
               "{word: solo, partner_sits_out: true, declarer_leads: true, win: 4, lose: 5}"),
      optional("trump_auction",
               fields({
                   optional("order", list_of(seat_ref()), "every seat from dealer_next, in play order",
                            "Who speaks, in order, in every round (each seat once)",
                            "[dealer_next, dealer_partner, dealer_previous, dealer]"),
                   optional("rounds", list_of(words({"accept", "name", "name_other"})), "[accept, name]",
                            "The rounds: accept (the turn-up's suit, or pass), name (any suit, or pass), "
                            "name_other (any suit but the turn-up's, or pass); the first acceptance or "
                            "name ends the auction, and when every round passes out the deal is thrown in",
                            "[accept, name]"),
                   optional("last_must_call", boolean(), "false",
                            "The last speaker of the last round may not pass, so the deal is never thrown in "
                            "(stick the dealer)",
                            "true"),
               }),
               "", "Rounds over the trump suit (the `trump_auction` deal step): the speaker who accepts or "
                   "names a suit is the bidder",
               "{order: [dealer_next, dealer_partner, dealer_previous, dealer], rounds: [accept, name]}"),
      optional("melds",
               fields({
                   optional("optional", boolean(), "false",
                            "Each seat holding melds chooses to declare them (declare) or not (pass); "
                            "false: every valid meld is declared",
                            "true"),
                   optional("at", words({"deal_step", "first_card"}), "deal_step",
                            "When the melds are declared: deal_step, in turn at the `melds` step of the deal "
                            "plan; first_card, by each seat at its first turn of the first trick, before its "
                            "card (no `melds` step), and compared once that trick is over",
                            "first_card"),
                   optional("score", words({"all", "best_team"}), "all",
                            "all: every side scores its declared melds; best_team: only the side that declared "
                            "the best meld (by best_by) scores its melds",
                            "best_team"),
                   optional("best_by", list_of(words({"value", "cards", "top_card", "trump"})),
                            "[value, cards, top_card, trump]",
                            "With score best_team: how the best meld is found, each criterion deciding only "
                            "between melds equal by the earlier ones (value: the higher; cards: more; top_card: "
                            "the higher top card in sequences.order; trump: all in trumps); of melds equal by "
                            "all, the one declared first",
                            "[value, trump]"),
                   optional("sequences",
                            fields({
                                required("order", list_of(text()), "Every rank, high to low, in sequence order",
                                         "[A, K, Q, J, 10, 9, 8, 7]"),
                                required("values", free_map("length", integer(0, 10000)),
                                         "Points by run length; a longer run scores as the longest listed",
                                         "{3: 20, 4: 50, 5: 100}"),
                                optional("split_long_runs", boolean(), "false",
                                         "A run longer than the longest listed length is cut into scoring runs "
                                         "(longest first) instead of scoring once",
                                         "false"),
                            }),
                            "", "Runs of cards of one suit", "{order: [A, K, Q, J, 10, 9, 8, 7], values: {3: 20}}"),
                   optional("sets",
                            list_of(fields({
                                required("count", integer(2, kMaxCards), "Cards of one rank", "4"),
                                required("value", integer(0, 10000), "Points", "100"),
                                optional("suits", words({"any", "different"}), "any",
                                         "any: any cards of the rank; different: each of another suit (with "
                                         "several packs, aces around rather than any four aces)",
                                         "different"),
                                optional("doubled", integer(0, 10000), "twice the value",
                                         "With several packs: the points of the set held twice (every card "
                                         "of it in two copies), instead of counting it twice",
                                         "1000"),
                                optional("ranks", list_of(text()), "every rank", "The ranks that count", "[J]"),
                                optional("name", text(), "set", "The name shown when declared", "four of a kind"),
                            })),
                            "", "Cards of one rank", "[{count: 4, value: 100}]"),
                   optional("named", list_of(text()), "none",
                            "Names of melds a hook declares with game.meld(seat, name, cards, value): what the "
                            "data has no word for; the key alone (no melds step) is enough",
                            "[couple]"),
                   optional("groups",
                            list_of(fields({
                                required("name", text(), "The name shown when declared", "trump couple"),
                                optional("ranks", list_of(text()), "",
                                         "The ranks held together in one suit (one rank: a single card of "
                                         "the trump suit); give ranks or cards",
                                         "[K, Q]"),
                                optional("cards", list_of(card()), "",
                                         "These cards held together, of whatever suits, instead of ranks in "
                                         "one suit",
                                         "[QS, JD]"),
                                optional("suit", words({"trump", "any"}), "trump",
                                         "With ranks: in the trump suit only, or in any suit (each suit counts)",
                                         "trump"),
                                required("value", integer(0, 10000), "Points", "20"),
                                optional("doubled", integer(0, 10000), "twice the value",
                                         "With several packs: the points of the group held twice (in one suit, "
                                         "or its cards twice), instead of counting it twice",
                                         "1500"),
                            })),
                            "", "Named cards held together", "[{name: couple, ranks: [K, Q], suit: trump, value: 20}]"),
               }),
               "", "Declarations found in each hand by data (the `melds` deal step, or melds.at: first_card); a "
                   "card may serve in melds of different kinds, never twice in one kind; with several packs a "
                   "meld held twice counts twice (or its `doubled` value); points count for the declarer's team",
               "{sequences: {order: [A, K, Q, J], values: {3: 20}}, sets: [{count: 4, value: 100}]}"),
      optional("play",
               fields({
                   optional("first_lead",
                            either({seat_ref(),
                                    fields({
                                        required("holder_of", card(),
                                                 "The holder of this card leads the first trick",
                                                 "2C"),
                                        optional("lead_it", boolean(), "false",
                                                 "And must lead that card", "true"),
                                    })}),
                            "dealer_next", "Who leads the first trick: a seat, or the holder of a card",
                            "{holder_of: 2C, lead_it: true}"),
                   optional("obligations", list_of(words(obligation_words())),
                            "[follow_suit]",
                            "What a player must play to a led trick, applied in order, each "
                            "keeping some of the cards the earlier ones allowed",
                            "[follow_suit, trump_if_void, head_trick]"),
                   optional("follow_exempt",
                            either({words({"none", "highest_trump"}),
                                    fields({required("top_trumps", integer(1, kMaxCards),
                                                     "How many of the highest trumps may be withheld, each only "
                                                     "from a lower trump led",
                                                     "3")})}),
                            "none",
                            "Cards that need not follow their suit when they are the hand's only cards of that suit: "
                            "highest_trump, the highest trump in force (of each trump suit and each trump order "
                            "with trumps), so that a hand whose one trump it is may play any card to a trump lead; "
                            "{top_trumps: N}, the N highest trumps, each only when the trump led is lower "
                            "(reneging). It lifts follow_suit and follow_suit_or_trump, not trump_if_void",
                            "highest_trump"),
                   optional("lead_restrictions",
                            list_of(fields({
                                required("cards", either({text(), list_of(text())}),
                                         "What may not be led: suits, cards and attribute=value items, or trump, or "
                                         "hidden (the suits of the leader's face-down cards)",
                                         "[H]"),
                                optional("until_played", either({text(), list_of(text())}),
                                         "the same cards",
                                         "Suits and cards: once one is played to a trick, the "
                                         "restriction is lifted",
                                         "[H, QS]"),
                            })),
                            "",
                            "Cards that may not be led, in order, each unless the leader holds "
                            "nothing else",
                            "[{cards: H, until_played: [H, QS]}]"),
                   optional("dummy", fields({
                                required("seat", seat_ref(), "Whose hand is the dummy", "bidder_partner"),
                                optional("played_by", seat_ref(), "bidder", "Who plays the dummy's cards",
                                         "bidder"),
                                optional("shown", words({"after_opening_lead", "before_first_lead"}),
                                         "after_opening_lead",
                                         "When the dummy's hand is laid face up for everyone (and from then on "
                                         "played by played_by)",
                                         "after_opening_lead"),
                            }),
                            "",
                            "A hand laid face up and played by another seat (a dummy); not when the deal "
                            "has no bidder and the seats name one",
                            "{seat: bidder_partner, played_by: bidder}"),
                   optional("face_down", words({"none", "trump"}), "none",
                            "Cards played face down, turned up when the trick is complete: "
                            "trump (every trump of the deal) or none",
                            "trump"),
                   optional("called_card",
                            list_of(words({"falls_when_led", "lead_it", "caller_keeps_suit", "not_discarded"})),
                            "none",
                            "The duties of the card a hook calls for the deal (game.call_card, a partner's card), "
                            "while it is in a hand: falls_when_led, its suit led, its holder plays it; lead_it, its "
                            "holder leading its suit leads it; caller_keeps_suit, the caller may not discard his "
                            "last card of its suit on another suit's trick; not_discarded, its holder may not "
                            "discard it on another suit's trick",
                            "[falls_when_led, lead_it, caller_keeps_suit]"),
                   optional("not_on_first_trick", either({text(), list_of(text())}), "",
                            "Suits, cards and attribute=value items that may not be played to the first trick unless "
                            "nothing else is allowed",
                            "[H, QS]"),
                   optional("extra_trumps",
                            free_map("trump suit",
                                     list_of(fields({
                                         required("card", card(), "A card that becomes a trump",
                                                  "JD"),
                                         required("after", text(),
                                                  "The rank of the trump suit it ranks just "
                                                  "below, or top",
                                                  "J"),
                                     }))),
                            "",
                            "Per trump suit: cards that count as trumps (suit and rank) while it "
                            "is trump",
                            "{H: [{card: JD, after: J}], D: [{card: JH, after: J}]}"),
                   optional("trump_orders",
                            free_map("order name",
                                     fields({
                                         optional("suit", text(), "no trump suit",
                                                  "The trump suit letter", "C"),
                                         optional("trumps", card_list(), "",
                                                  "Cards that are trumps above the suit's own, high to low; with no "
                                                  "suit they alone are the trumps, a suit of their own (a trump lead "
                                                  "must be followed with one)",
                                                  "[JC, JS, JH, JD]"),
                                         optional("rank_order", list_of(text()), "rank_order",
                                                  "The order of the other suits, high to low", "[A, K, Q, J, 10, 9, 8, 7]"),
                                         optional("trump_rank_order", list_of(text()), "trump_rank_order",
                                                  "The order of the trump suit's own cards, high to low",
                                                  "[A, 10, K, Q, 9, 8, 7]"),
                                     })),
                            "",
                            "Named trump structures and rank orders a contract chooses for the deal "
                            "(game.set_trump_order(name), from a hook or a Lua step): a suit with extra "
                            "trumps, only some cards as trumps, no trump with an order of its own",
                            "{grand: {trumps: [JC, JS, JH, JD]}, \"null\": {rank_order: [A, K, Q, J, 10, 9, 8, 7]}}"),
                   optional("trump",
                            fields({
                                optional("method",
                                         words({"none", "fixed", "random_card", "first_discard"}),
                                         "none", "How trump is chosen", "first_discard"),
                                optional("suit", text(), "", "The trump suit letter, for fixed",
                                         "S"),
                                optional("retroactive_in_reveal_trick", boolean(), "false",
                                         "Trump-suit discards earlier in the trick that fixes "
                                         "trump count as trumps",
                                         "false"),
                            }),
                            "{method: none}", "The trump suit", "{method: fixed, suit: H}"),
                   optional("hidden_suit_lead_restricted", boolean(), "false",
                            "The owner of a face-down card may not lead its suit while it is face "
                            "down, unless holding no other suit",
                            "true"),
                   optional("last_trick_bonus", integer(-1000, 1000), "0",
                            "Points for winning the last trick", "10"),
                   optional("equal_cards", words({"first_wins", "last_wins"}), "first_wins",
                            "Of two equal cards in a trick (copies of one card, deck.copies), which one "
                            "wins it: the first played, or the last",
                            "last_wins"),
               }),
               "", "Trick play", "{first_lead: dealer_next, obligations: [follow_suit]}"),
      optional("result",
               fields({
                   optional("compare", list_of(counter()), "[points, tricks]",
                            "What decides the deal's winner, in order", "[points, tricks]"),
                   optional("named",
                            list_of(fields({
                                required("name", text(), "The result's name", "whitewash"),
                                required("winner_takes_all", counter(), "The winner took every one",
                                         "tricks"),
                            })),
                            "", "Named results, the first that applies wins",
                            "[{name: whitewash, winner_takes_all: tricks}]"),
                   optional("default_name", text(), "normal", "The name of any other win",
                            "normal"),
                   optional("game_points", free_map("result name", integer(0, 1000)), "1 each",
                            "Game points a deal's winner scores, per result",
                            "{normal: 1, whitewash: 3}"),
                   optional("contract",
                            list_of(fields({
                                required("bids", list_of(integer(0, 10000)), "The band: [low, high]",
                                         "[14, 19]"),
                                required("win", integer(0, 10000),
                                         "Game points to the bidding side when it makes the contract", "1"),
                                required("lose", integer(0, 10000),
                                         "Game points to the other side when it fails", "2"),
                            })),
                            "", "Score the deal as a contract: the bidding side needs at least its bid (in points, or tricks with contract_on)",
                            "[{bids: [14, 19], win: 1, lose: 2}]"),
                   optional("contract_on", counter(), "points",
                            "What the bidding side must take at least its bid of: card points or tricks", "tricks"),
                   optional("contract_made", text(), "success", "The result's name when the contract is made",
                            "made"),
                   optional("contract_failed", text(), "failure", "The result's name when it fails", "set"),
               }),
               "", "How a deal is won", "{compare: [points, tricks]}"),
      optional("next_dealer",
               fields({
                   optional("dealer_team_won", dealer_rule(), "next", "After the dealer's team won",
                            "next"),
                   optional("dealer_team_lost", dealer_rule(), "next",
                            "After the dealer's team lost", "same"),
                   optional("draw", dealer_rule(), "same", "After a draw", "same"),
                   optional("dealer_team_lost_by", free_map("result name", dealer_rule()), "",
                            "After the dealer's team lost by a named result",
                            "{whitewash: next_teammate}"),
               }),
               "", "Who deals next", "{dealer_team_won: next, dealer_team_lost: same}"),
      optional("match",
               fields({
                   optional("deals", integer(0, kMaxMatchDeals), "1", "Deals in a match (0: play to target)", "8"),
                   optional("target", integer(0), "0", "Game points that end the match (0: none)",
                            "10"),
                   optional("target_ends_deal", boolean(), "false",
                            "Fishing: the deal stops the moment a total (match score plus points "
                            "captured so far) reaches the target",
                            "true"),
                   optional("first_dealer", text(), "random", "random, or a seat name", "random"),
                   optional("winner", words({"highest", "lowest"}), "highest",
                            "Who wins the match: the highest total, or the lowest (penalty games; the "
                            "target then ends the match when someone reaches it)",
                            "lowest"),
                   optional("bidders_first", boolean(), "false",
                            "When several teams reach the target on the same deal, the bidder's team wins if it "
                            "is one of them (its total is counted first); needs an auction and a target",
                            "true"),
                   optional("tie_break_deals", integer(0, 100), "0",
                            "When the match would end with the leaders tied, play this many more deals, "
                            "again until the tie is broken (0: the tie stands)",
                            "2"),
               }),
               "", "When a match ends", "{deals: 8, first_dealer: random}"),
      optional("options",
               free_map("option name",
                        fields({
                            optional("description", text(), "", "What the option changes",
                                     "How trump is chosen"),
                            required("default", any_scalar(), "The value used when none is chosen",
                                     "first_discard"),
                            required("values",
                                     either({list_of(any_scalar()), free_map("value", overlay())}),
                                     "The allowed values, each with the keys it changes",
                                     "{first_discard: {play: {trump: {method: first_discard}}}}"),
                        })),
               "", "Variants a player may choose; each value is merged over the rules",
               "{players: {default: 4, values: {4: {}, 6: {seats: 6}}}}"),
      optional("hooks",
               fields({
                   optional("libraries", list_of(text()), "",
                            "Shared Lua modules from rulesets/lib", "[hidden_trump]"),
                   optional("scripts", list_of(text()), "",
                            "Lua files, relative to the ruleset", "[hooks.lua]"),
                   // ORDER HOOKPOINT: the names of HookPoint (ruleset.cc to_string).
                   optional("cannot_follow", hook_binding(), "",
                            "Called when the seat to play holds no card of the led suit",
                            "{call: hidden_trump.cannot_follow, when: trump_unset}"),
                   optional("cannot_play", hook_binding(), "",
                            "Called when the seat to play has no card but still a turn",
                            "hidden_trump.cannot_play"),
                   optional("trick_done", hook_binding(), "",
                            "Called when a trick is won and captured (every trick, the last included), with the winner's seat",
                            "my_trick_done"),
                   optional("deal_scored", hook_binding(), "", "Called when the deal's result is known",
                            "my_deal_scored"),
                   optional("step_done", hook_binding(), "",
                            "Called after each step of the deal plan, with no seat and the step's kind (deal, calls, ...)",
                            "my_step_done"),
                   optional("before_first_lead", hook_binding(), "",
                            "Called once the deal plan is done, before the first lead, with the leader's seat",
                            "my_before_first_lead"),
                   optional("card_played", hook_binding(), "",
                            "Called after each card played to a trick, with the seat and the card (fishing: "
                            "before the card captures or joins the layout)",
                            "my_card_played"),
                   optional("legal_filter", hook_binding(), "",
                            "Called on every turn once the legal plays are known; game.forbid removes some",
                            "my_legal_filter"),
                   optional("match_over", hook_binding(), "",
                            "Called after each deal once its game points are added to the match totals "
                            "(game.match_score gives the new totals); game.end_match(team or nil) ends the "
                            "match now, besides match.deals and match.target",
                            "my_match_over"),
                   optional("captured", hook_binding(), "",
                            "Fishing: called after a card captures layout cards, with the seat, the "
                            "capturing card and the array of the cards it took",
                            "{call: my_bonus, cards: [5H, 5D]}"),
                   optional("capture_rule", hook_binding(), "",
                            "Fishing: called when a card arrives at the layout (played, or turned from the "
                            "stock), with the seat and the card, before the capture data; game.capture_sets "
                            "then says which sets of layout cards it may take (none: it joins the layout); "
                            "without that call the data decides. `cards` limits it to those cards",
                            "{call: my_captures, cards: [JS, JH, JD, JC]}"),
                   optional("combination_scored", hook_binding(), "",
                            "Fishing: called at the end of a turn that raised the seat's side's points "
                            "of fishing.combinations, with the seat; game.ask may ask a question (stop or "
                            "go on), game.end_deal end the deal",
                            "my_stop_or_go"),
                   optional("refilled", hook_binding(), "",
                            "Fishing: called after the hands are dealt again from the stock, with the next "
                            "seat to play; game.move may move cards (hands keep their sizes)",
                            "my_refilled"),
                   optional("actions", free_map("action word", either({text(), fields({
                                required("effect", words({"turn_up_hidden"}),
                                         "Done by the engine, no Lua: turn_up_hidden puts every face-down "
                                         "card back face up into its owner's hand, and the suit of the "
                                         "first becomes trump when none is set",
                                         "turn_up_hidden"),
                                optional("must_trump", boolean(), "false",
                                         "With turn_up_hidden: the seat that asked must then play a trump if able",
                                         "true"),
                            })})), "",
                            "Extra actions (a lowercase word, digits allowed: reveal, 1nt) and the function run for "
                            "each, or an effect the engine carries out itself ({effect: turn_up_hidden})",
                            "{reveal: hidden_trump.reveal}"),
                   optional("steps", free_map("step kind", text()), "",
                            "Deal-step kinds written in Lua (a lowercase name) and the function that begins "
                            "each; `deal` then lists the name like a built-in step, alone or with parameters "
                            "({take_kitty: {count: 2}}), and the function gets those parameters as a table",
                            "{take_kitty: kitty.take}"),
               }),
               "", "Lua hooks", "{libraries: [hidden_trump]}"),
      optional("hook_params", free_map("parameter name", any_scalar()), "",
               "Values hooks read by name", "{reveal: optional}"),
      optional("fishing", fishing_schema(), "",
               "The fishing family's rules (family: fishing)",
               "{capture: {pair_sum: 10}, hand_size: {4: 6}, layout_size: {4: 4}, scoring: {}}"),
  });
}

// ---- Validation ----

struct Walk {
  bool check_required;
  Diagnostics& diags;
  std::vector<std::string> declared_steps;  // hooks.steps of the file and of its option values

  void error(const DocNode& at, const std::string& path, std::string message,
             std::string expected = {}) {
    diags.error(at.pos, written_path(at, path), std::move(message), std::move(expected));
  }
  void error_at(const SourcePos& pos, const DocNode& owner, const std::string& path,
                std::string message, std::string expected = {}) {
    diags.error(pos, written_path(owner, path), std::move(message), std::move(expected));
  }

  void check(const DocNode& node, const Schema& s, const std::string& path);
  void check_fields(const DocNode& node, const Schema& s, const std::string& path);
  void check_overlay(const DocNode& node, const std::string& path);
  void check_step_changes(const DocNode& changes, const std::string& path);
  void check_entry(const DocNode& owner, const DocEntry& entry, const std::vector<SchemaField>& f,
                   const std::string& path);
  void wrong_shape(const DocNode& node, const Schema& s, const std::string& path);
  bool names_declared_step(const DocNode& node) const;
  void unknown_step(const DocNode& node, const Schema& s, const std::string& path);
  void check_script_step(const DocNode& node, const std::string& path);
};

// The numeric auction's spelling of earlier versions: the calls step now.
constexpr const char* kAuctionRetired =
    "the calls step with the engine's bids: - calls: {calls: {word: bid, from: MIN_BID, to: MAX_BID}, opener: ..., "
    "...} in deal, the auction key's other keys as they were (passes_to_end 0: none); `hukum upgrade FILE` rewrites "
    "the file (docs/ruleset-format.md, \"A numeric auction\")";

// A top-level key: of the file, or of an option value (options.NAME.values.VALUE).
bool top_level(const std::string& path) {
  return path.empty() || (path.rfind("options.", 0) == 0 && path.find(".values.") != std::string::npos &&
                          std::count(path.begin(), path.end(), '.') == 3);
}

// The kind a deal step names: `take_kitty` or {take_kitty: {...}}; null for
// another shape (a map of several keys: the built-in check explains it).
const std::string* step_name(const DocNode& node) {
  return node.is_scalar() ? &node.scalar : node.is_map() && node.map.size() == 1 ? &node.map[0].key : nullptr;
}

// The built-in kinds: the words and keys of the deal step's alternatives.
std::vector<std::string> builtin_steps(const Schema& s) {
  std::vector<std::string> out;
  auto add = [&](const std::string& name) {
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  };
  for (const auto& alt : s.items) {
    for (const auto& w : alt.words) add(w);
    for (const auto& f : alt.fields) add(f.name);
  }
  return out;
}

bool names_builtin_step(const DocNode& node, const Schema& s) {
  const std::string* name = step_name(node);
  if (!name) return true;
  const auto builtin = builtin_steps(s);
  return std::find(builtin.begin(), builtin.end(), *name) != builtin.end();
}

bool Walk::names_declared_step(const DocNode& node) const {
  const std::string* name = step_name(node);
  return name && std::find(declared_steps.begin(), declared_steps.end(), *name) != declared_steps.end();
}

// A step naming neither a built-in kind nor one of hooks.steps.
void Walk::unknown_step(const DocNode& node, const Schema& s, const std::string& path) {
  const std::string& name = *step_name(node);
  if (name == "auction") {
    const SourcePos at = node.is_map() ? node.map[0].key_pos : node.pos;
    return error_at(at, node, path, "the step kind 'auction' is no longer a step", kAuctionRetired);
  }
  std::vector<std::string> known = builtin_steps(s);
  known.insert(known.end(), declared_steps.begin(), declared_steps.end());
  std::sort(known.begin(), known.end());
  known.erase(std::unique(known.begin(), known.end()), known.end());
  const std::string suggestion = did_you_mean(name, known);
  const std::string expected =
      suggestion.empty() ? "a built-in step (" + comma_list(builtin_steps(s)) + ") or a step kind declared under hooks.steps"
                         : "";
  if (node.is_map())  // point at the key, as for any unknown key
    error_at(node.map[0].key_pos, node, path, "unknown step kind " + in_quotes(name) + suggestion, expected);
  else
    error(node, path, "unknown step kind " + in_quotes(name) + suggestion, expected);
}

// Its parameters are single values, handed to the Lua function as they are.
void Walk::check_script_step(const DocNode& node, const std::string& path) {
  if (!node.is_map()) return;
  const DocEntry& entry = node.map[0];
  const std::string at = join_path(path, entry.key);
  if (entry.value->is_null()) return;
  if (!entry.value->is_map())
    return error(*entry.value, at, "the parameters of a Lua step are a map", "{name: value, ...}, e.g. {count: 2}");
  for (const auto& e : entry.value->map)
    if (!e.value->is_scalar())
      error(*e.value, join_path(at, e.key), "a Lua step's parameter is a single value", "a number, a word or true/false");
}

bool parse_int(const std::string& text, long long& out) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, out);
  return ec == std::errc() && ptr == end && begin != end;
}

// Does the node's shape fit this alternative? (OneOf picks by shape.)
bool shape_fits(const DocNode& node, const Schema& s) {
  switch (s.type) {
    case SchemaType::List: return node.is_seq();
    case SchemaType::Fields:
    case SchemaType::FreeMap:
    case SchemaType::Overlay: return node.is_map() || node.is_null();
    case SchemaType::OneOf:
      for (const auto& alt : s.items)
        if (shape_fits(node, alt)) return true;
      return false;
    default: return node.is_scalar();
  }
}



void Walk::wrong_shape(const DocNode& node, const Schema& s, const std::string& path) {
  std::string got = std::string("got ") + kind_name(node.kind);
  if (node.is_scalar()) got += " " + in_quotes(node.scalar);
  if (node.is_null()) got = "missing value";
  error(node, path, got, describe_expected(s));
}

void Walk::check(const DocNode& node, const Schema& s, const std::string& path) {
  if (s.type == SchemaType::OneOf) {
    if (s.script_steps && !names_builtin_step(node, s)) {
      if (names_declared_step(node)) return check_script_step(node, path);
      return unknown_step(node, s, path);
    }
    for (const auto& alt : s.items)
      if (shape_fits(node, alt)) return check(node, alt, path);
    return wrong_shape(node, s, path);
  }
  if (!shape_fits(node, s)) return wrong_shape(node, s, path);
  switch (s.type) {
    case SchemaType::Int: {
      long long value = 0;
      if (!parse_int(node.scalar, value))
        return error(node, path, in_quotes(node.scalar) + " is not an integer", describe_expected(s));
      if (value < s.min || value > s.max)
        return error(node, path, node.scalar + " is out of range", describe_expected(s));
      return;
    }
    case SchemaType::Bool:
      if (node.scalar != "true" && node.scalar != "false")
        error(node, path, in_quotes(node.scalar) + " is not a boolean", describe_expected(s));
      return;
    case SchemaType::Enum:
      for (const auto& w : s.words)
        if (w == node.scalar) return;
      return error(node, path, "unknown value " + in_quotes(node.scalar), describe_expected(s));
    case SchemaType::String:
    case SchemaType::Scalar:
    case SchemaType::Card:
    case SchemaType::CardItem:
      return;
    case SchemaType::List:
      for (size_t i = 0; i < node.seq.size(); ++i)
        check(*node.seq[i], s.items[0], index_path(path, i));
      return;
    case SchemaType::Fields: return check_fields(node, s, path);
    case SchemaType::FreeMap:
      for (const auto& e : node.map) check(*e.value, s.items[0], join_path(path, e.key));
      return;
    case SchemaType::Overlay: return check_overlay(node, path);
    case SchemaType::OneOf: return;  // handled above
  }
}

// Keys that no bundled game used, taken out (scripts/key_usage.py): the
// error says what the engine does without them and that `hukum upgrade` cuts them.
const char* removed_key_hint(const std::string& path, const std::string& key) {
  const auto ends_with = [&](const char* tail) {
    const std::string t(tail);
    return path == t || (path.size() > t.size() && path.compare(path.size() - t.size() - 1, t.size() + 1, "." + t) == 0);
  };
  if (ends_with("teams") && key == "names")
    return "nothing: a team is named by its seats' letters (NS, EW), or team1, team2... when a seat name is "
           "longer; `hukum upgrade FILE` cuts the key";
  if (ends_with("teams") && key == "members")
    return "teams: {layout: alternate, count: N} (seats take turns between the N teams: N, S against E, W) "
           "or {layout: none}; sides that change from deal to deal are teams.deal_sides or game.set_sides "
           "(docs/ruleset-format.md, \"Sides decided per deal\")";
  if (ends_with("sequences") && key == "name")
    return "nothing: a sequence is shown as 'sequence'; `hukum upgrade FILE` cuts the key";
  if (ends_with("first_lead") && key == "otherwise")
    return "nothing: when nobody holds the card, the dealer's next leads; `hukum upgrade FILE` cuts the key";
  return nullptr;
}

// Keys of earlier versions that something else replaces: the error says what.
const char* retired_key_hint(const std::string& path, const std::string& key) {
  if (key == "auction" && top_level(path)) return kAuctionRetired;
  const bool in_play = path == "play" || (path.size() > 5 && path.compare(path.size() - 5, 5, ".play") == 0);
  if (in_play && (key == "must_follow_suit" || key == "must_trump_when_void" || key == "must_overtrump"))
    return "play.obligations, the list of what a player must play: must_follow_suit is follow_suit, "
           "must_trump_when_void trump_if_void, must_overtrump overruff, in that order (without the list: "
           "[follow_suit]); `hukum upgrade FILE` rewrites the file (docs/ruleset-format.md, \"What a player must "
           "play\")";
  if (const char* hint = removed_key_hint(path, key)) return hint;
  const bool in_fishing = path == "fishing" || (path.size() > 8 && path.compare(path.size() - 8, 8, ".fishing") == 0);
  if (in_fishing && (key == "specials" || key == "redeal" || key == "bonuses"))
    return "the hooks of rulesets/lib/fishing_specials.lua: fishing.specials, fishing.redeal and fishing.bonuses "
           "are hook_params of it now; `hukum upgrade FILE` rewrites the file (docs/ruleset-format.md, \"Layout specials, redeals and capture bonuses\")";
  return nullptr;
}

void Walk::check_entry(const DocNode& owner, const DocEntry& entry,
                       const std::vector<SchemaField>& f, const std::string& path) {
  for (const auto& field : f)
    if (field.name == entry.key) return check(*entry.value, field.schema, join_path(path, entry.key));
  if (const char* hint = retired_key_hint(path, entry.key))
    return error_at(entry.key_pos, owner, path, in_quotes(entry.key) + " is no longer a key", hint);
  std::vector<std::string> names;
  for (const auto& field : f) names.push_back(field.name);
  std::string suggestion = did_you_mean(entry.key, names);
  if (!suggestion.empty())
    error_at(entry.key_pos, owner, path, "unknown key " + in_quotes(entry.key) + suggestion);
  else
    error_at(entry.key_pos, owner, path, "unknown key " + in_quotes(entry.key),
             names.empty() ? "no keys" : "one of: " + comma_list(names));
}

void Walk::check_fields(const DocNode& node, const Schema& s, const std::string& path) {
  // The map's own problems first, then its keys': diagnostics read top-down.
  if (s.single_key && node.map.size() != 1) {
    std::vector<std::string> names;
    for (const auto& field : s.fields) names.push_back(field.name);
    error(node, path, "needs exactly one key, got " + std::to_string(node.map.size()),
          "one of: " + comma_list(names));
  }
  if (check_required)
    for (const auto& field : s.fields)
      if (field.required && !node.find(field.name))
        error(node, path, "missing required key " + in_quotes(field.name));
  for (const auto& e : node.map) check_entry(node, e, s.fields, path);
}

// An option value's `deal: {kind: {parameter: value}}`: each entry is checked
// as the step {kind: {...}} would be.
void Walk::check_step_changes(const DocNode& changes, const std::string& path) {
  const Schema* step = nullptr;
  for (const auto& field : ruleset_schema().fields)
    if (field.name == "deal") step = &field.schema.items[0];
  for (const auto& e : changes.map) {
    DocNode one;
    one.kind = DocNode::Map;
    one.pos = e.key_pos;
    one.origin_path = changes.origin_path;
    one.map = {e};
    if (step) check(one, *step, path);
  }
}

void Walk::check_overlay(const DocNode& node, const std::string& path) {
  // An option value changes the rules, not the option machinery or the base file.
  for (const auto& e : node.map) {
    if (e.key == "options" || e.key == "extends") {
      error_at(e.key_pos, node, path, in_quotes(e.key) + " cannot be changed by an option value");
      continue;
    }
    if (e.key == "deal" && e.value->is_map()) {  // changes to steps of the plan, by kind (loader.cc)
      check_step_changes(*e.value, join_path(path, "deal"));
      continue;
    }
    check_entry(node, e, ruleset_schema().fields, path);
  }
}

}  // namespace

const Schema& ruleset_schema() {
  static const Schema schema = build_ruleset_schema();
  return schema;
}

std::string describe_expected(const Schema& s) {
  switch (s.type) {
    case SchemaType::Int:
      if (s.min != INT_MIN && s.max != INT_MAX)
        return "an integer from " + std::to_string(s.min) + " to " + std::to_string(s.max);
      if (s.min != INT_MIN) return "an integer of at least " + std::to_string(s.min);
      return "an integer";
    case SchemaType::Bool: return "true or false";
    case SchemaType::String: return "a text value";
    case SchemaType::Scalar: return "a single value";
    case SchemaType::Enum: return "one of: " + comma_list(s.words);
    case SchemaType::Card: return "a card such as 'AS' or '10H'";
    case SchemaType::CardItem: return "a card such as 'AS' or '10H', or attribute=value (deck.attributes)";
    case SchemaType::List: return "a list";
    case SchemaType::Fields: {
      std::vector<std::string> names;
      for (const auto& f : s.fields) names.push_back(f.name);
      if (names.empty()) return "an empty map";
      return std::string(s.single_key ? "a map with one of the keys " : "a map with keys ") +
             comma_list(names);
    }
    case SchemaType::FreeMap: return "a map of " + s.key_doc + " to " + describe_expected(s.items[0]);
    case SchemaType::Overlay: return "a map of ruleset keys to change";
    case SchemaType::OneOf: {
      std::string out;
      for (size_t i = 0; i < s.items.size(); ++i)
        out += (i ? " or " : "") + describe_expected(s.items[i]);
      if (s.script_steps) out += ", or a step kind declared under hooks.steps";
      return out;
    }
  }
  return "";
}

namespace {
// The keys of hooks.steps in a ruleset or an option value's overlay.
void add_declared_steps(const DocNode& doc, std::vector<std::string>* out) {
  const DocNode* hooks = doc.is_map() ? doc.find("hooks") : nullptr;
  const DocNode* steps = hooks && hooks->is_map() ? hooks->find("steps") : nullptr;
  if (steps && steps->is_map())
    for (const auto& e : steps->map) out->push_back(e.key);
}
}  // namespace

void validate_document(const DocNode& root, bool check_required, Diagnostics& diags) {
  Walk walk{check_required, diags, {}};
  add_declared_steps(root, &walk.declared_steps);
  if (const DocNode* options = root.is_map() ? root.find("options") : nullptr; options && options->is_map())
    for (const auto& option : options->map)
      if (const DocNode* values = option.value->is_map() ? option.value->find("values") : nullptr;
          values && values->is_map())
        for (const auto& value : values->map) add_declared_steps(*value.value, &walk.declared_steps);
  if (!root.is_map()) {
    diags.error(root.pos, "", std::string("a ruleset must be a map of keys, got ") +
                                  kind_name(root.kind));
    return;
  }
  walk.check(root, ruleset_schema(), "");
}

}  // namespace hukum
