// The teacher's page: create tables, start them, the students' switch, every table live.
// Names typed by students are only ever put in the page as text (textContent).
(() => {
  "use strict";
  const W = JSON.parse(document.getElementById("words").textContent);
  const box = document.getElementById("tables");
  const api = box.dataset.api, base = box.dataset.base, xsrf = box.dataset.xsrf;
  const lang = box.dataset.lang;
  const live = document.getElementById("live-status");
  const fmt = (text, args) => text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const post = (url, data) => {
    data.set("_xsrf", xsrf);
    return fetch(url, {method: "POST", body: data, credentials: "same-origin",
                       headers: {"X-XSRFToken": xsrf}}).then(r => r.json().then(j => [r.ok, j]));
  };

  // the create form: the fields of the chosen game only
  const form = document.getElementById("create-form");
  const game = document.getElementById("game");
  const showFields = () => {
    form.querySelectorAll("[data-game]").forEach(e => {
      e.hidden = e.dataset.game !== game.value;
    });
    document.getElementById("seats").max = game.value === "liar" ? 8 : 9;
  };
  game.addEventListener("change", showFields);
  showFields();
  const result = document.getElementById("create-result");
  form.addEventListener("submit", ev => {
    ev.preventDefault();
    const data = new FormData(form);
    form.querySelectorAll("[data-game]").forEach(e => {
      if (!e.hidden) return;
      [e, ...e.querySelectorAll("[name]")].forEach(f => { if (f.name) data.delete(f.name); });
    });
    post(form.action, data).then(([ok, j]) => {
      result.textContent = ok ? j.message : j.error;
      result.className = ok ? "" : "error";
      refresh();
    }).catch(() => { result.textContent = W.offline; result.className = "error"; });
  });

  const sw = document.getElementById("students-make");
  sw.addEventListener("change", () => {
    const data = new FormData();
    data.set("students_make", sw.checked ? "1" : "0");
    post(document.getElementById("settings-form").action, data)
      .then(([ok, j]) => { if (ok) sw.checked = j.students_make; });
  });

  const statusWord = s => W["status_" + s] || s;

  function card(t) {
    const a = el("article", "table");
    a.id = "t-" + t.code;
    a.dataset.code = t.code;
    const head = el("div", "head");
    const h = el("h3");
    h.id = "h-" + t.code;
    h.appendChild(el("span", "code", t.code));
    h.appendChild(el("span", "game", " " + (W["game_" + t.game] || t.game)));
    head.appendChild(h);
    head.appendChild(el("span", "status"));
    a.appendChild(head);
    a.setAttribute("aria-labelledby", h.id);
    const body = el("div", "body");
    const join = el("div", "join");
    const img = el("img", "qr");
    img.src = t.qr;
    img.alt = fmt(W.qr_label, {code: t.code});
    join.appendChild(img);
    body.appendChild(join);
    const info = el("div", "info");
    const link = el("a", "link");
    link.href = t.join_url;
    // a line may break after each "/", "?", "&" (<wbr>), not inside a word
    for (const part of t.join_url.split(/(?<=[/?&])/)) {
      link.appendChild(document.createTextNode(part));
      link.appendChild(document.createElement("wbr"));
    }
    info.appendChild(link);
    info.appendChild(el("ul", "players"));
    info.appendChild(el("p", "pile"));
    info.appendChild(el("p", "calls"));
    const moved = el("p", "move-code");          // a seat's one-time code (issue 29)
    moved.setAttribute("aria-live", "polite");
    info.appendChild(moved);
    const actions = el("div", "actions");
    const start = el("button", "start", W.start);
    start.type = "button";
    start.addEventListener("click", () => {
      start.disabled = true;
      post(base + "tables/api/tables/" + t.code + "/start?lang=" + lang, new FormData())
        .then(([ok, j]) => { if (!ok) live.textContent = j.error; refresh(); });
    });
    actions.appendChild(start);
    const replay = el("a", "button replay", W.replay);
    replay.href = t.replay;
    actions.appendChild(replay);
    info.appendChild(actions);
    body.appendChild(info);
    a.appendChild(body);
    return a;
  }

  function update(a, t) {
    const st = a.querySelector(".status");
    st.textContent = statusWord(t.status);
    st.className = "status " + t.status;
    const ul = a.querySelector(".players");
    ul.replaceChildren();
    t.players.forEach((p, i) => {
      const li = el("li", t.to_act === i ? "to-act" : "");
      if (!p || !p.name) {
        li.appendChild(el("span", "free", W.free_seat));
      } else {
        // one naming of the seats (issue 29): "Player 2 (Ana)", "Player 3 (heuristic bot)"
        li.appendChild(el("span", "name", p.title || p.name));
        if (p.kind === "bot") li.appendChild(el("span", "tag bot", W.bot));
        else if (p.played_by_bot) li.appendChild(el("span", "tag bot", W.bot_playing));
        else li.appendChild(el("span", p.connected ? "tag" : "tag away", p.connected ? W.connected : W.away));
        // the countdown the student's page shows before the bot plays for them
        if (p.kind !== "bot" && typeof p.bot_in === "number")
          li.appendChild(el("span", "tag countdown", fmt(W.bot_in, {n: Math.ceil(p.bot_in)})));
        // a student's seat moves to another device with a one-time code (issue 29)
        if (p.kind === "student" && t.status !== "over") {
          const move = el("button", "move", W.move_button);
          move.type = "button";
          move.addEventListener("click", () => {
            post(base + "tables/api/tables/" + t.code + "/move/" + i + "?lang=" + lang,
                 new FormData()).then(([ok, j]) => {
              const out = a.querySelector(".move-code");
              out.textContent = ok ? fmt(W.move_code_for, {name: p.name, code: j.move_code})
                                   : j.error;
              setTimeout(() => { out.textContent = ""; }, 60000);
            });
          });
          li.appendChild(move);
        }
        if (t.game === "liar" && t.hand_sizes.length > i)
          li.appendChild(el("span", "tag", fmt(W.cards, {n: t.hand_sizes[i]})));
        if (t.game !== "liar" && t.lives.length > i)
          li.appendChild(el("span", "tag", fmt(W.lives_of, {n: t.lives[i]})));
      }
      ul.appendChild(li);
    });
    const named = t.players.filter(p => p && p.name).length;
    if (t.status === "waiting" && t.free > 0 && named + t.free > t.players.length)
      ul.appendChild(el("li", "free", W.free_seat + " × " + t.free));
    a.querySelector(".pile").textContent =
      t.game === "liar" && t.pile_size !== null && t.pile_size !== undefined ? fmt(W.pile, {n: t.pile_size}) : "";
    a.querySelector(".calls").textContent =
      t.last_calls.length ? (t.calls_title || W.last_calls) + ": " + t.last_calls.join(" · ") : "";
    a.querySelector(".start").hidden = t.status !== "waiting";
    a.querySelector(".replay").hidden = t.status === "waiting";
  }

  let failing = false;
  function refresh() {
    return fetch(api, {credentials: "same-origin", cache: "no-store"})
      .then(r => { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(j => {
        if (failing) live.textContent = "";
        failing = false;
        sw.checked = j.students_make;
        const seen = new Set();
        j.tables.forEach(t => {
          seen.add(t.code);
          let a = document.getElementById("t-" + t.code);
          if (!a) { a = card(t); box.appendChild(a); }
          update(a, t);
        });
        box.querySelectorAll("article.table").forEach(a => { if (!seen.has(a.dataset.code)) a.remove(); });
        document.getElementById("no-tables").hidden = j.tables.length > 0;
      })
      .catch(() => { failing = true; live.textContent = W.offline; });
  }
  refresh();
  setInterval(refresh, 1000);
})();
