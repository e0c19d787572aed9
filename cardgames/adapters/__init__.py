"""Adapters to research libraries (optional extra ``[rl]``); nothing here is imported by ``cardgames``.

- :mod:`cardgames.adapters.openspiel` -- importing it registers
  ``python_cardgames_liar`` and ``python_cardgames_thirty_one`` with ``pyspiel``.
- :mod:`cardgames.adapters.actions` -- the fixed integer action ids both adapters use.
"""
