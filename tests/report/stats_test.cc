// Interval arithmetic of the simulation report against hand-checked values.
#include <catch2/catch.hpp>

#include "session/reports/stats.h"

using namespace hukum;

TEST_CASE("Wilson intervals match the textbook values", "[report]") {
  // 5 of 10: centre 0.5, half-width 1.96/(1+0.3841)*sqrt(0.025+0.00960) = 0.2634.
  Estimate e = rate_estimate(5, 10);
  CHECK(e.value == Approx(0.5));
  CHECK(e.low == Approx(0.2366).margin(1e-4));
  CHECK(e.high == Approx(0.7634).margin(1e-4));
  // 0 of 10: [0, z^2/(n+z^2)] = [0, 3.8415/13.8415].
  e = rate_estimate(0, 10);
  CHECK(e.low == 0);
  CHECK(e.high == Approx(0.27753).margin(1e-5));
  // 10 of 10 mirrors it.
  e = rate_estimate(10, 10);
  CHECK(e.high == 1);
  CHECK(e.low == Approx(1 - 0.27753).margin(1e-5));
  // No data: the whole range.
  e = rate_estimate(0, 0);
  CHECK(e.low == 0);
  CHECK(e.high == 1);
}

TEST_CASE("Mean intervals use the sample standard deviation", "[report]") {
  // 1, 2, 3, 4: mean 2.5, s^2 = 5/3, se = sqrt(5/12) = 0.645497.
  Estimate e = mean_estimate(4, 10, 30);
  CHECK(e.value == Approx(2.5));
  CHECK(standard_error(4, 10, 30) == Approx(0.645497).margin(1e-6));
  CHECK(e.high - e.value == Approx(kZ95 * 0.645497).margin(1e-5));
  // Constant values: no spread.
  e = mean_estimate(3, 21, 147);
  CHECK(e.low == Approx(7));
  CHECK(e.high == Approx(7));
  // One value: no interval to speak of.
  CHECK(standard_error(1, 5, 25) == 0);
}

TEST_CASE("Differences are significant exactly when the interval excludes zero", "[report]") {
  // 0.50 vs 0.53, each with se 0.01: delta 0.03, se 0.014142, z = 2.1213, p = 0.0339.
  Difference d = difference(0.50, 0.01, 0.53, 0.01);
  CHECK(d.delta.value == Approx(0.03));
  CHECK(d.delta.low == Approx(0.03 - kZ95 * 0.0141421).margin(1e-6));
  CHECK(d.p_value == Approx(0.0339).margin(1e-4));
  CHECK(d.significant);
  d = difference(0.50, 0.01, 0.51, 0.01);  // z = 0.707, p = 0.4795
  CHECK(d.p_value == Approx(0.4795).margin(1e-4));
  CHECK_FALSE(d.significant);
}

TEST_CASE("Differences of two rates use Newcombe's interval: Newcombe (1998) table II", "[report]") {
  // Newcombe, Statistics in Medicine 17:873-890, method 10 (hybrid score),
  // examples (a), (b) and (e): the published limits to four decimals.
  Difference d = rate_difference(48, 80, 56, 70);  // 56/70 - 48/80
  CHECK(d.delta.value == Approx(0.2));
  CHECK(d.delta.low == Approx(0.0524).margin(1e-4));
  CHECK(d.delta.high == Approx(0.3339).margin(1e-4));
  CHECK(d.significant);
  d = rate_difference(3, 10, 9, 10);  // 9/10 - 3/10
  CHECK(d.delta.low == Approx(0.1705).margin(1e-4));
  CHECK(d.delta.high == Approx(0.8090).margin(1e-4));
  // 0/10 - 0/20: a width, not [0, 0], although both rates are 0.
  d = rate_difference(0, 20, 0, 10);
  CHECK(d.delta.value == 0);
  CHECK(d.delta.low == Approx(-0.1611).margin(1e-4));
  CHECK(d.delta.high == Approx(0.2775).margin(1e-4));
  CHECK_FALSE(d.significant);
  // Never outside [-1, 1].
  d = rate_difference(0, 3, 3, 3);
  CHECK(d.delta.value == 1);
  CHECK(d.delta.high <= 1);
  CHECK(d.delta.low > 0);
}

TEST_CASE("Means of values in [0, 1] get intervals inside [0, 1]", "[report]") {
  // 0, 0, 0, 1: the normal interval was 0.250 [-0.240, 0.740]. s^2 = 1/4,
  // m(1-m) = 3/16, deff = 4/3, so Wilson on 3 trials: [0.0368, 0.7439].
  Estimate e = bounded_mean_estimate(4, 1, 1);
  CHECK(e.value == Approx(0.25));
  CHECK(e.low == Approx(0.036841).margin(1e-6));
  CHECK(e.high == Approx(0.743907).margin(1e-6));
  // 0 of 200 (a kind that never won): [0, z^2/(200+z^2)], not [0, 0].
  e = bounded_mean_estimate(200, 0, 0);
  CHECK(e.value == 0);
  CHECK(e.low == 0);
  CHECK(e.high == Approx(0.018845).margin(1e-6));
  // Duplicate halves vary less than coin flips: 0.5 x6, 1, 0 has deff 2/7,
  // so Wilson on 28 trials, narrower than a rate of 4 of 8.
  e = bounded_mean_estimate(8, 4, 6 * 0.25 + 1);
  CHECK(e.low == Approx(0.326331).margin(1e-6));
  CHECK(e.high == Approx(0.673669).margin(1e-6));
  CHECK(e.high - e.low < rate_estimate(4, 8).high - rate_estimate(4, 8).low);
  // Every value the same inside the bounds: no spread.
  e = bounded_mean_estimate(10, 5, 2.5);
  CHECK(e.low == Approx(0.5));
  CHECK(e.high == Approx(0.5));
}
