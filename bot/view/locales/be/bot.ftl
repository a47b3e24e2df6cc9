level-random = выпадковы
level-greedy = хцівы
level-easy = лёгкі
level-normal = сярэдні
level-hard = моцны
preset-burkozel = Бурказёл
preset-kozel = Казёл
preset-bura = Бура
value-on = так
value-off = не
value-trump_card-bottom = пад калодай
value-trump_card-middle = з сярэдзіны
value-first_lead-left_of_dealer = за тым, хто здае
value-first_lead-lowest_trump = малодшы козыр
value-small_moscow-sixes = тры шасцёркі
value-small_moscow-tens = тры дзясяткі
option-trump_card = Козыр
option-first_lead = 1-ы ход
option-first_lead_max3 = Першы заход — да 3 карт
option-closed_discard = Скід кашуляй уверх
option-four_ends = Чатыры канцы
option-combo_interrupt = Маладка перапыняе ўзятку
option-six_for_zero_points = 6 штрафных за нуль ачкоў
option-pass_21 = Праходны 21 (на 3–4)
option-eggs_double = «Яйкі» падвойваюць штрафы
option-false_claim_double = Фальшывае «адкрываюся» ×2
option-show_own_points = Паказваць свае ачкі
option-redeal_on_initial_combo = Пераздача пры камбінацыі
option-small_moscow = Малая Масква
option-limit = Гуляем да
option-end_at_first_loser = Да першага, хто прайграе
option-stake = Стаўка (фішкі)
options-line = • { $name }: <b>{ $value }</b>
options-button = { $value } · { $name }
options-button_on = ✅ { $name }
options-button_off = ⬜ { $name }
options-help_title = Налады для { $preset } (пішыце <code>назва=значэнне</code>):
options-help_line = • <code>{ $name }</code> — { $title } ({ $values })
card-rank-J = В
card-rank-Q = Д
card-rank-K = К
card-rank-A = Т
combo-bura = Бура
combo-molodka = Маладка
combo-moscow = Масква
combo-golden_moscow = Залатая Масква
combo-four_ends = Чатыры канцы
combo-small_moscow = Малая Масква
lobby-title = 🃏 <b>{ $preset }</b> · стол #{ $table }
lobby-limit = Гуляем да { $limit } { $limit ->
        [one] штрафнога ачка
       *[other] штрафных ачкоў
    }.
lobby-options = Асаблівыя правілы:
lobby-players = Гульцы ({ $count }):
lobby-team = (каманда { $team })
lobby-empty = пакуль нікога — націскайце «Сесці»
lobby-hint = Пачаць гульню можа { $creator } або адмін чата.
button-remove_seat = ✖️ { $name }
button-join = 🙋 Сесці
button-leave = 🚶 Устаць
button-settings = ⚙️ Налады
button-start = ▶️ Пачаць
button-back = ⬅️ Назад
button-open_private = 💬 Адкрыць чат з ботам
button-lead = Схадзіць
button-forced = { $action }: { $cards }
button-beat = Пабіць
button-discard = Скінуць
button-claim = Адкрываюся! (31)
button-claim_no = ✖️ Гуляю далей
hand-claim_confirm = Сапраўды адкрываецеся? Калі ў вашых узятках менш за 31 ачко — { $penalty } { $penalty ->
        [one] штрафное ачко
        [few] штрафныя ачкі
       *[many] штрафных ачкоў
    }.
button-declare = 📣 { $combo }: { $cards }
settings-title = ⚙️ <b>{ $preset }</b> · стол #{ $table }: налады
settings-hint = Націсніце на наладу, каб пераключыць яе.
settings-not_allowed = Налады мяняе стваральнік стала або адмін чата.
settings-changed = { $name }: { $value }
new-bad_preset =
    Не ведаю гульні «{ $preset }». Ёсць: { $presets }.
    Прыклад: <code>/new kozel limit=6</code>
