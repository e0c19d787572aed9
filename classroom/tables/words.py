"""Every text of the tables' pages, marked for gettext (``make i18n``), by key.

The templates and the pages' scripts read them from :func:`words` in the page's
language (the scripts through a JSON block of the page), so one catalog holds them.

>>> words("hr")["join_title"]
'Sjedni za stol'
>>> sorted(set(words("en")) ^ set(words("de")))
[]
"""

from __future__ import annotations

from cardgames.i18n import N_
from cardgames.i18n import gettext as _

__all__ = ["WORDS", "words"]

WORDS = {
    # the join pages
    "join_title": N_("Join a table"),
    "join_lead": N_("Type the code of your table: six letters and digits, on the board or "
                    "the projector."),
    "code": N_("Table code"),
    "go": N_("Go to the table"),
    "table_of": N_("Table {code}"),
    "name": N_("Your name at the table"),
    "name_help": N_("1-24 characters. Others at the table see it; a first name or a "
                    "nickname is enough."),
    "join": N_("Take a seat"),
    "seats_free": N_("Free seats: {free} of {seats}"),
    "waiting_note": N_("The game starts when every seat is taken, or when the teacher "
                       "starts it (bots then take the empty seats)."),
    "bad_name": N_("That name cannot be used: {reason}"),
    "unknown_title": N_("No table has this code"),
    "unknown_text": N_("No table has the code {code}. Check the code on the board and type "
                       "it again."),
    "move_title": N_("Move your seat"),
    "move_shown": N_("Your seat's one-time code. Type it on the other device:"),
    "move_help": N_("On the other device open {url} and type the code. It works once, for "
                    "{minutes} minutes; then this page stops and the seat plays there."),
    "move_label": N_("The code from your seat's page"),
    "move_hint": N_("Your seat's page shows it under \"Move your seat\"; the teacher can "
                    "give you one too."),
    "move_go": N_("Take my seat here"),
    "move_link": N_("Is your seat open on another device? Move it here"),
    "full_title": N_("This table is full"),
    "full_text": N_("Every seat at table {code} is taken. Ask the teacher for another "
                    "table."),
    "over_title": N_("This game is over"),
    "over_text": N_("The game at table {code} has ended. Ask the teacher for a new table."),
    "other_code": N_("Type another code"),
    "unavailable_title": N_("The tables are not running"),
    "unavailable_text": N_("This server does not run the tables now. Ask the teacher."),
    "error_title": N_("Something went wrong"),
    "error_text": N_("The server could not answer this request (HTTP {status}). Go back and "
                     "try again."),
    "xsrf_text": N_("This form has expired or did not come from this server. Reload the "
                    "page and send it again."),
    "too_large": N_("This request is too large."),
    # the teacher's token
    "teacher_only_title": N_("For the teacher only"),
    "teacher_only_text": N_("This page needs the teacher's link, which the server printed "
                            "when it started (Teacher's page: ...?token=...)."),
    # students making tables
    "new_title": N_("Make a new table"),
    "new_lead": N_("Make a table for your group, then share its code."),
    "new_closed_title": N_("Making tables is switched off"),
    "new_closed_text": N_("The teacher has not let students make tables. Ask the teacher "
                          "for a table's code."),
    "make": N_("Make the table"),
    "share_code": N_("Share this code with your group"),
    "share_lead": N_("Your group types this code at {link}, or opens the link:"),
    "join_own": N_("Take a seat at it yourself"),
    "start": N_("Start the game"),
    "start_note": N_("Start: bots take the seats nobody has taken."),
    "started": N_("The game has started."),
    # the teacher's page
    "teacher_title": N_("Tables: the teacher's page"),
    "create_title": N_("New table"),
    "game": N_("Game"),
    "seats": N_("Seats"),
    "bots": N_("Bots for the empty seats"),
    "decks": N_("Decks"),
    "chroniclers": N_("Chroniclers"),
    "chronicler": N_("With the Chronicler"),
    "lives": N_("Lives"),
    "rounds": N_("Liar rounds"),
    "create": N_("Create the table"),
    "students_make": N_("Let students make tables"),
    "live_title": N_("Every table, live"),
    "no_tables": N_("No tables yet."),
    "join_link": N_("Join link"),
    "qr_label": N_("QR code of the join link of table {code}"),
    "status_waiting": N_("waiting for players"),
    "status_playing": N_("playing"),
    "status_over": N_("over"),
    "players": N_("Players"),
    "to_act": N_("to act"),
    "connected": N_("connected"),
    "away": N_("away"),
    "bot": N_("bot"),
    "bot_plays": N_("played by the bot"),
    "bot_playing": N_("the bot is playing for them until they take the seat back"),
    "bot_in": N_("the bot plays for them in {n} s"),
    "free_seat": N_("free seat"),
    "pile": N_("Cards in the pile: {n}"),
    "cards": N_("cards: {n}"),
    "lives_of": N_("lives: {n}"),
    "last_calls": N_("Last calls"),
    "replay": N_("Replay"),
    "created_table": N_("Table {code} is ready."),
    "refused": N_("Refused: {reason}"),
    "offline": N_("The server does not answer; trying again."),
    "loopback": N_("This server listens on this computer only: phones cannot open these "
                   "links. Start it with make serve VOILA_IP=0.0.0.0."),
    "none": N_("none"),
    "colorful": N_("the Colorful"),
    "pale": N_("the Pale"),
    "both": N_("both"),
    # the replay
    "replay_title": N_("Replay of table {code}"),
    "replay_single": N_("Replay: a seeded game played by bots"),
    "replay_form": N_("Replay a seeded game (teacher mode)"),
    "seed": N_("Seed"),
    "bots_list": N_("Bots, one per seat (e.g. heuristic, expert, random)"),
    "whole_match": N_("The whole match (else one round or deal)"),
    "show": N_("Play it and show the replay"),
    "previous": N_("Previous"),
    "next": N_("Next"),
    "step": N_("Step"),
    "step_of": N_("Step {i} of {n}"),
    "deal": N_("The deal"),
    "true_hand": N_("Hand (true)"),
    "knew": N_("What {name} knew"),
    "knew_pile": N_("of the pile: {known} known of {n}"),
    "own_hand": N_("own hand"),
    "hidden": N_("hidden: {n}"),
    "true_pile": N_("The pile (true)"),
    "announced": N_("announced as {rank}"),
    "lie": N_("a lie"),
    "truth": N_("true"),
    "table_cards": N_("The table"),
    "out": N_("out"),
    "events": N_("What happened"),
    "no_replay": N_("Nothing to replay yet: the game has not started."),
    "keys": N_("Keys: left and right arrows step; Home and End go to the first and last."),
    "language": N_("Language"),
    "back_teacher": N_("Back to the teacher's page"),
    # the join page on the hub (no name typed: the hub user's)
    "join_as": N_("You join as {name}"),
    # the teacher's switch: its link on a line of its own (a long address wraps there)
    "students_make_at": N_("Their page for it:"),
}


def words(lang: str) -> dict[str, str]:
    """Every text of :data:`WORDS` in ``lang`` (en, hr, de)."""
    return {key: _(text, lang=lang) for key, text in WORDS.items()}
