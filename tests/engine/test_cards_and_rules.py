"""Cards, beating (docs/RULES.md 1, 4.2) and table options (docs/RULES.md 2, options)."""

from __future__ import annotations

import pytest

from engine import DECK, Card, Preset, RulesError, RuleSet, Suit, beats
from engine.cards import DECK_POINTS


class TestCards:
    def test_deck_has_36_cards_and_120_points(self) -> None:
        assert len(DECK) == 36 == len(set(DECK))
        assert DECK_POINTS == 120

    @pytest.mark.parametrize(
        ("text", "rank", "suit"),
        [
            ("10♥", "10", Suit.HEARTS),
            ("A♠", "A", Suit.SPADES),
            ("QS", "Q", Suit.SPADES),
            ("qs", "Q", Suit.SPADES),
            ("6D", "6", Suit.DIAMONDS),
            ("Т♣", "A", Suit.CLUBS),  # Cyrillic Т: туз (ace)
            ("В♦", "J", Suit.DIAMONDS),  # валет
            ("Д♥", "Q", Suit.HEARTS),  # дама
            ("К♠", "K", Suit.SPADES),  # король (Cyrillic К)
            ("KH", "K", Suit.HEARTS),  # Latin K
            (" 9C ", "9", Suit.CLUBS),
        ],
    )
    def test_parse_accepts_symbols_letters_and_russian_ranks(
        self, text: str, rank: str, suit: Suit
    ) -> None:
        card = Card.parse(text)
        assert card.rank_text == rank
        assert card.suit is suit

    def test_str_round_trips_and_cards_are_interned(self) -> None:
        for card in DECK:
            assert Card.parse(str(card)) is card
        assert str(Card.parse("10H")) == "10♥"
        assert Card("A♠") is Card.parse("AS")

    @pytest.mark.parametrize("bad", ["", "1♥", "11♥", "A", "♥", "AX", "10♥♥", "Z♠", "A♠ K♠"])
    def test_malformed_card_raises_clear_value_error(self, bad: str) -> None:
        with pytest.raises(ValueError, match="card"):
            Card.parse(bad)

    def test_rank_order_and_points(self) -> None:
        order = ["6", "7", "8", "9", "J", "Q", "K", "10", "A"]
        ranks = [Card.parse(r + "♠").rank for r in order]
        assert ranks == sorted(ranks)
        assert [Card.parse(r + "♠").points for r in order] == [0, 0, 0, 0, 2, 3, 4, 10, 11]


class TestBeats:
    def test_higher_card_of_same_suit_beats(self) -> None:
        assert beats(["K♠"], ["10♠"], "♥")
        assert beats(["10♠"], ["A♠"], "♥")
        assert not beats(["10♠"], ["K♠"], "♥")
        assert not beats(["A♠"], ["A♠"], "♥")

    def test_trump_beats_any_non_trump_and_higher_trump_beats_trump(self) -> None:
        assert beats(["A♠"], ["6♥"], "♥")
        assert beats(["7♥"], ["8♥"], "H")
        assert not beats(["8♥"], ["A♠"], "♥")
        assert not beats(["8♥"], ["7♥"], "♥")

    def test_different_non_trump_suits_do_not_compare(self) -> None:
        assert not beats(["6♠"], ["A♦"], "♥")

    def test_greedy_trap_from_the_rules(self) -> None:
        # Lead A♠ 6♠ against 7♠ and a small trump: 7♠ takes 6♠, the trump takes A♠.
        assert beats(["A♠", "6♠"], ["7♠", "6♥"], "♥")
        assert beats("6♠ A♠", "6♥ 7♠", "♥")  # order of either side is irrelevant

    def test_every_owner_card_must_be_beaten(self) -> None:
        assert not beats(["A♠", "6♠"], ["7♠", "8♠"], "♥")
        assert not beats(["K♠", "Q♠"], ["A♠", "6♥", "7♥"], "♥")  # count differs
        assert beats(["K♠", "Q♠", "J♠"], ["A♠", "10♠", "6♥"], "♥")

    def test_four_cards(self) -> None:
        assert beats("6♠ 7♠ 8♠ 9♠", "6♥ 7♥ 8♥ A♠", "♥")
        assert not beats("6♠ 7♠ 8♠ A♥", "6♥ 7♥ 8♥ 9♠", "♥")

    def test_cards_named_twice_beat_nothing(self) -> None:
        # Issue 14, defect 3: one 10♣ cannot beat two cards.
        assert not beats("6♣ 7♣", "10♣ 10♣", "♦")
        assert not beats("6♣ 6♣", "10♣ J♣", "♦")
        assert not beats("6♣ 7♣", "7♣ 10♣", "♦")  # a card on both sides
        assert beats("6♣ 7♣", "10♣ J♣", "♦")

    def test_accepts_card_objects_and_suit_values(self) -> None:
        assert beats([Card.parse("K♣")], [Card.parse("A♣")], Suit.HEARTS)