new-bad_word = Не зразумеў «{ $word }»: налады пішуцца як <code>назва=значэнне</code>.
new-bad_option = Памылка ў наладах: { $error }
new-exists = У гэтым чаце ўжо ёсць стол #{ $table }. Скончыце яго або закрыйце камандай /stop.
no_table = Тут няма адкрытага стала. Стварыце яго: /new
only_group = Гэтая каманда працуе ў групе. Дадайце мяне ў групу і напішыце там /new.
sender-as_channel = Гэтую каманду трэба даслаць ад свайго імя, а не ад імя канала: бот не ведае, хто за ім.
join-done = Вы за сталом!
join-already = Вы ўжо за гэтым сталом.
join-started = Гульня ўжо ідзе — пачакайце наступнай.
join-full = Стол запоўнены.
join-not_member = За гэты стол сядаюць толькі ўдзельнікі групы — спачатку далучыцеся да яе.
join-link_refused = Па гэтай спасылцы сесці за стол не атрымаецца — націсніце «Сесці» пад лобі ў сваёй групе.
join-need_start = Спачатку адкрыйце чат са мной — туды прыйдуць вашы карты.
join-need_start_group = { $name }, каб гуляць, адкрыйце чат са мной: туды прыйдуць вашы карты.
join-private = Вы за сталом #{ $table } у групе «{ $chat }». Карты прыйдуць сюды, калі пачнецца гульня.
leave-done = Вы ўсталі з-за стала.
leave-not_seated = Вы не за гэтым сталом.
leave-playing = Гульня ўжо ідзе. Спыніць яе можа стваральнік стала або адмін: /stop
start-already = Гульня ўжо ідзе.
start-not_allowed = Пачаць гульню можа стваральнік стала або адмін чата.
start-count = Для гульні «{ $preset }» патрэбна гульцоў: { $counts }. Цяпер: { $now }.
start-no_person = Патрэбны хаця б адзін чалавек за сталом: камп'ютары самі з сабой не гуляюць. Спачатку сядзьце за стол.
away-closed = Стол #{ $table } закрыты: цэлую раздачу ніхто не зрабіў ніводнага ходу сам, за ўсіх гуляў камп'ютар.
limit-tables = Адкрытых сталоў на аднаго чалавека — не больш за { $cap }. Спачатку дагуляйце або пакіньце адзін са сваіх.
limit-practice = Цяпер ідзе занадта шмат трэніровачных гульняў (не больш за { $cap } адначасова). Паспрабуйце пазней.
start-done = ▶️ Гульня пачалася! Карты — у асабістых паведамленнях.
start-done_toast = Паехалі!
stop-none = Тут няма адкрытага стала.
stop-not_allowed = Закрыць стол можа яго стваральнік або адмін чата.
stop-done = Стол #{ $table } закрыты ({ $name }).
stop-closed_lobby = Стол закрыты.
stop-topic_lobby = Стол закрыты: тэму закрылі.
stop-topic_private = Стол #{ $table } («{ $chat }») закрыты: яго тэму ў групе закрылі або выдалілі.
table-gone = Гэтага стала больш няма.
table-over = Гэтая гульня ўжо скончылася.
live-title = 🃏 <b>{ $preset }</b> · стол #{ $table } · раздача { $deal }
live-trump = Козыр: <b>{ $suit }</b> ({ $trump_card }) · у калодзе { $stock } { $stock ->
        [one] карта
        [few] карты
       *[many] карт
    }
live-trump_bottom = { $card } пад калодай
live-trump_hidden = { $card } — дзесьці ў калодзе
live-multiplier = ⚠️ Штрафы гэтай раздачы ×{ $multiplier }
live-penalties = Штрафныя (да { $limit }): { $scores }
live-points = Ачкі ў раздачы: { $points }
live-combination = { $name } абвяшчае: <b>{ $combo }</b>
live-turn_lead = 👉 Ходзіць { $name }
live-turn_answer = 👉 Адказвае { $name }: пабіць або скінуць { $need } { $need ->
        [one] карту
        [few] карты
       *[many] карт
    }
