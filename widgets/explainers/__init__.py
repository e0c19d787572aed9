"""The explainers and the lessons' explorers: one question each, answered by the engine
while the student moves the inputs (``call_explainer``, whose engine walk-through is
``call_resolution``; ``hand_scorer``, ``call_odds``,
``rank_cycle``; lesson 3-6's ``deal_more``, ``bayes_explorer``, ``reveal_explorer``,
``lives_explorer``, ``winrate_explorer``; lessons 3, 4 and 6's class experiment,
``class_experiment``).  Their callbacks show errors as the tables do
(:func:`widgets.kit.guard.guarded`)."""
