## Турніры (issue 60): /tournament, запіс, туры, табліца.

tournament-title = 🏁 <b>Турнір: { $game }</b>
tournament-format = Фармат: { $format }
tournament-format-roundrobin = кругавы (кожны з кожным)
tournament-format-swiss = швейцарскі (пары па месцы ў табліцы)
tournament-format-knockout = на выбыванне (той, хто прайграў, выбывае)
tournament-format-auto = выберу на старце па колькасці запісаных
tournament-explain = ℹ️ { $format ->
        [roundrobin] Кругавы: кожны згуляе з кожным.
        [swiss] Швейцарскі: у кожным туры за адзін стол садзяцца суседзі па табліцы.
        [knockout] На выбыванне: далей ідзе пераможца стала.
       *[auto] Фармат выберу пры старце: кругавы, швейцарскі або на выбыванне.
    }
tournament-place_points = За месца за сталом — па ачку за кожнага, каго вы абышлі; пропуск тура — як перамога.
tournament-rounds = { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } туры
   *[many] { $rounds } тураў
}
tournament-size = За сталом: да { $size }
tournament-duplicate = 🃏 Дублікатныя раздачы: усе сталы тура атрымліваюць аднолькавыя карты, і ў табліцы важна, на колькі штрафных вы набралі менш за тых, хто гуляў тымі ж картамі. Група бачыць толькі пачатак і канец кожнай партыі тура, ход гульні — у кожнага ў яго руцэ.
tournament-teams = 👥 Каманды па двое: адкажыце /join на паведамленне партнёра, калі ён ужо запісаўся, а партнёр — /join на ваш адказ; астатнія становяцца ў пары ў парадку запісу (1-ы з 2-м, …).
tournament-options = Правілы гульні:
tournament-registered = Запісаліся ({ $count } з { $max }):
tournament-nobody = Пакуль нікога.
tournament-hint = Запіс — кнопкай або /join. Пачынае { $creator } або адмін: /start або ▶️.
tournament-button-join = ✋ Запісацца
tournament-button-leave = Выйсці
tournament-button-start = ▶️ Пачаць
tournament-joined = Вы запісаны!
tournament-joined_team = Вы запісаны! Ваш партнёр — { $name }.
tournament-partner_taken = { $name }: яшчэ не ў спісе або ўжо ў пары. Запішыцеся проста /join або адкажыце іншаму.
tournament-partner_asked = 🤝 { $name } запрашае ў пару: { $partner }. Каб пагадзіцца, адкажыце /join на паведамленне з запрашэннем.
tournament-already = Вы ўжо запісаны.
tournament-full = Месцаў больш няма: у спісе ўжо { $max }.
tournament-left = Вас выкраслілі са спісу.
tournament-not_registered = Вы не запісаны.
tournament-closed = Запіс закрыты.
tournament-gone = Гэты турнір ужо скончыўся.
tournament-exists = У групе ўжо ідзе турнір: спачатку спыніце яго (/stop).
tournament-none = Тут няма турніру.
tournament-not_allowed = Гэта можа толькі стваральнік турніру або адмін чата.
tournament-too_few = Замала для старту: запісана { $count }, трэба хоць бы { $needed }.
tournament-odd_out = { $name } застаецца без партнёра і ў гэтым турніры не гуляе.
tournament-started = 🏁 Турнір пачынаецца: { $format }, { $rounds }.
tournament-round = 🏁 <b>Тур { $round } з { $rounds }</b>
tournament-table = Стол { $number } (#{ $table }): { $names }
tournament-bye = Без гульні ў гэтым туры: { $names }
tournament-lobby_hint = 🏁 Турнір, тур { $round }: гульня пачнецца сама, калі ўсе націснуць «Гуляю». За тых, хто не націсне за { $seconds } с, згуляе камп'ютар.
tournament-no_show = ⏰ Камп'ютар гуляе за тых, хто не націснуў «Гуляю» своечасова: { $names }
tournament-standings = 📊 <b>Табліца пасля тура { $round }</b> (ачкі за месцы — па адным за кожнага, каго вы абышлі за сталом; у дужках — перамогі):
tournament-standings-duplicate = 📊 <b>Табліца пасля тура { $round }</b> (± — на колькі штрафных у вас больш (+) або менш (−), чым у сярэднім у тых, хто гуляў тымі ж картамі; чым менш, тым лепш; у дужках — ачкі за месцы):
tournament-still_in = ➡️ Далей ідуць: { $names }
tournament-out = Выбываюць: { $names }
tournament-void = Стол #{ $table } закрыты без выніку.
tournament-topic = 🏁 Тур { $round } · стол { $number }
tournament-winner = { $count ->
    [one] 🏆 Пераможца турніру: { $names }!
   *[other] 🏆 Пераможцы турніру, пароўну ачкоў: { $names }!
}
tournament-stopped = Турнір спынены ({ $name }).
tournament-usage =
    <code>/tournament [гульня] [параметр=значэнне …]</code>
    format=roundrobin, swiss або knockout; rounds=N (швейцарскі); size=2–4 (гульцоў за сталом); duplicate=on; turn_time=секунды; і правілы гульні, як у /new.
tournament-bad_format = Не ведаю фармату «{ $value }»: roundrobin, swiss або knockout.
tournament-bad_rounds = Колькасць тураў: цэлы лік ад 1 да { $max }.
tournament-bad_size = Гульцоў за сталом у гульні «{ $game }»: { $counts }.
tournament-bad_duplicate = duplicate: on або off.
tournament-bad_rounds_not_swiss = Колькасць тураў задаецца толькі ў швейцарскім турніры (format=swiss).
command-group-tournament = турнір: /tournament [гульня] [параметры]
chart-round = Тур
chart-points = Ачкі
tournament-lobby_fixed = Гэта стол турніру: гульцоў і правілы задаў турнір. Тут можна толькі пацвердзіць, што вы гуляеце.
tournament-cannot_start = ⛔ Стол #{ $table } не можа пачацца. { $reason } Стол не залічваецца, турнір працягваецца.
tournament-short_chips = У вас у гэтай групе { $balance } { $balance ->
        [one] фішка
        [few] фішкі
       *[many] фішак
    }, гэта менш за стаўку турніру ({ $stake } за партыю): запісацца нельга.
