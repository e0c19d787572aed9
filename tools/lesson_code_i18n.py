"""The texts a lesson's code cell shows, as messages, and their safe substitution.

A code cell stays the same program in every language; only what it *shows* is
translated, in the built copies (``lessons/<lang>/``), never in the English source:

* string literals meant for display: the arguments of ``print``; the texts of plot
  titles, axis labels, tick labels, legends (``set_title``, ``set_xlabel``,
  ``set_ylabel``, ``suptitle``, ``set_xticks(ticks, labels)`` ...); keyword arguments
  ``label=``, ``alt=``, ``title=``, ``xlabel=``, ``ylabel=``, ``caption=``, ``name=``;
  inside those, the parts of ``+``, ``" ".join(...)``, comprehensions and ``x if c else y``;
* comments (but not ``NBVAL_*``, ``noqa``, ``type:`` markers).

One literal is one message, even when Python joins several adjacent string tokens
(``"a " "b"``) into it; its text is the source between the quotes, so an f-string's
placeholders appear as written (``{p0.iloc[0]:.3f}``) and a translator keeps them.
Dict keys, column names, ``exercise("...")`` keys and other strings the program
uses as data are never messages.

:func:`translate_code` replaces each message's tokens by one token of the same kind
(tokenize positions, so everything else stays byte for byte), and refuses a
translation that would change the program: the new token must parse to a literal
of the same kind with the same placeholders (one that only makes an English plural,
such as ``{'s' if n != 8 else ''}``, may be left out), and the whole cell's AST must
equal the source's apart from string constants (:func:`same_program`).

>>> src = 'x = 2\\nprint(f"{x} cards", "left")  # how many\\nd = {"key": 1}\\n'
>>> [(m.kind, m.text) for m in code_messages(src)]
[('string', '{x} cards'), ('string', 'left'), ('comment', 'how many')]
>>> out, refused = translate_code(src, {"{x} cards": "{x} Karten", "how many": "wie viele"})
>>> print(out, end="")
x = 2
print(f"{x} Karten", "left")  # wie viele
d = {"key": 1}
>>> translate_code(src, {"{x} cards": "{y} Karten"})[1]
['{x} cards']
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import Counter
from dataclasses import dataclass

__all__ = ["CodeMessage", "code_messages", "placeholders", "same_program", "translate_code"]

#: Methods whose positional string arguments are shown (matplotlib and the like).
TEXT_METHODS = frozenset({"set_title", "set_xlabel", "set_ylabel", "suptitle", "set_label",
                          "set_text", "text", "annotate", "title", "xlabel", "ylabel",
                          "set_xticklabels", "set_yticklabels", "set_xticks", "set_yticks"})
#: Keyword arguments whose string value is shown.
TEXT_KEYWORDS = frozenset({"label", "alt", "title", "xlabel", "ylabel", "caption", "name"})
#: Comments that are instructions to a tool, not text for a reader.
TOOL_COMMENT = re.compile(r"^\s*(NBVAL_|noqa|type:|pragma|fmt:|!)")
_PREFIX = re.compile(r"^([A-Za-z]*)('''|\"\"\"|'|\")")


@dataclass(frozen=True)
class CodeMessage:
    """One text of a code cell: ``kind`` "string" or "comment", ``text`` its msgid,
    ``start``/``end`` its character offsets in the cell's source."""

    kind: str
    text: str
    start: int
    end: int


