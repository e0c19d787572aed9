"""The start page's texts taken from lessons/ (titles, descriptions, times), marked for
the message catalog.  Written by tools/startpage_words.py (run by `make i18n`): do not
edit; change lessons/README.md or the notebook's heading and run `make i18n`.
"""

# ruff: noqa: E501
from cardgames.i18n import N_

#: every title, description and time the start page shows, in the order listed
WORDS = (
    N_("Lesson 1 — The deck and Liar's rank order"),
    N_('The deck and its values (T3)'),
    N_('45 min + 15–20 min of exercises'),
    N_('Lesson 2 — Resolving a bluff in Liar'),
    N_('A call from start to finish: the call window, turning over, who takes the pile and who plays next (L9, L10 …'),
    N_('50 min'),
    N_('Lesson 3 — Scoring a Thirty-One hand'),
    N_('Scoring a Thirty-One hand with score/explain (T11, R-T2, R-T3)'),
    N_('55–60 min'),
    N_('Lesson 4 — How likely is a lie?'),
    N_('The hypergeometric chance that a claim "N × rank" can be true (R-L6, L12, L13), checked by a seeded simulation'),
    N_('two periods (45 + 45 min)'),
    N_('Lesson 5 — Decisions in Thirty-One'),
    N_('Every choice of a turn (T5–T9) and the hand it leaves'),
    N_('65 min'),
    N_('Lesson 6 — Lives and tournaments'),
    N_('Seeded tournaments and win rates with Wilson intervals'),
    N_('Calling “Liar!”: who takes the pile? (L9, L10, L12, L13, R-L5–R-L9)'),
    N_('Call explainer: build a play (who plays, the rank due, the cards really put down, Chroniclers too, last cards …'),
    N_('10 min, with lesson 2'),
    N_('How likely is the claim? Exact call odds in Liar (R-L6, L12, L13)'),
    N_('Call odds: your hand, the cards seen turned over, the deck and a claim "N × rank"'),
    N_('10 min, with lesson 4'),
    N_('Scoring a Thirty-One hand (T3, T11, R-T2, R-T3)'),
    N_('Hand scorer: pick 3 cards (the Chronicler too)'),
    N_('5–10 min, with lesson 3'),
    N_('Liar (“Laž!”) — you against three bots'),
    N_('Play Liar against three bots: pick 1–4 cards and Play, Call "Liar!" or Let it stand'),
    N_('15–20 min (free play)'),
    N_('At an online table with your class'),
    N_('Play Liar or Thirty-One with the class at an online table, each on their own device'),
    N_('The rank cycle in Liar (L4, L6, L8)'),
    N_("Liar's rank cycle: choose the players and the first seat, press Next turn, see which rank each seat must …"),
    N_('5–10 min, with lesson 1'),
    N_('Thirty-One at the table (T1-T14)'),
    N_('Play Thirty-One against two bots: swap one, swap all, pass or reveal'),
)
