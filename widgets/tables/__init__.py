"""The play tables: views of one seat of a :class:`cardgames.session.Session`
(``table_base.PlayTable``, ``liar_table`` + ``liar_draw``, ``thirtyone_table`` +
``thirtyone_draw``); they draw the seat's view and send its clicks to ``act``, no rules.
The online tables: ``remote.RemoteSession`` (a seat of the table service, drawn by the
same tables) and ``online.online_table`` (the page of ``lessons/app_online.ipynb``)."""
