"""Playing a deal out to its end inside one world, for `hard`'s search.

The careful policy every seat plays by (`policy`, its numbers in `style`),
the easy and normal players' rules on plain values for the seats that
play in their style (`easy_rules`, `counting`), what a seat remembers
during a playout (`memory`) and the combinations it leads (`combos`).
`rollout` plays out through the engine's `apply` (the reference),
`fastplay` the same moves on plain values, several times faster.
"""