play-lead = { $name } ходзіць: { $cards }
play-beat = { $name } б'е: { $cards }
play-discard = { $name } скідае: { $cards }
play-discard_down = { $name } скідае кашуляй уверх: { $cards }
trick-title = <b>Узятка { $number }</b>
trick-taken = ✅ Бярэ { $name }: { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }
trick-line = ✅ { $number }. Бярэ { $name } — { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }
trick-line_mine = ✅ { $number }. Бераце вы — { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }
live-last_trick = └ { $plays }
trick-line_cards = ✅ { $number }. Бярэ { $name } ({ $cards }) — { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }
trick-line_mine_cards = ✅ { $number }. Бераце вы ({ $cards }) — { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }
trick-face_down = (+ { $cards } кашуляй уверх)
news-declared = 📣 { $name } ходзіць па-за чаргой — «{ $combo }»: { $cards }
news-refused-outranked = ✋ { $name }: «{ $combo }» па-за чаргой — нельга, у іншага гульца «{ $by }».
news-claim_true = 🎉 { $name }: «Адкрываюся!» — { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }. Раздача выйграна!
news-claim_false = 😬 { $name }: «Адкрываюся!» — але толькі { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }. Раздача прайграна.
news-combo_win = 🎉 { $name }: «{ $combo }» ({ $cards }) — раздача выйграна адразу!
news-void-tie = 🤝 Ачкоў пароўну — раздача не залічваецца, пераздаём.
news-void-initial_combination = 🔁 Камбінацыя пры раздачы — пераздаём.
news-eliminated = ❌ { $name } { $count ->
        [one] выбывае
       *[other] выбываюць
    }: { $penalties } { $penalties ->
        [one] штрафное ачко
        [few] штрафныя ачкі
       *[many] штрафных ачкоў
    }.
deal-title = 📋 <b>Вынікі раздачы { $number }</b>
deal-eggs = 🥚 «Яйкі»: 60 на 60 — у тых, хто набраў па 60, штрафаў няма.
deal-multiplied = Штрафы ×{ $multiplier }.
deal-line = { $name }: { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }, { $tricks } { $tricks ->
        [one] узятка
        [few] узяткі
       *[many] узятак
    } → { $penalty } · усяго { $total } з { $limit }
deal-line_over = { $name }: { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    }, { $tricks } { $tricks ->
        [one] узятка
        [few] узяткі
       *[many] узятак
    } → { $penalty } · усяго { $total }, ліміт { $limit }
final-title = 🏁 <b>{ $preset }</b> · стол #{ $table }: гульня скончана!
final-line = { $medal } { $rank }. { $name } — { $penalties } { $penalties ->
        [one] штрафное ачко
        [few] штрафныя ачкі
       *[many] штрафных ачкоў
    }
final-payout = · фішкі: { $chips }
final-payout_each = · фішкі: па { $chips } кожнаму
final-deals = Згуляна раздач: { $deals }.
final-again = Яшчэ партыю? 🔁 «Рэванш» — з тымі ж гульцамі, /new — новы стол.
final-again_practice = Яшчэ партыю? /play
final-ratings = 📈 Рэйтынг ({ $preset }):
final-rating_line = { $name }: { $before } → { $after } ({ $change })
final-unrated = Трэніровачная партыя з камп'ютарам: рэйтынг не мяняецца.
notify-on = 🔔 Напішу вам у асабістыя, калі ў гэтай групе адкрыюць стол. Выключыць — яшчэ раз /notify.
notify-on_start_first = 🔔 Напішу вам, калі ў гэтай групе адкрыюць стол, — але спачатку адкрыйце чат са мной. Выключыць — яшчэ раз /notify.
notify-off = 🔕 Больш не пішу вам пра новыя сталы ў гэтай групе.
notify-opened = 🔔 У групе «{ $group }» адкрылі стол #{ $table }: { $game }.
command-group-notify = паведамляць у асабістыя пра новыя сталы (яшчэ раз — выключыць)
history-title = 🗂 <b>Апошнія партыі</b>
history-none = У гэтай групе яшчэ не дагулялі ніводнай партыі.
history-line = #{ $table } · { $date } · { $game }: { $standing }
history-button = ▶ Паўтор #{ $table }
replay-title = 🎞 <b>{ $preset }</b> · стол #{ $table } · кадр { $frame } з { $frames }
replay-gone = Гэты паўтор недаступны: партыю не знойдзена, яе запіс ужо выдалены або вы не з гэтай групы.
command-group-history = апошнія партыі групы і іх паўторы
stats-title = 📊 <b>{ $name }</b> · { $where }
stats-here = у гэтай групе
stats-everywhere = ва ўсіх групах
stats-none = Згуляных партый пакуль няма.
stats-matches = Партый: { $matches }, перамог: { $wins } ({ $percent }%)
stats-deals = Раздач выйграна: { $won } з { $deals } ({ $percent }%)
stats-penalty = Штрафных за раздачу ў сярэднім: { $average }
stats-streak = Лепшая серыя перамог: { $streak }
stats-favourite = Любімая гульня: { $game }
stats-rating = Рэйтынг · { $game }: { $rating } ({ $matches } { $matches ->
        [one] партыя
        [few] партыі
       *[many] партый
    })
