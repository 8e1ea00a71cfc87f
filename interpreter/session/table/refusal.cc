// Reasons for refused moves (see refusal.h). Each check names the rule the
// move breaks, from the most specific to the most general; the last resort
// still lists what is legal, so no refusal is ever left unexplained.
#include "session/table/refusal.h"

#include <algorithm>

#include "ruleset/doc.h"
#include "ruleset/ruleset.h"
#include "ruleset/step_kind.h"

namespace hukum {

namespace {

bool has_step(const Ruleset& rules, DealStep::Kind kind) {
  return std::any_of(rules.deal.begin(), rules.deal.end(), [&](const DealStep& s) { return s.kind == kind; });
}

std::string word_list(const Ruleset& rules, const LegalActions& legal) {
  std::vector<std::string> words;
  for (uint8_t w : legal.words) words.push_back("'" + rules.action_words[w] + "'");
  return comma_list(words);
}

std::string legal_summary(const Ruleset& rules, const Observation& o, const TableStyle& style) {
  std::string out;
  for (const Action& a : o.legal.list()) {
    if (!out.empty()) out += ", ";
    out += a.kind == ActionKind::Play ? style.card(rules, a.card) : action_text(rules, a);
  }
  return out;
}

// ", during the auction": the round of calls a card was typed in.
std::string phase_clause(const Observation& o) {
  if (o.bidding) return ", during the auction";
  static const std::pair<const char*, const char*> clauses[] = {
      {"raise", ", during the raise round"},
      {"declare", ", during the declaration"},
      {"bids", ", during the bidding"},
      {"trump_auction", ", while the trump is chosen"},
      {"melds", ", during the declarations of melds"}};
  for (auto [tag, clause] : clauses)
    if (o.phase == Phase::Question && o.question.tag == tag) return clause;
  return "";
}

std::string card_refusal(const Ruleset& rules, const Observation& o, const Action& a, const TableStyle& style) {
  const std::string card = style.card(rules, a.card);
  if (o.own_hidden.contains(a.card))
    return card + " lies face down: it cannot be played until it is turned up";
  if (a.kind == ActionKind::Take) {
    if (o.pending == kNoCard) return "there is nothing to capture with now; play a card from your hand";
    return card + " is not a card " + style.card(rules, o.pending) + " can take; it can take " +
           style.cards(rules, o.legal.cards);
  }
  if (!o.hand.contains(a.card)) return card + " is not in your hand";
  // No card is legal (an auction, a question): say what is asked instead, as
  // the prompt does; a list of legal cards would be empty.
  if (o.legal.cards.empty()) return "you cannot play a card now" + phase_clause(o) + ": you may " + what_to_do(rules, o, style);
  if (o.legal.card_kind != a.kind)
    return "you cannot " +
           std::string(a.kind == ActionKind::SetAside ? "lay a card aside"
                       : a.kind == ActionKind::Choose ? "choose a card"
                                                      : "play a card") +
           " now";
  const int suit = rules.deck.cards[a.card].suit;
  if (!o.trick.empty()) {
    // A lead lying face down is a trump (play.face_down).
    const Card lead = o.trick.front().second;
    const int led = lead == kNoCard ? o.trump_suit : rules.deck.cards[lead].suit;
    CardSet follow = o.hand & rules.deck.suit_mask[size_t(led)];
    const auto& duties = rules.play.obligations;
    // play.follow_exempt: the highest trump (the top trumps above a lower trump led) alone in the hand is not owed.
    const TrumpView& view = o.trump_order >= 0 ? rules.play.trump_orders[size_t(o.trump_order)].view
                                               : rules.play.view(o.trump_suit);
    const CardSet exempt = lead == kNoCard ? view.follow_exempt : rules.play.follow_exempt_against(view, lead);
    const bool owes = !(follow & ~exempt).empty();
    if (suit != led && owes) {
      // follow_suit_or_trump: a trump was allowed too, so this card is a third suit.
      if (o.trump_suit >= 0 && led != o.trump_suit &&
          std::find(duties.begin(), duties.end(), PlayFilter::FollowSuitOrTrump) != duties.end())
        return "you must follow " + style.suit(rules, led) + " or play a trump (" + style.suit(rules, o.trump_suit) +
               "), not another suit (you hold " + style.cards(rules, follow) + ")";
      return "you must follow " + style.suit(rules, led) + " (you hold " + style.cards(rules, follow) + ")";
    }
    if (o.trump_suit >= 0 && suit != o.trump_suit) {
      CardSet trumps = o.legal.cards & rules.deck.suit_mask[size_t(o.trump_suit)];
      if (!o.legal.cards.empty() && trumps == o.legal.cards)
        return "you must play a trump (" + style.suit(rules, o.trump_suit) + ") when you cannot follow";
    }
    if (rules.play.must_overtrump && o.trump_suit >= 0 && suit == o.trump_suit)
      return "you must beat the trumps already in the trick: play " + style.cards(rules, o.legal.cards);
    if (o.trump_suit >= 0 && suit == o.trump_suit &&
        std::find(duties.begin(), duties.end(), PlayFilter::NoUndertrump) != duties.end())
      return "you may not play a trump lower than one already in the trick while you hold another card you "
             "may play: play " + style.cards(rules, o.legal.cards);
    if (std::find(duties.begin(), duties.end(), PlayFilter::HeadTrick) != duties.end())
      return "you must beat every card already in the trick when you can (even your partner's): play " +
             style.cards(rules, o.legal.cards);
  } else if (rules.play.hidden_suit_lead_restricted && !o.own_hidden.empty()) {
    for (Card h : o.own_hidden)
      if (rules.deck.cards[h].suit == suit)
        return "you may not lead " + style.suit(rules, suit) +
               ", the suit of your face-down card, before it is turned up (unless you hold nothing else)";
  }
  return card + " cannot be played now; you may play " + style.cards(rules, o.legal.cards);
}

std::string number_refusal(const Ruleset& rules, const Observation& o, const Action& a) {
  const LegalActions& l = o.legal;
  const std::string what = a.kind == ActionKind::Bid ? "bid" : "raise";
  if (l.numbers() == 0 || l.number_kind != a.kind) {
    if (o.bidding) return "it is the auction: bid or pass";
    if (o.question.tag == "raise") return "it is the raise: raise or pass";
    return "you cannot " + what + " now";
  }
  const std::string range = std::to_string(l.low) + " to " + std::to_string(l.high);
  if (o.question.tag == "bids") {
    if (a.value == l.hole)
      return "the bids may not add up to the " + std::to_string(l.high) + " tricks of this deal: you may not bid " +
             std::to_string(a.value);
    return "bids go from " + range + " (the tricks of this deal)";
  }
  if (int min_bid = 0, max_bid = 0; a.kind == ActionKind::Bid && engine_bid_range(rules, &min_bid, &max_bid)) {
    if (a.value > max_bid) return "bids go up to " + std::to_string(max_bid);
    if (a.value < min_bid) return "bids start at " + std::to_string(min_bid);
    if (o.high_bidder >= 0 && a.value <= o.high_bid)
      return "a bid must beat the high bid, " + std::to_string(o.high_bid) + " by " +
             rules.seat_names[size_t(o.high_bidder)] + " (you may bid " + range + ")";
    // Above the high bid but below the legal floor: the floor over one's partner.
    if (o.high_bidder >= 0 && o.high_bidder != o.seat &&
        rules.team_of[size_t(o.high_bidder)] == rules.team_of[size_t(o.seat)] && a.value < l.low)
      return "overcalling your partner " + rules.seat_names[size_t(o.high_bidder)] + " needs at least " +
             std::to_string(l.low) + " (you may bid " + range + ")";
  } else {
    if (a.value <= o.contract) return "a raise must beat the contract of " + std::to_string(o.contract) + " (you may raise " + range + ")";
    if (a.value < rules.raise.min) return "a raise reaches at least " + std::to_string(rules.raise.min) + " (you may raise " + range + ")";
    if (a.value > rules.raise.max) return "a raise goes up to " + std::to_string(rules.raise.max);
  }
  return "you may " + what + " " + range + " now";
}

std::string word_refusal(const Ruleset& rules, const Observation& o, const Action& a) {
  const std::string word = "'" + rules.action_words.at(a.word) + "'";
  if (int(a.word) == rules.declaration_word)
    return word + " is declared by the bidder after the deal, when the game offers it";
  if (rules.offer_word[size_t(HookPoint::CannotFollow)] == int(a.word)) {
    if (!o.trick.empty() && o.trick.front().second != kNoCard) {
      const int led = rules.deck.cards[o.trick.front().second].suit;
      if (!(o.hand & rules.deck.suit_mask[size_t(led)]).empty())
        return word + " is offered only to a player who cannot follow suit, and you can";
    }
    if (o.trump_suit >= 0) return word + " is no longer offered: the trump is already known";
    return word + " is offered only to a player who cannot follow suit";
  }
  return word + " is not offered now";
}

// "from 1 to 13", or "one of 18, 20, 22, 23" for a list of allowed numbers.
std::string allowed_numbers(const LegalActions& l) {
  if (l.word_values.empty()) return "from " + std::to_string(l.word_low) + " to " + std::to_string(l.word_high);
  std::string out = "one of";
  for (size_t i = 0; i < l.word_values.size(); ++i) out += (i ? ", " : " ") + std::to_string(l.word_values[i]);
  return out;
}

// "atas 0" when the question is "atas or bawah, with 1 to 13".
std::string numbered_word_refusal(const Ruleset& rules, const Observation& o, const Action& a) {
  const LegalActions& l = o.legal;
  const std::string word = "'" + rules.action_words.at(a.word) + "'";
  if (l.number_words.empty()) return word + " with a number is not asked for now";
  if (std::find(l.number_words.begin(), l.number_words.end(), a.word) == l.number_words.end())
    return word + " is not one of the answers asked for now";
  return "the number after " + word + " must be " + allowed_numbers(l);
}

}  // namespace

std::string refusal_reason(const Ruleset& rules, const Observation& o, const Action& a, const TableStyle& style) {
  std::string why;
  switch (a.kind) {
    case ActionKind::Play:
    case ActionKind::SetAside:
    case ActionKind::Choose:
    case ActionKind::Take: why = card_refusal(rules, o, a, style); break;
    case ActionKind::Bid:
    case ActionKind::Raise: why = number_refusal(rules, o, a); break;
    case ActionKind::Pass:
      if (o.bidding && o.high_bidder < 0) why = "the opening player must bid: passing is not allowed";
      else if (o.phase == Phase::Play) why = "you cannot pass in the play: play a card";
      else if (o.question.tag == "bids") why = "every seat bids: bid a number of tricks (" + std::to_string(o.legal.low) + " is a bid)";
      else why = "you cannot pass now";
      break;
    case ActionKind::Extra: why = word_refusal(rules, o, a); break;
    case ActionKind::WordNumber: why = numbered_word_refusal(rules, o, a); break;
    case ActionKind::Exchange:
      if (o.question.tag != "exchange") why = "there is nothing to exchange now";
      else if (!o.hand.contains(a.card)) why = style.card(rules, a.card) + " is not in your hand";
      else why = style.card(rules, a.card) + " cannot be exchanged for the turn-up";
      break;
    case ActionKind::Accept:
    case ActionKind::Name:
      if (o.question.tag != "trump_auction") why = "the trump is not being chosen now";
      else if (a.kind == ActionKind::Accept) why = "this round names a suit ('name <suit>') or passes";
      else if (o.legal.suits == 0) why = "this round accepts the turn-up's suit ('accept') or passes";
      else why = "that suit cannot be named in this round";
      break;
    case ActionKind::Build:
      if (o.pending == kNoCard) why = "there is nothing to build with now; play a card from your hand";
      else if (a.card != kNoCard) why = style.card(rules, a.card) + " is not a card of a build " + style.card(rules, o.pending) + " can make now";
      else why = style.card(rules, o.pending) + " cannot build " + std::to_string(a.value) +
                 " (a build needs layout cards making up that value and another card of it in your hand)";
      break;
    case ActionKind::Discard:
      if (o.question.tag != "discard") why = "there is nothing to discard now";
      else why = style.card(rules, a.card) + " is not in your hand";
      break;
    case ActionKind::Meld:
    case ActionKind::DeclareOne:
      if (o.question.tag == "melds" || o.legal.can_declare)  // declaring now
        why = a.kind == ActionKind::Meld ? "you hold no meld to declare"
              : rules.melds.repeats      ? "with several packs melds are declared all at once ('declare')"
                                         : "you hold no such meld, or have declared it already";
      else if (rules.melds.at_first_card)
        why = "melds are declared only at one's first card of the first trick, before playing it";
      else
        why = "melds are declared only after the deal";
      break;
  }
  return why + ". Legal: " + legal_summary(rules, o, style);
}

std::string input_forms(const Ruleset& rules) {
  std::vector<std::string> forms;
  forms.push_back("a card such as " + rules.deck.card_text(0));
  // Each step's own form ('hide <card>', 'raise <n>'), from its row, in plan order.
  bool step_pass = false;
  for (const DealStep& s : rules.deal) {
    bool pass = false;
    const char* form = step_input_form(s, &pass);
    step_pass = step_pass || pass;
    if (form && std::find(forms.begin(), forms.end(), form) == forms.end()) forms.push_back(form);
  }
  if (rules.family == Family::Fishing) forms.push_back("'take <card>'");
  if (rules.family == Family::Fishing && !rules.fishing.compulsory) forms.push_back("'pass' (lay the card instead of capturing)");
  // The numeric auction (a calls step with the engine's word bid) takes 'bid <n>'.
  if (engine_bid_range(rules) && std::find(forms.begin(), forms.end(), "'bid <n>'") == forms.end())
    forms.push_back("'bid <n>'");
  if (rules.declares_melds() && rules.melds.optional) {
    forms.push_back(rules.melds.repeats ? "'declare'" : "'declare', 'declare <cards>'");
    step_pass = step_pass || !rules.melds.at_first_card;  // a melds step asks: declare or pass
  }
  if (step_pass) forms.push_back("'pass'");
  const bool declares = has_step(rules, DealStep::Kind::Declare);
  for (size_t w = 0; w < rules.action_words.size(); ++w)
    if (int(w) != rules.declaration_word || declares) forms.push_back("'" + rules.action_words[w] + "'");
  return comma_list(forms);
}

std::string what_to_do(const Ruleset& rules, const Observation& o, const TableStyle& style) {
  const LegalActions& l = o.legal;
  std::vector<std::string> parts;
  if (!l.cards.empty()) {
    if (l.card_kind == ActionKind::SetAside)
      parts.push_back("lay a card face down with 'hide <card>' (it leaves your hand, hidden from everyone until turned up)");
    else if (l.card_kind == ActionKind::Choose)
      parts.push_back("choose a card with 'choose <card>' (face down: nobody sees it until every player has chosen)");
    else if (l.card_kind == ActionKind::Exchange)
      parts.push_back("swap " + style.card(rules, l.cards.nth(0)) + " for the turn-up with 'exchange " +
                      rules.deck.card_text(l.cards.nth(0)) + "'");
    else if (l.card_kind == ActionKind::Discard)
      parts.push_back("discard a card face down with 'discard <card>' (it leaves the deal; only you see it)");
    else if (l.card_kind == ActionKind::Take && rules.fishing.by_sum)
      parts.push_back("choose the cards " + style.card(rules, o.pending) +
                      " takes, one at a time, with 'take <card>' (once only one set is left it is taken)");
    else if (l.card_kind == ActionKind::Build)
      parts.push_back("choose the cards of the build of " + std::to_string(o.building_value) +
                      ", one at a time, with 'build <card>' (once only one build is left it is made)");
    else if (l.card_kind == ActionKind::Take)
      parts.push_back("choose the card " + (o.pending == kNoCard ? std::string("to take") : style.card(rules, o.pending) + " takes") +
                      " with 'take <card>'");
    else
      parts.push_back("play a card (type it as shown, e.g. " + rules.deck.card_text(l.cards.nth(0)) + ")");
  }
  if (l.numbers() > 0)
    parts.push_back(std::string(l.number_kind == ActionKind::Bid ? "bid" : "raise") + " " + std::to_string(l.low) +
                    (l.high > l.low ? " to " + std::to_string(l.high) : std::string()) +
                    (l.has_hole() ? " but not " + std::to_string(l.hole) : std::string()) + " ('" +
                    (l.number_kind == ActionKind::Bid ? "bid " : "raise ") + std::to_string(l.number(0)) + "')");
  if (l.build_values) {
    std::vector<std::string> values;
    for (int v = 0; v < 32; ++v)
      if ((l.build_values >> v) & 1) values.push_back("'build " + std::to_string(v) + "'");
    parts.push_back("build " + style.card(rules, o.pending) + " onto layout cards (" + comma_list(values) + ")");
  }
  if (l.can_accept)
    parts.push_back("accept the turn-up's suit" +
                    (o.turn_up != kNoCard ? " (" + style.suit(rules, rules.deck.cards[o.turn_up].suit) + ")" : std::string()) +
                    " as trump ('accept')");
  if (l.suits) {
    std::vector<std::string> names;
    for (size_t s = 0; s < rules.deck.suits.size(); ++s)
      if ((l.suits >> s) & 1) names.push_back("'name " + rules.deck.suits[s] + "'");
    parts.push_back("name a suit as trump (" + comma_list(names) + ")");
  }
  if (l.can_declare) {
    std::vector<std::string> one;
    for (const Action& m : l.melds) one.push_back("'" + action_text(rules, m) + "'");
    parts.push_back("declare all your melds ('declare') or one of them (" + comma_list(one) + ")");
  }
  if (l.can_pass) parts.push_back("'pass'");
  if (!l.words.empty()) parts.push_back(word_list(rules, l));
  if (l.word_numbers() > 0) {
    std::vector<std::string> words;
    for (uint8_t w : l.number_words) words.push_back("'" + rules.action_words[w] + "'");
    std::string either = words[0];
    for (size_t i = 1; i < words.size(); ++i) either += (i + 1 == words.size() ? " or " : ", ") + words[i];
    parts.push_back(either + " with a number " + allowed_numbers(l) + " (e.g. '" +
                    rules.action_words[l.number_words[0]] + " " + std::to_string(l.word_number(0)) + "')");
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? "" : i + 1 == parts.size() ? " or " : ", ") + parts[i];
  return out;
}

}  // namespace hukum
