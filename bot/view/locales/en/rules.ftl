# Messages of the rules' finer points (issue 59): a refusal, the partner's trick, forced moves.
news-refused-leader_molodka = ✋ { $name }: “{ $combo }” out of turn — refused: the player on lead holds a “{ $by }” too and keeps the lead.
hand-tap_partner = 👉 <b>Your answer:</b> your partner holds the trick — the buttons discard onto it in one tap; to beat it, “✋ Pick cards”.
hand-forced_auto = 👉 <b>Your move</b> — there is only one: I'll play it for you in a moment (or tap the button).