stats-rating_private = Рэйтынг лічыцца па ўсіх групах: свой можна паглядзець камандай /stats у асабістым чаце з ботам.
top-here = 🏆 <b>Лепшыя гульцы групы</b>
top-everywhere = 🏆 <b>Лепшыя гульцы бота</b>
top-game = <b>{ $game }</b>
top-line = { $medal } { $name } — { $wins } { $wins ->
        [one] перамога
        [few] перамогі
       *[many] перамог
    } з { $matches }, рэйтынг { $rating }
top-none = Пакуль нікога. Каб трапіць у спіс, трэба партый: { $least }.
top-least = Каб трапіць у спіс, трэба партый: { $least }. Трэніроўкі з камп'ютарам не лічацца.
command-group-stats = статыстыка: свая або таго, каму адказваеце
command-group-top = лепшыя гульцы групы
command-private-stats = ваша статыстыка ва ўсіх групах
command-private-top = лепшыя гульцы бота
hand-title = 🃏 Стол #{ $table } · «{ $chat }» · раздача { $deal }
hand-trump = Козыр ★ <b>{ $suit }</b> ({ $card }) · у калодзе { $stock } { $stock ->
        [one] карта
        [few] карты
       *[many] карт
    }
hand-forced = 👉 <b>Ваш ход</b> — варыянт адзін: націсніце кнопку.
button-manual = ✋ Выбраць карты
hand-tap_lead = 👉 <b>Ваш ход.</b> Націсніце карту — яна пойдзе на стол; «✋ Выбраць карты» — каб схадзіць некалькімі.
hand-tap_answer = 👉 <b>Ваш адказ</b> на { $need } { $need ->
        [one] карту: ⚔️ — пабіць гэтай картай, 🗑 — скінуць яе.
        [few] карты: кнопка згуляе самы танны адказ, іншы — праз «✋ Выбраць карты».
       *[many] карт: кнопка згуляе самы танны адказ, іншы — праз «✋ Выбраць карты».
    }
hand-your_lead = 👉 <b>Ваш ход.</b> Выберыце карты адной масці і націсніце «Схадзіць».
hand-your_answer = 👉 <b>Ваш адказ:</b> выберыце { $need } { $need ->
        [one] карту
        [few] карты
       *[many] карт
    } і пабіце або скіньце.
hand-selected = Выбрана: { $cards }
hand-waiting = Чакаем: { $name }
hand-cards = Вашы карты: { $cards }
hand-unreachable = ⚠️ { $name }, не магу напісаць вам у асабістыя, таму пакуль за вас ходзіць камп'ютар. Адкрыйце чат са мной (кнопка ніжэй) — і адным націскам вернецеся ў гульню.
tap-stale = Гэта ўжо неактуальна — глядзіце апошняе паведамленне.
# The same text under the name bot/tables/tourney.py:236 still asks for; drop
# it once that call asks for tap.stale (players-review-2 S1).
stale = { tap-stale }
tap-not_yours = Гэта не вашы карты.
tap-slow_down = Занадта шмат націскаў адразу: пачакайце крыху і націсніце яшчэ раз.
tap-unknown = Гэтая кнопка не працуе.
illegal-not_your_turn = Цяпер ходзіць { $player }.
illegal-must_respond = Спачатку адкажыце на карты на стале: пабіце або скіньце.
illegal-lead_size = Хадзіць можна ад 1 да { $max } { $max ->
        [one] карты
       *[other] карт
    }.
