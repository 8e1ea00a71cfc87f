// Single-observer information-set MCTS (`ismcts[:N]`, `ismcts:200ms`): one
// tree over the seat's information set; each iteration samples a world from
// the seat's view (SeatView::sample_world), walks the tree choosing among the
// children legal in that world by UCB with availability counts (other seats'
// calls: their greedy choice in that world), adds one node, finishes the deal
// with a playout (greedy throughout when the seat makes a call that names no
// card, random card play with greedy calls when it chooses cards) and credits every node with the reward of the team that
// moved there (deal_value.h). The most visited legal root
// action is played. An iteration budget is deterministic for a seed; a time
// budget is not (the iteration count depends on the machine).
#pragma once

#include <vector>

#include "core/rng.h"
#include "session/bots/playout.h"
#include "session/matches/players.h"

namespace hukum {

struct IsmctsBudget {
  int iterations = 0;  // > 0: this many per decision
  int millis = 0;      // > 0: this long per decision
};

class IsmctsPlayer final : public Player {
 public:
  static constexpr int kDefaultIterations = 1000;
  IsmctsPlayer(uint64_t seed, IsmctsBudget budget, PlayoutPolicy policy = PlayoutPolicy::RandomPlayGreedyCalls)
      : rng_(seed), budget_(budget), policy_(policy) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override;
  // Iterations of the last decision (for timing reports and tests).
  int last_iterations() const { return last_iterations_; }

 private:
  struct Node {
    Action action;
    int mover = -1;  // the seat that played `action`
    int parent = -1;
    std::vector<int> children;
    double reward = 0;  // summed, for the mover's team
    int visits = 0;
    int available = 0;  // iterations in which this node's action was legal
  };
  void iterate(const SeatView& view);

  Rng rng_;
  IsmctsBudget budget_;
  PlayoutPolicy policy_;
  PlayoutPolicy decision_policy_ = PlayoutPolicy::RandomPlayGreedyCalls;  // this decision's playouts
  std::vector<Node> tree_;
  std::vector<Action> legal_scratch_, untried_;
  int last_iterations_ = 0;
  double margin_scale_ = 1;  // the ruleset's (deal_value.h), read at each decision
};

}  // namespace hukum
