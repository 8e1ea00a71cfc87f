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
// plain normal interval; an exact answer for n = 0 is "no data": 0 [0, 1]).
Estimate rate_estimate(int64_t hits, int64_t n);

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

}  // namespace hukum