illegal-lead_one_suit = Хадзіць можна толькі картамі адной масці.
illegal-duplicate_cards = Карта выбрана двойчы.
illegal-not_in_hand = У вас няма { $cards }.
illegal-nothing_to_answer = На стале нічога няма — ваш ход.
illegal-wrong_count = Трэба пакласці роўна { $need } { $need ->
        [one] карту
        [few] карты
       *[many] карт
    }.
illegal-does_not_beat = Так не пабіць: { $cards } супраць { $owner_cards }.
illegal-not_a_combination = { $cards } — гэта не камбінацыя.
illegal-window_closed = Хадзіць па-за чаргой можна толькі пасля першай узяткі раздачы.
illegal-combo_wins_itself = Гэтая камбінацыя выйграе сама.
illegal-declaration_refused = Ваша абвяшчэнне адхілена — чакайце наступнага ходу.
illegal-interrupt_molodka_only = Перапыніць узятку можа толькі маладка.
illegal-already_played = Вы ўжо паклалі карты ў гэтую ўзятку.
illegal-priority = Ужо выкладзена камбінацыя гульца, які сядзіць бліжэй да таго, хто ходзіць.
illegal-no_claims = У гэтай гульні не адкрываюцца.
illegal-claim_own_turn = Адкрывацца можна толькі ў свой ход, да заходу.
illegal-claim_no_cards = Для «адкрываюся» карты не патрэбныя.
illegal-match_over = Гульня скончана.
illegal-no_such_seat = Такога месца няма.
illegal-eliminated = Вы выбылі з гэтай гульні.
illegal-other = Так нельга: { $reason }
error-generic = Нешта пайшло не так. Паспрабуйце яшчэ раз.
lang-usage = Мова: <code>/lang be</code>, <code>/lang ru</code>, <code>/lang uk</code> або <code>/lang en</code> (ёсць: { $langs }).
lang-done = Гатова: размаўляю па-беларуску.
lang-not_allowed = Мову групы можа змяніць толькі адмін чата.
group-welcome =
    Прывітанне! Я раздаю карты для бурказла, казла і буры.

    Хто хоча згуляць — адпраўце /new, і я адкрыю стол; астатнія садзяцца кнопкай «Сесці». Карты прыходзяць кожнаму ў асабісты чат са мной. /rules — правілы, /help — усе каманды.
profile-description = Бурказёл, казёл і бура ў групе Telegram па сапраўдных правілах. Дадайце бота ў групу і адпраўце /new: адкрыецца стол, гульцы садзяцца адной кнопкай, карты прыходзяць кожнаму ў асабісты чат. Тут, у асабістым чаце, можна патрэніравацца з камп'ютарам: /play.
profile-short_description = Бурказёл, казёл і бура ў вашай групе: /new адкрывае стол, карты прыходзяць у асабістыя.
welcome =
    Прывітанне, { $name }! Я раздаю карты для бурказла, казла і буры.

    Дадайце мяне ў групу і напішыце там /new — я адкрыю стол. Карты будуць прыходзіць сюды, у асабісты чат. Патрэніравацца з камп'ютарам можна проста тут: /play. /rules — правілы, /help — усе каманды.
