// rulesets/lib/hidden_trump.lua: the closed trump of Mendikot's band hukum
// (docs/rules/mendikot.md 1.6 M3) and Twenty-eight's call (3.7).
#include <catch2/catch.hpp>

#include "lua_test_support.h"
#include "script/lua_host.h"

namespace hukum {
namespace {

using Params = std::map<std::string, std::string>;
using Offers = std::vector<std::pair<std::string, bool>>;

// North (seat 0) has laid 7H face down; East (seat 1) is to play.
struct Table {
  explicit Table(std::map<std::string, std::string> params)
      : ruleset(test::hidden_trump_ruleset(std::move(params))), ctx(ruleset) {
    Diagnostics diags;
    loaded = host.load(ruleset, diags);
    INFO(diags.to_string());
    REQUIRE(loaded);
    ctx.hidden_[0] = test::cards_of(ruleset, {"7H"});
    ctx.hands_[0] = test::cards_of(ruleset, {"AS", "KD"});
    ctx.hands_[1] = test::cards_of(ruleset, {"2S", "QH"});
    ctx.seat_to_play_ = 1;
    ctx.led_ = 3;  // clubs led; East has none
  }
  Ruleset ruleset;
  test::FakeContext ctx;
  LuaHost host;
  bool loaded = false;
};

}  // namespace

TEST_CASE("hidden trump: optional reveal is offered beside the plays (M3b)", "[lua]") {
  Table t(Params{{"reveal", "optional"}, {"revealer_must_trump", "true"}});
  CHECK(t.host.call_hook(HookPoint::CannotFollow, t.ctx, 1) == "");
  CHECK(t.ctx.offers_ == Offers{{"reveal", false}});
}

TEST_CASE("hidden trump: compulsory reveal is the only action (M3a)", "[lua]") {
  Table t(Params{{"reveal", "compulsory"}, {"revealer_must_trump", "false"}});
  CHECK(t.host.call_hook(HookPoint::CannotFollow, t.ctx, 1) == "");
  CHECK(t.ctx.offers_ == Offers{{"reveal", true}});
}

TEST_CASE("hidden trump: nothing is offered once trump is known or nothing is hidden", "[lua]") {
  Table t(Params{{"reveal", "compulsory"}});
  t.ctx.trump_ = 1;
  CHECK(t.host.call_hook(HookPoint::CannotFollow, t.ctx, 1) == "");  // `when: trump_unset`
  t.ctx.trump_ = -1;
  t.ctx.hidden_[0] = CardSet();
  CHECK(t.host.call_hook(HookPoint::CannotFollow, t.ctx, 1) == "");
  CHECK(t.ctx.offers_.empty());
  // The function itself checks the trump too, for rulesets that bind it `when: always`.
  t.ctx.hidden_[0] = test::cards_of(t.ruleset, {"7H"});
  t.ctx.trump_ = 2;
  CHECK(t.host.run("hidden_trump.cannot_follow(1)", "direct.lua", &t.ctx) == "");
  CHECK(t.ctx.offers_.empty());
}

TEST_CASE("hidden trump: reveal sets trump and obliges the revealer to trump (M3b)", "[lua]") {
  Table t(Params{{"reveal", "optional"}, {"revealer_must_trump", "true"}});
  CHECK(t.host.call_action("reveal", t.ctx, 1) == "");
  CHECK(t.ctx.revealed_seats_ == std::vector<int>{0});  // the owner's card, whoever asks
  CHECK(t.ctx.trump_ == 1);                              // hearts
  CHECK(t.ctx.hand(0).contains(t.ruleset.deck.parse_card("7H")));
  CHECK(t.ctx.hidden(0).empty());
  CHECK(t.ctx.required_trump_ == std::vector<int>{1});
}

TEST_CASE("hidden trump: compulsory reveal sets no trump obligation by default (M3a)", "[lua]") {
  Table t(Params{{"reveal", "compulsory"}, {"revealer_must_trump", "false"}});
  CHECK(t.host.call_action("reveal", t.ctx, 1) == "");
  CHECK(t.ctx.trump_ == 1);
  CHECK(t.ctx.required_trump_.empty());
}

TEST_CASE("hidden trump: the owner down to the face-down card must turn it up", "[lua]") {
  Table t(Params{{"reveal", "optional"}, {"revealer_must_trump", "true"}});
  t.ctx.hands_[0] = CardSet();
  t.ctx.seat_to_play_ = 0;
  CHECK(t.host.call_hook(HookPoint::CannotPlay, t.ctx, 0) == "");
  CHECK(t.ctx.offers_ == Offers{{"reveal", true}});
  CHECK(t.host.call_action("reveal", t.ctx, 0) == "");
  CHECK(t.ctx.hand(0) == test::cards_of(t.ruleset, {"7H"}));
  CHECK(t.ctx.trump_ == 1);
}

TEST_CASE("hidden trump: the action word comes from hook_params (Twenty-eight's call)", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset(
      {{"reveal", "optional"}, {"revealer_must_trump", "true"}, {"reveal_action", "call"}});
  r.action_hooks = {{"call", "hidden_trump.reveal"}};
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  ctx.hidden_[3] = test::cards_of(r, {"JD"});
  CHECK(host.call_hook(HookPoint::CannotFollow, ctx, 2) == "");
  CHECK(ctx.offers_ == Offers{{"call", false}});
  CHECK(host.call_action("call", ctx, 2) == "");
  CHECK(ctx.trump_ == 2);
  CHECK(ctx.required_trump_ == std::vector<int>{2});
}

TEST_CASE("hidden trump: a missing reveal mode is a named hook failure", "[lua]") {
  Table t(Params{});
  CHECK_THAT(t.host.call_hook(HookPoint::CannotFollow, t.ctx, 1),
             Catch::Matchers::StartsWith(
                 "hook 'cannot_follow' (hidden_trump.cannot_follow) failed: ") &&
                 Catch::Matchers::Contains(
                     "hidden_trump.lua:61: hook_params.reveal must be 'compulsory' or 'optional', got nil"));
}

TEST_CASE("hidden trump: revealing with nothing face down is an error", "[lua]") {
  Table t(Params{{"reveal", "optional"}});
  t.ctx.hidden_[0] = CardSet();
  CHECK_THAT(t.host.call_action("reveal", t.ctx, 1),
             Catch::Matchers::StartsWith("action 'reveal' (hidden_trump.reveal) failed: ") &&
                 Catch::Matchers::Contains("there is no face-down card to turn up"));
}

}  // namespace hukum