def _offsets(source: str) -> list[int]:
    """The character offset where each line (1-based) starts."""
    starts = [0, 0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _display_nodes(tree: ast.AST) -> list[ast.expr]:
    """The string literals of ``tree`` that are shown to the reader (module docstring)."""
    found: list[ast.expr] = []

    def collect(e: ast.expr | None) -> None:
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            if re.search(r"[^\W\d_]", e.value):
                found.append(e)
        elif isinstance(e, ast.JoinedStr):
            if any(isinstance(v, ast.Constant) and re.search(r"[^\W\d_]", v.value)
                   for v in e.values):      # not a bare number such as f"{s:g}"
                found.append(e)
        elif isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
            collect(e.left)
            collect(e.right)
        elif isinstance(e, ast.IfExp):
            collect(e.body)
            collect(e.orelse)
        elif isinstance(e, (ast.List, ast.Tuple)):
            for elt in e.elts:
                collect(elt)
        elif isinstance(e, (ast.GeneratorExp, ast.ListComp)):
            collect(e.elt)
        elif isinstance(e, ast.Starred):
            collect(e.value)
        elif (isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute)
              and e.func.attr == "join"):
            for arg in e.args:          # the separator (func.value) is not text
                collect(arg)

    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "print":
            for arg in node.args:
                collect(arg)
        elif isinstance(func, ast.Attribute) and func.attr in TEXT_METHODS:
            args = node.args[1:] if func.attr in ("set_xticks", "set_yticks") else node.args
            for arg in args:
                collect(arg)
        for kw in node.keywords:
            if kw.arg in TEXT_KEYWORDS:
                collect(kw.value)
    unique = {id(n): n for n in found}
    return sorted(unique.values(), key=lambda n: (n.lineno, n.col_offset))


def _split(token: str) -> tuple[str, str, str]:
    """(prefix, quote, body) of one string token."""
    m = _PREFIX.match(token)
    if not m:
        raise ValueError(f"not a string token: {token!r}")
    prefix, quote = m.group(1), m.group(2)
    return prefix, quote, token[len(prefix) + len(quote):len(token) - len(quote)]


def _literal_tokens(source: str) -> list[tuple[int, int, str]]:
    """Every STRING token of ``source``: (start, end, text) in characters."""
    lines = _offsets(source)
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING:
            out.append((lines[tok.start[0]] + tok.start[1], lines[tok.end[0]] + tok.end[1],
                        tok.string))
    return out


def _node_span(source: str, node: ast.expr) -> tuple[int, int]:
    """The character span of ``node`` (ast counts columns in UTF-8 bytes)."""
    lines = source.splitlines(keepends=True)
    starts = _offsets(source)

    def char(line: int, col: int) -> int:
        return starts[line] + len(lines[line - 1].encode("utf-8")[:col].decode("utf-8"))

    assert node.end_lineno is not None and node.end_col_offset is not None
    return char(node.lineno, node.col_offset), char(node.end_lineno, node.end_col_offset)


def _message_text(tokens: list[str]) -> str | None:
    """The msgid of one literal made of ``tokens``, or None if it is not a plain text
    (bytes, a multi-line body, raw mixed with non-raw)."""
    parts = [_split(t) for t in tokens]
    prefixes = [p.lower() for p, _, _ in parts]
    if any("b" in p for p in prefixes) or len({"r" in p for p in prefixes}) > 1:
        return None
    formatted = any("f" in p for p in prefixes)
    body = ""
    for prefix, _, text in parts:
        if "\n" in text:
            return None
        body += text if "f" in prefix or not formatted else text.replace("{", "{{").replace("}", "}}")
    return body