private-unknown = Я разумею каманды: /help
help =
    <b>Як пачаць</b>
    1. У групе: /new [гульня] [налады] — адкрыць стол. Гульні: burkozel (прадвызначана), kozel, bura.
    {"   П"}рыклад: <code>/new kozel limit=6 closed_discard=on</code>
    2. Хто гуляе, націскае «Сесці» (або /join). Калі бот папросіць — адкрыйце з ім чат. Не хапае гульцоў — /addbot пасадзіць камп'ютар.
    3. Стваральнік стала або адмін націскае «Пачаць» (або /start).
    4. Карты прыходзяць у асабісты чат. Ваш ход: націсніце карту — яна пойдзе на стол. Адказ на ход: ⚔️ — пабіць, 🗑 — скінуць. Згуляць некалькімі картамі — «✋ Выбраць карты». Камбінацыя, калі яна ў вас ёсць, з'явіцца асобнай кнопкай.
    Навучыцца: /rules — правілы, /play — трэніроўка з камп'ютарам (у асабістым чаце са мной).

    <b>Каманды ў групе</b>
    /new — адкрыць стол
    /join — сесці
    /leave — устаць
    /start — пачаць гульню
    /stop — закрыць стол
    /addbot [узровень] — дадаць камп'ютарнага гульца
    /kick — адказам на паведамленне гульца: замяніць яго камп'ютарам
    /rules — правілы гэтага стала
    /lang ru|en|be|uk — мова групы
    /stats — статыстыка (адказам на паведамленне — таго чалавека)
    /top — лепшыя гульцы
    /history — апошнія партыі і іх паўторы
    /notify — паведамляць пра новыя сталы
    /tournament — турнір у групе

    <b>У асабістым чаце</b>
    /play [гульня] [гульцоў] [узровень] — трэніроўка з камп'ютарам
    /stop — скончыць трэніроўку
    /rules [гульня] — правілы
    /lang ru|en|be|uk — ваша мова
    /forget — сцерці, што я пра вас захоўваю
    /stats — ваша статыстыка ва ўсіх групах
    /top — лепшыя гульцы бота
rules-options_title = <b>Налады стала</b>
rules-match = { $game ->
        [kozel] Штрафныя назапашваюцца ад раздачы да раздачы; каманда, якая набрала { $limit }, прайграе партыю.
       *[other] { $end ->
            [first] Штрафныя назапашваюцца ад раздачы да раздачы, і чым іх менш, тым лепш. Партыя сканчаецца, як толькі хтосьці набярэ { $limit }: перамагае той, у каго штрафных менш за ўсіх.
           *[last] Штрафныя назапашваюцца ад раздачы да раздачы, і чым іх менш, тым лепш. Хто набярэ { $limit }, выбывае; перамагае апошні, хто застаўся. Тыя, хто выбыў у адной раздачы з роўнымі штрафнымі, дзеляць месца.
        }
    }
rules-limit = { $limit } { $limit ->
        [one] штрафное ачко
        [few] штрафныя ачкі
       *[many] штрафных ачкоў
    }
rules-limit_usual = ліміт стала (звычайна 12 штрафных ачкоў)
rules-burkozel =
    <b>Бурказёл</b> — 2–4 гульцы, кожны за сябе. Калода 36 карт, на руках па 4.
    Старшынство ад малодшай: 6 7 8 9 В Д К 10 Т (валет, дама, кароль, туз). Ачкі: Т 11, дзясятка 10, К 4, Д 3, В 2, астатнія 0; усяго ў калодзе 120.
    Козыр — масць карты, адкрытай пад калодай (яе возьмуць апошняй). Любы козыр б'е любую некозырную карту, старэйшы козыр — малодшы.
    Першым ходзіць гулец злева ад таго, хто здае, далей — той, хто ўзяў апошнюю ўзятку. Ход — 1–4 карты адной масці. Астатнія па чарзе кладуць столькі ж карт: або б'юць (кожную карту — старэйшай той жа масці або козырам), або скідаюць любыя. Утрох і ўчацвярых біць трэба карты таго, хто пабіў апошнім.
    Узятку бярэ апошні, хто пабіў, а калі ніхто не пабіў — той, хто хадзіў. Потым усе па адной дабіраюць карты з калоды, першым — той, хто ўзяў; ён жа ходзіць.
    Камбінацыі — бура (4 козыры), маладка (4 карты адной некозырнай масці), Масква (3 тузы, сярод іх казырны), Залатая Масква (4 тузы), чатыры канцы (4 карты з тузоў і дзясятак) — можна выкласці па-за чаргой: пасля першай узяткі раздачы, пакуль чарговы гулец не схадзіў. Гэта звычайны заход (яго можна пабіць), без бонусу.
    Вынік раздачы: у каго больш за ўсіх ачкоў — 0 штрафных; 31 і больш — 2; менш за 31 — 4; ніводнай узяткі — 6. 60 на 60 — «яйкі»: гэтым дваім штрафаў няма.