class TestRuleSet:
    def test_defaults_per_preset(self) -> None:
        assert RuleSet.create().preset is Preset.BURKOZEL
        assert RuleSet.create("burkozel").closed_discard is False
        assert RuleSet.create("kozel").closed_discard is True
        assert RuleSet.create("bura").closed_discard is True
        assert RuleSet.create("bura").hand_size == 3
        assert RuleSet.create("burkozel").limit == 12

    def test_second_edition_defaults(self) -> None:
        kozel = RuleSet.create("kozel")
        assert (kozel.trump_card, kozel.combo_interrupt) == ("middle", True)
        burkozel = RuleSet.create("burkozel")
        assert (burkozel.trump_card, burkozel.combo_interrupt) == ("bottom", False)
        assert RuleSet.create("bura").small_moscow == "sixes"
        assert RuleSet.create("bura", {"small_moscow": "tens"}).small_moscow == "tens"
        assert kozel.edition == 3 and kozel.changed_options() == {}

    def test_tables_stored_before_the_second_edition_keep_their_rules(self) -> None:
        # What a kozel table's rules looked like in storage before: every
        # option written out, no edition, no small_moscow.
        stored = {
            "preset": "kozel", "trump_card": "bottom", "first_lead": "left_of_dealer",
            "first_lead_max3": False, "closed_discard": True, "four_ends": True,
            "combo_interrupt": False, "six_for_zero_points": False, "pass_21": False,
            "eggs_double": False, "false_claim_double": True, "show_own_points": False,
            "redeal_on_initial_combo": False, "limit": 12, "end_at_first_loser": False,
            "stake": 0,
        }  # fmt: skip
        rules = RuleSet.from_json(stored)
        assert (rules.trump_card, rules.combo_interrupt, rules.edition) == ("bottom", False, 1)
        assert RuleSet.from_json(rules.to_json()) == rules

    def test_options_parse_text_values(self) -> None:
        rules = RuleSet.create("kozel", {"limit": "6", "closed_discard": "off", "four_ends": "нет"})
        assert (rules.limit, rules.closed_discard, rules.four_ends) == (6, False, False)
        assert RuleSet.create("burkozel", {"trump_card": "MIDDLE"}).trump_card == "middle"
        # The switches' words of every language the bot speaks (options.switch).
        for word, value in (("так", True), ("не", False), ("ні", False), ("да", True)):
            assert RuleSet.create("burkozel", {"closed_discard": word}).closed_discard is value

    @pytest.mark.parametrize(
        ("preset", "options", "named", "allowed"),
        [
            ("burkozel", {"limit": "5"}, "limit", "2, 4, 6, 12"),
            ("burkozel", {"four_ends": "maybe"}, "four_ends", "on, off"),
            ("burkozel", {"trump_card": "top"}, "trump_card", "bottom, middle"),
            ("burkozel", {"stake": "-1"}, "stake", "whole number"),
            ("burkozel", {"colour": "red"}, "colour", "limit"),
            ("kozel", {"pass_21": "on"}, "pass_21", "limit"),
            ("burkozel", {"false_claim_double": "on"}, "false_claim_double", "four_ends"),
        ],
    )
    def test_bad_option_names_it_and_the_allowed_values(
        self, preset: str, options: dict[str, str], named: str, allowed: str
    ) -> None:
        with pytest.raises(RulesError) as error:
            RuleSet.create(preset, options)
        assert named in str(error.value)
        assert allowed in str(error.value)
        assert error.value.option == named

    def test_unknown_preset_lists_presets(self) -> None:
        with pytest.raises(RulesError, match="burkozel, kozel, bura"):
            RuleSet.create("poker")

    @pytest.mark.parametrize(
        ("preset", "players"),
        [("kozel", 2), ("kozel", 3), ("burkozel", 5), ("bura", 1), ("burkozel", 1)],
    )
    def test_player_count_the_preset_does_not_allow(self, preset: str, players: int) -> None:
        with pytest.raises(RulesError, match="played by") as error:
            RuleSet.create(preset, players=players)
        assert error.value.option == "players"

    def test_json_round_trip_and_changed_options(self) -> None:
        rules = RuleSet.create("bura", {"limit": 4, "show_own_points": True})
        assert RuleSet.from_json(rules.to_json()) == rules
        assert rules.changed_options() == {"limit": 4, "show_own_points": True}
        assert "pass_21" not in rules.options()

    def test_passing_score(self) -> None:
        rules = RuleSet.create("burkozel", {"pass_21": "on"})
        assert rules.passing_score(2) == 31
        assert rules.passing_score(3) == 21
        assert RuleSet.create().passing_score(4) == 31


def test_a_state_stored_before_the_second_edition_loads_and_plays_on() -> None:
    """The JSON a first-edition engine wrote (no edition, no small_moscow, no
    refused declarations, no out_deals, no per-seat shares) loads, plays on by
    the first edition and replays its log."""
    from engine import Action, MatchState, apply, legal_actions, new_match, replay

    rules = RuleSet.create("bura")
    state = new_match(rules, ["a", "b", "c"], 3)
    data = state.to_json()
    del data["rules"]["edition"], data["rules"]["small_moscow"], data["out_deals"]
    del data["deal"]["refused"]
    old = MatchState.from_json(data)
    assert old.rules.edition == 1 and old.rules.small_moscow == "sixes"
    log: list[Action] = []
    for _ in range(30):
        if old.over:
            break
        assert old.deal is not None
        action = legal_actions(old, old.deal.turn)[0]
        old, _ = apply(old, action)
        log.append(action)
    assert replay(old.rules, ["a", "b", "c"], 3, log) == old
