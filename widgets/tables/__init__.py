"""The play tables: one seat of a session, drawn (the online client :mod:`.remote` and the
online app :mod:`.online` live here; the local tables join them when widgets/ is regrouped)."""
