"""The play tables: views of one seat of a :class:`cardgames.session.Session`
(``table_base.PlayTable``, ``liar_table`` + ``liar_draw``, ``thirtyone_table`` +
``thirtyone_draw``); they draw the seat's view and send its clicks to ``act``, no rules.
The online client :mod:`.remote` (a session-like seat of a table served by
classroom/tables; its frames are read by ``remote_frames``) and the online app
:mod:`.online` live here too (issue 21)."""