rules-kozel =
    <b>Казёл</b> — 4 гульцы, дзве каманды па двое: партнёры сядзяць насупраць, ачкі ў каманды агульныя. На руках па 4 карты.
    Карты, ачкі, хады, узяткі і камбінацыі — як у бурказле (/rules burkozel). Адрозненні (гэта налады стала, яны ў спісе ніжэй): козыр — масць карты, якую паказваюць з сярэдзіны калоды (сама карта застаецца дзесьці ў калодзе); скідаюць кашуляй уверх (такая карта паказваецца як 🎴); маладка можа перапыніць ужо распачатую ўзятку — карты вернуцца ў рукі, і ўзятка пачнецца з маладкі.
    Вынік раздачы: 61 ачко і больш — раздача выйграна. Каманда, якая прайграла, атрымлівае: 31–59 ачкоў — 2 штрафныя, менш за 31 — 4, ніводнай узяткі — 6. 60 на 60 — «яйкі»: штрафаў няма нікому.
rules-bura =
    <b>Бура</b> — 2–4 гульцы, кожны за сябе, на руках па 3 карты. Карты, ачкі, козыр, хады і ўзяткі — як у бурказле (/rules burkozel), але ходзяць 1–3 картамі адной масці, а скідаюць кашуляй уверх (🎴).
    Мэта — набраць ва ўзятках 31 ачко. Набраўшы, націсніце ў свой ход, да заходу, «Адкрываюся!»: калі ва ўзятках 31 ці больш — раздача ваша, астатнім па 2 штрафныя; калі менш — вам 4 штрафныя (або 2, калі так наладжаны стол). Колькі ў вас ачкоў, бот не паказвае: лічыце самі па радках узятак, не забываючы карт, скінутых кашуляй уверх.
    Камбінацыя на руках выйграе раздачу адразу: бура — 3 козыры, Масква — 3 тузы (Масква старэйшая за буру; з дзвюх бур старэйшая тая, дзе козыр вышэйшы).
    Па-за чаргой, пакуль чарговы гулец не схадзіў, можна схадзіць маладкай (3 карты адной масці) або малой Масквой (3 шасцёркі, сярод іх казырная). Маладку адхіляць, калі ў суперніка бура, Масква або малая Масква або калі ў чарговага гульца таксама маладка; прычыну абвесцяць усім. Малую Маскву можна выкласці і супраць маладкі.
    Калі карты скончыліся, а ніхто не адкрыўся, раздачу выйграе той, у каго больш ачкоў; пароўну — пераздача. Хто выйграў раздачу, той здае наступную (пасля фальшывага «Адкрываюся» або пераздачы — той жа, хто здаваў).
command-group-new = адкрыць стол: /new [гульня] [налады]
command-group-join = сесці за стол
command-group-leave = устаць з-за стала
command-group-start = пачаць гульню
command-group-stop = закрыць стол
command-group-rules = правілы стала
command-group-help = як гуляць
command-group-lang = мова групы: ru, en, be або uk
command-private-start = пачаць
command-private-rules = правілы: /rules [гульня]
command-private-help = як гуляць
command-private-lang = ваша мова: ru, en, be або uk
command-private-forget = сцерці, што бот пра вас захоўвае
forget-prompt =
    Я сатру, што захоўваю пра вас: імя, username і мову. У скончаных гульнях замест імя будзе { $mark }, вынікі гульняў застануцца. Калі згуляеце зноў, я зноў запомню імя, пакуль вы за сталом.

    Сцерці?
