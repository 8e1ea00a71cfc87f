// SO-ISMCTS (see ismcts.h). The tree lives in one vector reused between
// decisions; nodes refer to each other by index.
#include "session/bots/ismcts.h"

#include <chrono>
#include <cmath>

#include "session/bots/deal_value.h"
#include "session/bots/greedy.h"

namespace hukum {

namespace {
constexpr double kExploration = 0.7;  // UCB constant for rewards in [0, 1]
}

void IsmctsPlayer::iterate(const SeatView& view) {
  GameState world = view.sample_world(rng_);
  const Ruleset& rules = view.rules();
  int node = 0;
  bool expanded = false;
  while (!world.deal_over() && !expanded) {
    const LegalActions& legal = world.legal();
    legal_scratch_ = legal.list();
    if (legal_scratch_.empty()) break;
    untried_.clear();
    int chosen = -1;
    double best = -1;
    const int mover = world.to_move();
    // Another seat's call (a bid, a trump, a card laid aside: anything but
    // a card played) is its greedy choice in this world, not a tree choice.
    // One tree serves every sampled world, so a tree choice could not depend
    // on the hand the other seat holds in it: the other seats of an auction
    // would bid without looking at their cards, raise and fail, and the
    // search would learn to outbid them instead of to bid its own hand.
    if (mover != view.seat() && !is_card_play(legal)) {
      const Action hint = greedy_action(world, rng_);
      for (int c : tree_[size_t(node)].children)
        if (tree_[size_t(c)].mover == mover && tree_[size_t(c)].action == hint) chosen = c;
      if (chosen < 0) untried_.push_back(hint);
      legal_scratch_.clear();
    }
    // Availability: every child legal here was available in this iteration.
    for (const Action& a : legal_scratch_) {
      int child = -1;
      for (int c : tree_[size_t(node)].children)
        if (tree_[size_t(c)].mover == mover && tree_[size_t(c)].action == a) child = c;
      if (child < 0) {
        untried_.push_back(a);
        continue;
      }
      Node& n = tree_[size_t(child)];
      ++n.available;
      const double ucb = n.reward / n.visits + kExploration * std::sqrt(std::log(double(n.available)) / n.visits);
      if (ucb > best) best = ucb, chosen = child;
    }
    if (!untried_.empty()) {
      const Action a = untried_[rng_.below(uint32_t(untried_.size()))];
      Node fresh;
      fresh.action = a;
      fresh.mover = mover;
      fresh.parent = node;
      fresh.available = 1;
      tree_.push_back(std::move(fresh));
      chosen = int(tree_.size()) - 1;
      tree_[size_t(node)].children.push_back(chosen);
      expanded = true;
    }
    if (!world.try_apply(tree_[size_t(chosen)].action)) {
      // The world refused (a hook error): score the line as neutral.
      for (int k = chosen; k > 0; k = tree_[size_t(k)].parent) tree_[size_t(k)].reward += 0.5, ++tree_[size_t(k)].visits;
      return;
    }
    node = chosen;
  }
  const bool finished = play_out(world, decision_policy_, rng_);
  const auto rewards = team_rewards(world, finished, margin_scale_);
  for (int k = node; k > 0; k = tree_[size_t(k)].parent) {
    Node& n = tree_[size_t(k)];
    n.reward += rewards[rules.team_of[size_t(n.mover)]];
    ++n.visits;
  }
}

bool IsmctsPlayer::choose(const SeatView& view, const LegalActions& legal, Action* out) {
  if (legal.count() == 1) {
    *out = legal.at(0);
    last_iterations_ = 0;
    return true;
  }
  margin_scale_ = margin_scale(view.rules(), view.hook_runner());
  // A call that names no card (a bid, a contract, a trump, a word) is judged
  // by how the deal goes when the cards are then played sensibly: with
  // random card play a contract that a good player makes looks like a loss,
  // and where bids are game values ismcts bid games it then failed
  // (docs/bots.md). Choosing cards (playing, passing, discarding, laying
  // aside) keeps the cheaper random-card playouts: greedy ones judged a
  // penalty game's pass worse.
  decision_policy_ = legal.cards.empty() ? PlayoutPolicy::Greedy : policy_;
  tree_.clear();
  tree_.emplace_back();
  const auto start = std::chrono::steady_clock::now();
  int done = 0;
  for (;; ++done) {
    if (budget_.iterations > 0 && done >= budget_.iterations) break;
    if (budget_.millis > 0 && done % 16 == 0 && done > 0 &&
        std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(budget_.millis))
      break;
    iterate(view);
  }
  last_iterations_ = done;
  // The most visited root action that is legal at the table (every one is:
  // the worlds keep the seat's own cards).
  int best = -1;
  for (int c : tree_[0].children)
    if (legal.contains(tree_[size_t(c)].action) && (best < 0 || tree_[size_t(c)].visits > tree_[size_t(best)].visits))
      best = c;
  *out = best >= 0 ? tree_[size_t(best)].action : legal.at(0);
  return true;
}

}  // namespace hukum
