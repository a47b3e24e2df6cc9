"""`hard`'s search over the cards it cannot see.

What the seat knows of the hidden cards (`determinize`, `shortages`), the
worlds dealt within it (`worlds`) and weighed by the opponents' plays
(`evidence`, reading each one's style: `opponents`), the candidates worth
trying (`candidates`), what a played-out deal is worth (`value`), the
paired comparison that drops the clearly worse (`compare`), and the exact
search once nothing is hidden (`endgame`).
"""
