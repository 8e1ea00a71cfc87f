-- Stand-in for rulesets/lib/hidden_trump.lua in loader tests: the loader only
-- checks that a library module file exists; it never runs it.
return {}
