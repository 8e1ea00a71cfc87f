#include "batch.h"

#include <algorithm>
#include <stdexcept>

#include "session/observation/observation.h"
#include "session/matches/returns.h"

namespace hukum::python {

Batch::Batch(std::shared_ptr<const Game> game, int size, uint64_t seed)
    : game_(std::move(game)), seed_(seed), next_seed_(0), rng_(Rng::derive(seed, 0xBA7C)) {
  if (size < 1 || size > 1'000'000) throw std::invalid_argument("a batch holds 1 to 1,000,000 states");
  for (int i = 0; i < size; ++i) {
    matches_.push_back(std::make_unique<Match>(*game_->rules, game_->hooks, 0, game_->deals));
    start(size_t(i));
  }
}

void Batch::start(size_t i) {
  Match& m = *matches_[i];
  m.restart(Rng::derive(seed_, next_seed_++), game_->deals);
  if (std::string err = m.start_deal(); !err.empty()) throw std::runtime_error(err);
  advance(i, nullptr, nullptr);
}

void Batch::advance(size_t i, uint8_t* done, double* returns) {
  Match& m = *matches_[i];
  const Ruleset& rules = *game_->rules;
  while (m.state().deal_over()) {
    if (std::string err = m.finish_deal(); !err.empty()) throw std::runtime_error(err);
    ++deals_finished_;
    if (m.over()) {
      ++matches_finished_;
      if (done) done[i] = 1;
      if (returns) {
        const std::vector<double> r = seat_returns(rules, m.scores());
        std::copy(r.begin(), r.end(), returns + i * size_t(rules.seats));
      }
      m.restart(Rng::derive(seed_, next_seed_++), game_->deals);
    }
    if (std::string err = m.start_deal(); !err.empty()) throw std::runtime_error(err);
  }
}

void Batch::current_seats(int32_t* out) const {
  for (size_t i = 0; i < matches_.size(); ++i) out[i] = matches_[i]->state().decider();
}

void Batch::legal_mask(uint8_t* out) const {
  const size_t width = size_t(game_->ids->size());
  std::fill(out, out + width * matches_.size(), uint8_t(0));
  for (size_t i = 0; i < matches_.size(); ++i) {
    const LegalActions& l = matches_[i]->state().legal();
    uint8_t* row = out + i * width;
    // Cards, the common case, by their set (a card's id is its index); the rest one by one.
    for (Card c : l.cards) row[c] = 1;
    const int n = l.count();
    for (int k = l.cards.size(); k < n; ++k) {
      const int id = game_->ids->id(l.at(k), l);
      if (id < 0) throw std::runtime_error("a legal action has no id: its number is outside the game's number window");
      row[id] = 1;
    }
  }
}

void Batch::observations(float* out) const {
  const size_t width = size_t(game_->tensor->size());
  for (size_t i = 0; i < matches_.size(); ++i) {
    const Match& m = *matches_[i];
    game_->tensor->encode(observe(m.state(), m.state().decider(), m.scores()), out + i * width);
  }
}

void Batch::step(const int32_t* actions, uint8_t* done, double* returns) {
  const size_t seats = size_t(game_->rules->seats);
  std::fill(done, done + matches_.size(), uint8_t(0));
  std::fill(returns, returns + matches_.size() * seats, 0.0);
  for (size_t i = 0; i < matches_.size(); ++i) {
    GameState& s = matches_[i]->state();
    Action a;
    if (!game_->ids->action(actions[i], s.legal(), &a))
      throw std::invalid_argument("state " + std::to_string(i) + ": action id " + std::to_string(actions[i]) + " (" +
                                  game_->ids->describe(actions[i]) + ") is not legal now");
    if (!s.try_apply(a)) throw std::runtime_error("state " + std::to_string(i) + ": " + s.error());
    advance(i, done, returns);
  }
}

void Batch::step_random(uint8_t* done, double* returns) {
  const size_t seats = size_t(game_->rules->seats);
  std::fill(done, done + matches_.size(), uint8_t(0));
  std::fill(returns, returns + matches_.size() * seats, 0.0);
  for (size_t i = 0; i < matches_.size(); ++i) {
    GameState& s = matches_[i]->state();
    const LegalActions& l = s.legal();
    if (!s.try_apply(l.at(int(rng_.below(uint32_t(l.count()))))))
      throw std::runtime_error("state " + std::to_string(i) + ": " + s.error());
    advance(i, done, returns);
  }
}

}  // namespace hukum::python
