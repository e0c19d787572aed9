"""The apps of ``lessons/app_*.ipynb``, each in the language of the page (widgets.app.i18n).

Each function returns a :class:`~widgets.app.i18n.LocalizedApp`: the app's title and
short instructions (translated), a link to the rules in that language, the
language picker, and the app's widget.  An app notebook is one cell, e.g.::

    from widgets.app.apps import hand_scorer_app
    hand_scorer_app()

``lang`` overrides the language of the page (``?lang=``, else ``CARDGAMES_LANG``).
"""

from __future__ import annotations

from cardgames.i18n import N_
from widgets.app.i18n import LocalizedApp

__all__ = [
    "TITLES",
    "call_explainer_app",
    "call_odds_app",
    "hand_scorer_app",
    "liar_app",
    "online_app",
    "rank_cycle_app",
    "thirty_one_app",
]

#: app name -> (title, instructions, the rule the rules link opens)
TITLES: dict[str, tuple[str, str, str]] = {
    "rank_cycle": (
        N_("The rank cycle in Liar (L4, L6, L8)"),
        N_("Choose how many play and who begins, then press <b>Next turn ▶</b>: the table "
           "shows which rank each seat must announce."),
        "L4"),
    "call_explainer": (
        N_("Calling “Liar!”: who takes the pile? (L9, L10, L12, L13, R-L5–R-L9)"),
        N_("Build a play — who plays, the rank they must announce, the cards they really put "
           "down — then choose who calls: the steps below are the game engine's own log."),
        "L9"),
    "call_odds": (
        N_("How likely is the claim? Exact call odds in Liar (R-L6, L12, L13)"),
        N_("Pick your hand and the cards you have seen, set the claim “N × rank”: see the "
           "exact chance it can be true and the counting behind it."),
        "R-L6"),
    "hand_scorer": (
        N_("Scoring a Thirty-One hand (T3, T11, R-T2, R-T3)"),
        N_("Click 3 cards (or type them): see the score, why, and how it ranks among every "
           "possible 3-card hand."),
        "T11"),
    "liar": (
        N_("Liar (“Laž!”) — you against three bots"),
        N_("Pick 1–4 cards and press <b>Play</b> (they are announced as the due rank, R-L4); "
           "when a bot has played, <b>Call “Liar!”</b> or <b>Let it stand</b> — get rid of "
           "all your cards first (L3)."),
        "L1"),
    "thirty_one": (
        N_("Thirty-One at the table (T1-T14)"),
        N_("You are player 0 against two bots: on your turn pick a card of your hand and a "
           "table card and press <b>Swap</b>, or swap all, pass or reveal; press <b>Let the "
           "bots play ▶▶</b> to let the others move — the lowest hand loses a life (T13)."),
        "T1"),
    "online": (
        N_("At an online table with your class"),
        N_("Your seat at a table of the class, from your table's join link: only you see "
           "your cards; the others play from their own devices. When it is your turn, play "
           "as at the tables against the bots."),
        "L1"),
}


def _app(name: str, build, lang: str | None, *, play_first: bool = False) -> LocalizedApp:
    title, intro, rule = TITLES[name]
    return LocalizedApp(build, title=title, intro=intro, rules=rule, lang=lang,
                        play_first=play_first)


def rank_cycle_app(*, lang: str | None = None) -> LocalizedApp:
    """Who announces which rank on each turn (L4, L6, L8)."""
    from widgets.explainers.rank_cycle import RankCycleExplainer

    return _app("rank_cycle", lambda: RankCycleExplainer(players=4, start=0), lang)


def call_explainer_app(*, lang: str | None = None) -> LocalizedApp:
    """What happens after a call (L9, L10, L12, L13)."""
    from widgets.explainers.call_explainer import CallExplainer

    return _app("call_explainer", lambda: CallExplainer(players=3, claimant=0, due_rank="7",
                                                        cards="7H 9B", caller=1), lang)


def call_odds_app(*, lang: str | None = None) -> LocalizedApp:
    """The exact odds that a claim can be true (R-L6)."""
    from widgets.explainers.call_odds import CallOdds

    return _app("call_odds", lambda: CallOdds(hand="7H 7B KA", claim=(2, "7")), lang)


def hand_scorer_app(*, lang: str | None = None) -> LocalizedApp:
    """Score 3 cards and see how the hand ranks (T11)."""
    from widgets.explainers.hand_scorer import HandScorer

    return _app("hand_scorer", lambda: HandScorer(cards="AH KH 9H"), lang)


def _seeds(first: int, app: str):
    """``first``, then a fresh unpredictable seed for every new table (R-L11, R-T9)."""
    from widgets.app.seeding import app_seed

    yield first
    while True:
        yield app_seed(app)


def liar_app(*, seed: int, lang: str | None = None) -> LocalizedApp:
    """Liar against three bots; ``seed`` from :func:`widgets.app.seeding.app_seed` (R-L11).

    A language change builds the table anew: a new deal from a new seed.
    """
    from widgets.tables.liar_table import LiarTable

    seeds = _seeds(seed, "liar")
    return _app("liar", lambda: LiarTable(seed=next(seeds)), lang)


def thirty_one_app(*, seed: int, lang: str | None = None) -> LocalizedApp:
    """Thirty-One against two bots; ``seed`` from :func:`widgets.app.seeding.app_seed` (R-T9).

    A language change builds the table anew: a new game from a new seed.
    """
    from widgets.tables.thirtyone_table import ThirtyOneTable

    seeds = _seeds(seed, "thirty-one")
    return _app("thirty_one",
                lambda: ThirtyOneTable(bots=("heuristic", "heuristic"), seed=next(seeds)), lang)


def online_app(*, lang: str | None = None) -> LocalizedApp:
    """The page's seat at an online table (``?table=CODE&seat=N&key=SECRET``, from the join
    page of the table service; issue 21).  Without a table in the query it says how to
    join instead of connecting."""
    from widgets.app.request import page_query
    from widgets.tables.online import online_table

    return _app("online", lambda: online_table(page_query()), lang, play_first=True)
