## Падказкі ў трэніроўцы (/play): кнопка 💡 у руцэ, адказ моцнага камп'ютара
## адным радком («ход: чаму»), колькасць падказак у выніку партыі (bot/view/hints.py).

hint-button = 💡 Падказка
hint-answer = 💡 { $move }: { $reason }

## Ход.
hint-lead = Хадзіце { $cards }
hint-beat = Бійце { $cards }
hint-discard = Скіньце { $cards }
hint-declare = Аб'явіце камбінацыю «{ $combo }» ({ $cards })
hint-claim = Адкрывайцеся
hint-hold = Не аб'яўляйце камбінацыю зараз

## Чаму (па адным радку на код прычыны, engine/ai/review/hint.py).
hint-why-claim = у вашых узятках ужо 31 ачко
hint-why-combination = яе выгадна выкласці адразу
hint-why-hold = яе выгадней прытрымаць
hint-why-take_points = на стале ачкі: { $cards }
hint-why-cheapest_beat = гэтага хопіць, а { $cards } зберажэце
hint-why-take_lead = узятка ваша, і наступны ход таксама
hint-why-follow_partner = узятку бярэ партнёр ({ $cards })
hint-why-trump_still_out = яшчэ не згуляны старэйшы козыр { $cards }
hint-why-keep_high_card = узятка не вартая таго, каб траціць { $cards }
hint-why-cannot_beat = пабіць { $cards } няма чым, аддайце самае таннае
hint-why-sure_winner = ніводная з карт, што яшчэ не выйшлі, гэта не паб'е
hint-why-lead_low = без ачкоў, а моцныя карты зберажэце
hint-why-best_on_average = так лепш за ўсё ў сярэднім па магчымых раскладах

## У выніку трэніровачнай партыі.
hint-used = 💡 { $count } { $count ->
        [one] падказка
        [few] падказкі
       *[many] падказак
    }

## Адмовы.
hint-practice_only = Падказкі ёсць толькі ў трэніроўцы з камп'ютарам (/play).
hint-not_your_turn = Падказка — калі ваш ход.
hint-failed = Падказка зараз не атрымалася. Паспрабуйце яшчэ раз.
