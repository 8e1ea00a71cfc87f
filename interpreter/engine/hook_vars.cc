// See hook_vars.h.
#include "engine/hook_vars.h"

#include <utility>

namespace hukum {

HookVars::HookVars(const HookVars& other) : value_(other.value()), stamp_(other.stamp_) {}

HookVars& HookVars::operator=(const HookVars& other) {
  if (this == &other) return *this;
  const VarValue& value = other.value();
  release();
  value_ = value;
  stamp_ = other.stamp_;
  return *this;
}

HookVars::HookVars(HookVars&& other) noexcept
    : value_(std::move(other.value_)), stamp_(other.stamp_), keeper_(other.keeper_) {
  if (keeper_ != nullptr) keeper_->forget(other, this);
  other.keeper_ = nullptr;
  other.value_ = VarValue::table();
  other.stamp_ = kEmptyVarsStamp;
}

HookVars& HookVars::operator=(HookVars&& other) noexcept {
  if (this == &other) return *this;
  release();
  value_ = std::move(other.value_);
  stamp_ = other.stamp_;
  keeper_ = other.keeper_;
  if (keeper_ != nullptr) keeper_->forget(other, this);
  other.keeper_ = nullptr;
  other.value_ = VarValue::table();
  other.stamp_ = kEmptyVarsStamp;
  return *this;
}

HookVars::~HookVars() { release(); }

const VarValue& HookVars::value() const {
  if (keeper_ != nullptr) keeper_->materialize(*this);
  return value_;
}

void HookVars::set(VarValue value) {
  release();
  value_ = std::move(value);
  stamp_ = next_vars_stamp();
}

void HookVars::reset() {
  release();
  value_ = VarValue::table();
  stamp_ = kEmptyVarsStamp;
}

uint64_t HookVars::set_pending(VarsKeeper* keeper) {
  if (keeper_ != keeper) release();
  keeper_ = keeper;
  stamp_ = next_vars_stamp();
  return stamp_;
}

void HookVars::fill(VarValue value) const {
  value_ = std::move(value);
  keeper_ = nullptr;
}

void HookVars::release() noexcept {
  if (keeper_ != nullptr) keeper_->forget(*this, nullptr);
  keeper_ = nullptr;
}

}  // namespace hukum
