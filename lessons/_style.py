"""Moved to :mod:`widgets.kit.plot_style` (the lessons' ``from _style import ...`` keeps working)."""

from widgets.kit.plot_style import half_up, projector, rounded

__all__ = ["projector", "half_up", "rounded"]
