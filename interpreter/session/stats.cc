// Interval estimates for the simulation report (see stats.h).
#include "session/stats.h"

#include <cmath>

namespace hukum {

Estimate rate_estimate(int64_t hits, int64_t n) {
  if (n <= 0) return {0, 0, 1};
  const double nn = double(n), p = double(hits) / nn, z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  // At 0 and n the interval touches the bound exactly (no rounding residue).
  return {p, hits == 0 ? 0.0 : std::max(0.0, centre - half), hits == n ? 1.0 : std::min(1.0, centre + half)};
}

double standard_error(int64_t n, int64_t sum, int64_t sum_squares) {
  if (n < 2) return 0;
  // Sums are exact integers; the variance is formed in long double so the
  // subtraction does not lose the small spread of large sums.
  const long double nn = n, s = sum, ss = sum_squares;
  long double var = (ss - s * s / nn) / (nn - 1);
  if (var < 0) var = 0;
  return double(std::sqrt(var / nn));
}

Estimate mean_estimate(int64_t n, int64_t sum, int64_t sum_squares) {
  if (n <= 0) return {};
  const double mean = double(sum) / double(n);
  const double half = kZ95 * standard_error(n, sum, sum_squares);
  return {mean, mean - half, mean + half};
}

Difference difference(double a, double se_a, double b, double se_b) {
  Difference d;
  const double delta = b - a, se = std::sqrt(se_a * se_a + se_b * se_b);
  d.delta = {delta, delta - kZ95 * se, delta + kZ95 * se};
  if (se > 0) {
    d.p_value = std::erfc(std::fabs(delta) / se / std::sqrt(2.0));
  } else {
    d.p_value = delta == 0 ? 1 : 0;
  }
  d.significant = d.delta.low > 0 || d.delta.high < 0;
  return d;
}

}  // namespace hukum
