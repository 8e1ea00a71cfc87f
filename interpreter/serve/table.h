// One web table: a match of one ruleset, its seats (people holding a secret,
// or bots), and what each person has been told. The Table holds the whole
// game; everything it hands out for a seat is built from that seat's
// observation (session/observation/observation.h) and its narration (seat_narration.h),
// so a page never receives a card its seat may not see.
//
// A Table is not thread-safe: its owner (tables.h) locks mutex() around every
// call.
#pragma once

#include <chrono>
#include <memory>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/card_points.h"
#include "serve/seat_narration.h"
#include "session/matches/match.h"
#include "session/matches/players.h"

namespace hukum::serve {

using Clock = std::chrono::steady_clock;

// The kind of a seat at a web table: "person", or a bot of the seat-kinds
// table (session/matches/seat_kinds.h) that needs nothing after ':'.
inline constexpr const char* kPersonKind = "person";
// The bot kinds a web table accepts, in table order; "" from check_kind when `kind` is one.
std::vector<std::string> web_bot_kinds();
std::string check_web_kind(const std::string& kind);

struct TableSpec {
  std::unique_ptr<Ruleset> rules;
  std::vector<std::string> kinds;  // per seat: kPersonKind or a bot kind
  uint64_t seed = 1;
  int deals = 0;                  // 0: the ruleset's match length
  std::string upload_dir;         // removed with the table (an uploaded ruleset's folder), or ""
  std::string rules_doc;          // the game's rules text (Markdown), or ""
};

// The outcome of a person's move, for the API.
struct MoveResult {
  int status = 200;         // 200 done; 400 not an action of this game; 409 not now / not legal
  std::string error;        // why, in the player's terms
  nlohmann::json legal;     // the legal actions then (for a refusal)
};

class Table {
 public:
  // Null and `*error` when the match cannot start (its hooks fail to load, a deal fails).
  static std::unique_ptr<Table> create(TableSpec spec, const std::string& id, std::string* error);
  ~Table();

  std::mutex& mutex() { return mutex_; }
  const std::string& id() const { return id_; }
  const Ruleset& rules() const { return *rules_; }
  int seats() const { return int(kinds_.size()); }
  bool is_person(int seat) const { return kinds_[size_t(seat)] == kPersonKind; }
  const std::string& secret(int seat) const { return secrets_[size_t(seat)]; }
  // The seat whose secret this is, or -1. Compared in constant time per seat.
  int seat_of(const std::string& secret) const;
  // Bumped on every change a page may want to redraw for.
  uint64_t version() const { return version_; }
  // With mutex() held by `lock`: waits, the lock released meanwhile, until
  // the version is no longer `seen` or `most` has passed (a page's long poll:
  // a move shows at once, not at the page's next poll).
  void wait_for_change(std::unique_lock<std::mutex>& lock, uint64_t seen, std::chrono::milliseconds most) {
    changed_.wait_for(lock, most, [&] { return version_ != seen; });
  }

  // The page's whole view for `seat` (a person), marking the seat as present.
  nlohmann::ordered_json view(int seat);
  // `text` is an action in canonical text ("10H", "bid 16", "pass").
  MoveResult act(int seat, const std::string& text);
  // Starts the next deal once one is over (any person may), "" or why not.
  std::string next_deal(int seat);
  // The rules as the engine understood them (hukum describe).
  std::string rules_text() const;
  const std::string& rules_doc() const { return rules_doc_; }  // Markdown, "" when none
  // The deck's make-up, public and the same in every deal: its suit letters
  // and every card's text. Sent with the rules, apart from the views, so that
  // a seat's views name only cards it has seen.
  nlohmann::ordered_json deck_json() const;

  // A bot decides now. Plays one move of it; false when no bot is to move.
  bool bot_to_move() const;
  void play_bot_move();
  Clock::time_point bot_due() const { return bot_due_; }
  void set_bot_due(Clock::time_point t) { bot_due_ = t; }

  // The last time a person's page asked for its view or acted.
  Clock::time_point last_seen() const { return last_seen_; }
  void touch() { last_seen_ = Clock::now(); }

 private:
  Table() = default;
  void after_move();     // narration, deal end, version
  void bump_version() {  // with mutex_ held
    ++version_;
    changed_.notify_all();
  }
  void fail(const std::string& why);
  std::string status() const;

  std::mutex mutex_;
  std::condition_variable changed_;  // the version moved (wait_for_change)
  std::string id_;
  std::unique_ptr<Ruleset> rules_;
  std::unique_ptr<Match> match_;
  std::vector<std::string> kinds_, secrets_;
  std::vector<std::unique_ptr<Player>> bots_;              // per seat, null for a person
  std::vector<std::unique_ptr<SeatNarration>> narration_;  // per seat, null for a bot
  std::unique_ptr<TeeSink> sink_;
  std::vector<bool> present_;  // a person's page has asked for its view
  std::string error_;          // the match stopped (a hook failed)
  std::string upload_dir_;
  std::string rules_doc_;
  std::unique_ptr<CardPoints> card_points_;  // null when the ruleset counts no card points
  nlohmann::ordered_json running_points(const Observation& o) const;
  nlohmann::ordered_json last_result_;
  uint64_t version_ = 1;
  Clock::time_point bot_due_{}, last_seen_ = Clock::now();
};

}  // namespace hukum::serve
