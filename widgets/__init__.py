"""ipywidgets front ends for the cardgames engine (public engine API only).

Security model (every widget here follows it):

- Every synced trait of every live widget is sent to the browser, and the
  browser can set any trait and click any button, disabled or not.  So hidden
  cards and any other secret live only in plain Python attributes, never in a
  trait; a face-down card is drawn by :func:`cardgames.render.back_svg`, which
  is the same text for every card.
- Everything the browser asks for (a click, a slider value) is validated in
  Python against state that Python owns, e.g. a selection is an index into the
  cards the Python side knows are this player's.
- Widgets that are no longer shown are ``close()``d, so their state leaves the
  browser and their comm stops listening.
"""

from widgets import old_paths
from widgets.explainers.call_explainer import CallExplainer
from widgets.explainers.call_odds import CallOdds
from widgets.explainers.hand_scorer import HandScorer
from widgets.explainers.rank_cycle import RankCycleExplainer
from widgets.kit.card_palette import CardPalette
from widgets.kit.cardview import CardButton, HandView
from widgets.tables.liar_table import LiarTable
from widgets.tables.thirtyone_table import ThirtyOneTable

old_paths.install()  # the paths widgets.<module> of before kit/, tables/ ... (see there)

__all__ = ["CardButton", "HandView", "RankCycleExplainer", "CardPalette", "CallExplainer",
           "HandScorer", "CallOdds", "LiarTable", "ThirtyOneTable"]