def code_messages(source: str) -> list[CodeMessage]:
    """The display strings and comments of one code cell, in source order."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []          # an IPython magic cell: nothing to translate
    tokens = _literal_tokens(source)
    out = []
    for node in _display_nodes(tree):
        start, end = _node_span(source, node)
        run = [t for t in tokens if start <= t[0] and t[1] <= end]
        text = _message_text([t[2] for t in run]) if run else None
        if text is not None and text.strip():
            out.append(CodeMessage("string", text, run[0][0], run[-1][1]))
    lines = _offsets(source)
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            text = tok.string[1:].strip()
            if text and not TOOL_COMMENT.match(text) and re.search(r"[^\W\d_]", text):
                start = lines[tok.start[0]] + tok.start[1]
                out.append(CodeMessage("comment", text, start, start + len(tok.string)))
    return sorted(out, key=lambda m: m.start)


def _inflection(node: ast.FormattedValue) -> bool:
    """A placeholder that only picks between constant strings (an English plural 's')."""
    def constant(e: ast.expr) -> bool:
        return isinstance(e, ast.Constant) and isinstance(e.value, str)
    v = node.value
    return isinstance(v, ast.IfExp) and constant(v.body) and constant(v.orelse)


def placeholders(literal: ast.expr) -> Counter[str]:
    """The placeholders of an f-string literal (each dumped, counted); none for a plain string."""
    if not isinstance(literal, ast.JoinedStr):
        return Counter()
    return Counter(ast.dump(v) for v in literal.values if isinstance(v, ast.FormattedValue))


def _check_literal(old: str, new: str) -> bool:
    """``new`` (one token) is a literal of ``old``'s kind with ``old``'s placeholders, of
    which it may leave out only English inflections."""
    try:
        a = ast.parse("(" + old + ")", mode="eval").body
        b = ast.parse(new, mode="eval").body
    except SyntaxError:
        return False
    if type(a) is not type(b) or not isinstance(b, (ast.Constant, ast.JoinedStr)):
        return False
    if isinstance(b, ast.Constant) and not isinstance(b.value, str):
        return False
    pa, pb = placeholders(a), placeholders(b)
    if pb - pa:                     # a placeholder the source does not have
        return False
    dropped = pa - pb
    optional = Counter(ast.dump(v) for v in getattr(a, "values", ())
                       if isinstance(v, ast.FormattedValue) and _inflection(v))
    return not (dropped - optional)


def _new_token(tokens: str, translation: str) -> str | None:
    """One string token saying ``translation``, in the kind of the source's literal."""
    if "\n" in translation or "\r" in translation:
        return None
    first = _literal_tokens("(" + tokens + ")")
    parts = [_split(t[2]) for t in first]
    formatted = any("f" in p.lower() for p, _, _ in parts)
    raw = all("r" in p.lower() for p, _, _ in parts)
    quote = parts[0][1]
    body = translation
    if not raw and len(quote) == 1:
        body = re.sub(r'(?<!\\)((?:\\\\)*)' + re.escape(quote), lambda m: m.group(1) + "\\" + quote, body)
    token = ("f" if formatted else "") + ("r" if raw else "") + quote + body + quote
    return token if _check_literal(tokens, token) else None


def _normalized(tree: ast.AST) -> str:
    """``tree`` dumped with every string constant emptied and every f-string reduced to
    its kind (the placeholders are checked literal by literal)."""
    class Strip(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.AST:
            return ast.Constant(value="") if isinstance(node.value, str) else node

        def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
            return ast.JoinedStr(values=[])

    return ast.dump(Strip().visit(tree), include_attributes=False)


def same_program(a: str, b: str) -> bool:
    """Whether code ``a`` and ``b`` are one program apart from their string constants."""
    try:
        return _normalized(ast.parse(a)) == _normalized(ast.parse(b))
    except SyntaxError:
        return a == b


def translate_code(source: str, translations: dict[str, str]) -> tuple[str, list[str]]:
    """``source`` with each message's translation substituted (missing: English);
    also the msgids whose translation was refused because it would change the code."""
    refused: list[str] = []
    out, last = [], 0
    for m in code_messages(source):
        new = translations.get(m.text) or ""
        if not new or new == m.text:
            continue
        if m.kind == "comment":
            token = source[m.start:m.end]
            lead = token[:len(token) - len(token[1:].lstrip())]
            replacement: str | None = None if "\n" in new else lead + new.strip()
        else:
            replacement = _new_token(source[m.start:m.end], new)
        if replacement is None:
            refused.append(m.text)
            continue
        out.append(source[last:m.start] + replacement)
        last = m.end
    result = "".join(out) + source[last:]
    if not same_program(source, result):       # never expected: each token was checked
        raise ValueError("a translated code cell is no longer the same program")
    return result, refused