button-forget_yes = 🗑 Сцерці
button-forget_no = Адмена
forget-done = Гатова: ваша імя, username і мова сцёртыя. У скончаных гульнях на вашым месцы — { $mark }.
forget-kept = Нічога не сцёрта.
forget-seated = Вы цяпер за сталом #{ $table }. Пакіньце яго або дагуляйце, потым адпраўце /forget яшчэ раз.
forget-in_private = Адпраўце /forget мне ў асабістыя: так сціраецца тое, што я пра вас захоўваю.
lobby-computer = (камп'ютар, { $level })
lobby-team_computer = (каманда { $team } · камп'ютар, { $level })
button-add_computer = 🤖 + Камп'ютар
button-remove_computer = 🤖 − Прыбраць
option-turn_time = Час на ход, с
new-bad_turn_time = Час на ход «{ $value }»: патрэбны цэлы лік секунд ад 15 да 3600.
leave-confirm = Гульня ідзе. Пайсці? Ваша месца зойме камп'ютар да канца партыі.
button-leave_confirm = 🚪 Так, пайсці
leave-not_yours = Гэтая кнопка — для таго, хто прасіў пайсці. Калі хочаце пайсці самі, дашліце /leave.
timer-reminder = ⏰ Стол #{ $table } («{ $chat }»): ваш ход, засталося { $seconds } с.
timer-played = ⏰ Час на ход скончыўся ({ $name }) — схадзіў камп'ютар.
timer-takeover = 🤖 { $name } не адказвае: далей замест гэтага гульца ходзіць камп'ютар. Вярнуцца ў гульню — адной кнопкай у асабістым чаце.
timer-takeover_private = 🤖 Стол #{ $table } («{ $chat }»): пакуль вас няма, за вас гуляе камп'ютар.
button-takeback = 🙋 Я тут — гуляю далей
takeback-already = Вы і так гуляеце самі.
takeback-done = З вяртаннем!
takeback-news = 🙋 { $name } зноў у гульні.
kick-usage = Адкажыце камандай /kick на паведамленне гульца.
kick-not_allowed = Замяняць гульцоў можа стваральнік стала або адмін чата.
kick-not_seated = Гэты чалавек не за сталом.
kick-lobby = { $name } больш не за сталом.
kick-done = 🤖 { $name } больш не гуляе: да канца партыі гэтае месца займае камп'ютар.
kick-left = 🚪 { $name } пакідае стол: да канца партыі гэтае месца займае камп'ютар.
kick-closed = Людзей за сталом не засталося — стол закрыты.
computer-not_allowed = Дадаваць камп'ютарных гульцоў можа стваральнік стала або адмін.
computer-bad_level = Няма такога ўзроўню. Ёсць: { $levels }.
computer-added = { $gender ->
        [female] { $name } ({ $level }) села за стол.
        [male] { $name } ({ $level }) сеў за стол.
       *[other] { $name } ({ $level }) за сталом.
    }
computer-none = За сталом няма камп'ютарных гульцоў.
computer-removed = { $gender ->
        [female] { $name } пайшла з-за стала.
        [male] { $name } пайшоў з-за стала.
       *[other] { $name } больш не за сталом.
    }
practice-usage = Трэніроўка: <code>/play [гульня] [гульцоў] [узровень]</code>. Гульні: { $presets }. Узроўні: { $levels }.
practice-exists = У вас ужо ідзе трэніроўка (стол #{ $table }). Скончыць: /stop
practice-title = трэніроўка
lobby-expired = ⌛ Стол закрыты: гульню так і не пачалі.
lobby-expired_news = ⌛ Стол #{ $table } закрыты — яго доўга не пачыналі. Новы: /new
command-group-kick = замяніць гульца камп'ютарам (адказам)
command-group-addbot = дадаць камп'ютарнага гульца
command-private-play = трэніроўка з камп'ютарам
command-private-stop = скончыць трэніроўку
options-switch = on/off (або так/не)
options-range = цэлы лік ад { $min } да { $max }
rules_error-unknown_option = няма налады «{ $option }»
rules_error-not_applicable = налада «{ $option }» не адносіцца да гэтай гульні
rules_error-bad_value = «{ $option }» прымае { $values }, а не «{ $value }»
chart-deal = Раздача
chart-penalties = Штрафныя ачкі
chart-match = Рэйтынгавая партыя
chart-rating = Рэйтынг
chart-rating_here = Змена рэйтынгу ў гэтай групе

# rematch
button-rematch = 🔁 Рэванш
button-rematch_join = ✅ Гуляю
rematch-not_player = Рэванш можа пачаць толькі гулец гэтай партыі.
rematch-opened = Рэванш! Чакаем астатніх гульцоў.
rematch-confirmed = Вы ў гульні!
rematch-waiting = Чакаем пацвярджэння: { $names }
lobby-rematch_hint = 🔁 Рэванш стала #{ $table }: гульня пачнецца сама, калі ўсе націснуць «Гуляю».
