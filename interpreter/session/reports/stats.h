// Interval estimates for the simulation report: a 95% Wilson interval for a
// rate, a 95% normal interval for a mean from integer sums, and the two-sample
// versions used when two rule variants are compared on the same seeds. Every
// input is an integer count or sum, so a report computed from merged shard
// tallies is the same, bit for bit, as one computed from a single run.
#pragma once

#include <cstdint>

namespace hukum {

struct Estimate {
  double value = 0, low = 0, high = 0;
};

// z for a two-sided 95% interval.
constexpr double kZ95 = 1.959963984540054;

// Rate hits/n with the Wilson score interval (good near 0 and 1, unlike the
// plain normal interval; an exact answer for n = 0 is "no data": 0 [0, 1],
// which the report prints as "no data", never as an interval).
Estimate rate_estimate(int64_t hits, int64_t n);

// The Wilson interval of a proportion p observed on n (not necessarily whole)
// trials: the interval that stays inside [0, 1] and does not shrink to a
// point at 0 or 1. rate_estimate is wilson(hits / n, n).
Estimate wilson(double p, double n);

// The mean of n values that lie in [0, 1] (a share of deals won where a draw
// counts a half, averaged over duplicate rotations; a share of a match) from
// their sum and sum of squares: the Wilson interval on the effective sample
// size n / deff, deff = s^2 / (m (1 - m)) (Kish's design effect, as survey
// statistics use it for proportions from clustered samples; Korn and
// Graubard 1998). Values that vary less than coin flips give a narrower
// interval than a plain rate, values at 0 or 1 only give Wilson's interval
// of 0 (or n) of n, and the interval never leaves [0, 1], where the normal
// interval gave 0.250 [-0.240, 0.740] for four deals.
Estimate bounded_mean_estimate(double n, double sum, double sum_squares);

// Mean of n values from their sum and sum of squares, with a normal interval
// (sample standard deviation / sqrt(n)). n < 2 gives a zero-width interval.
Estimate mean_estimate(int64_t n, int64_t sum, int64_t sum_squares);

// The standard error of a mean from the same sums (0 when n < 2).
double standard_error(int64_t n, int64_t sum, int64_t sum_squares);

// Difference b - a of two estimates with independent standard errors, and its
// two-sided p-value under the normal approximation.
struct Difference {
  Estimate delta;
  double p_value = 1;
  bool significant = false;  // the 95% interval excludes 0
};
Difference difference(double a, double se_a, double b, double se_b);

// Difference hb/nb - ha/na of two independent rates: Newcombe's hybrid score
// interval (1998, method 10) from the two Wilson intervals, which stays in
// [-1, 1] and keeps a width when a rate is 0 of n; the p-value is the
// two-sample z test's. Needs na, nb > 0.
Difference rate_difference(int64_t ha, int64_t na, int64_t hb, int64_t nb);

}  // namespace hukum
