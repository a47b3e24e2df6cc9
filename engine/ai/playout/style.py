"""The numbers behind the playout policy's answers (`engine.ai.playout.policy`).

Apart from the policy so that the numbers read as one set, and a tuned set
can be passed to `RolloutPolicy` without reaching into the policy's code.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import DECK, RANK_POINTS


@dataclass(frozen=True)
class Style:
    """The numbers behind the playout policy's answers.

    A card kept in hand is worth its points times (1 - 2 * risk), where risk
    is the chance it ends in another side's pile (a trump ace never does, a
    plain ten often does), plus its `hold`: what it is worth for taking
    tricks (trumps, the higher the more, the master trump `master_bonus`
    more; `endgame_hold` scales trumps once the stock is gone). Played as a
    beat, the side gains the table and the card's points (if nobody beats
    again later: `keep_*`); played as a discard to another side's trick, the
    side loses the card's points and `discard_table` of the table.
    """

    trump_hold: float = 6.0
    trump_hold_step: float = 1.0
    plain_hold_step: float = 0.3
    trump_risk: tuple[float, ...] = (0.25,) * 7 + (0.15, 0.0)
    plain_risk: tuple[float, ...] = (0.4,) * 8 + (0.3,)
    keep_trump: float = 0.85
    keep_plain: float = 0.6
    keep_partner: float = 0.6
    keep_partner_last: float = 1.0
    discard_table: float = 0.5
    master_bonus: float = 3.0
    endgame_hold: float = 1.0

    def kept_values(self, trump: int, endgame: bool) -> tuple[float, ...]:
        """Per card id: the value of keeping the card (without the master bonus)."""
        values = []
        for card in DECK:
            rank = card.rank
            if card.suit == trump:
                hold = self.trump_hold + self.trump_hold_step * rank
                if endgame:
                    hold *= self.endgame_hold
                values.append(RANK_POINTS[rank] * (1 - 2 * self.trump_risk[rank]) + hold)
            else:
                hold = self.plain_hold_step * rank
                values.append(RANK_POINTS[rank] * (1 - 2 * self.plain_risk[rank]) + hold)
        return tuple(values)
