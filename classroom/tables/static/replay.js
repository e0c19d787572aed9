// The teacher's replay: every hand, step by step, beside what each seat knew then.
(() => {
  "use strict";
  const W = JSON.parse(document.getElementById("words").textContent);
  const R = JSON.parse(document.getElementById("replay-data").textContent);
  const CARDS = JSON.parse(document.getElementById("card-pictures").textContent);
  const slider = document.getElementById("step");
  const out = document.getElementById("replay");
  const text = document.getElementById("step-text");
  const fmt = (t, a) => t.replace(/\{(\w+)\}/g, (m, k) => (k in a ? String(a[k]) : m));
  const el = (tag, cls, txt) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (txt !== undefined) e.textContent = txt;
    return e;
  };
  // the card drawings come from the server (cardgames.render), never from a student
  const cards = (codes, backs) => {
    const d = el("div", "cards");
    d.innerHTML = codes.map(c => CARDS[c] || "").join("") + CARDS.back.repeat(backs || 0);
    d.dataset.cards = codes.join(" ");
    return d;
  };
  const n = R.steps.length;
  // one naming of the seats (issue 29): "Player 2 (Ana)", as the events and every page say
  const who = p => (R.titles && R.titles[p]) || (p + " · " + R.names[p]);
  slider.max = String(Math.max(n - 1, 0));
  slider.setAttribute("aria-valuetext", "");

  function show(i) {
    i = Math.max(0, Math.min(n - 1, i));
    slider.value = String(i);
    const s = R.steps[i];
    const what = s.action === null ? W.deal : s.action;
    const label = fmt(W.step_of, {i: i + 1, n: n}) + ": " + what;
    text.textContent = label;
    slider.setAttribute("aria-valuetext", label);
    document.getElementById("prev").disabled = i === 0;
    document.getElementById("next").disabled = i === n - 1;
    out.replaceChildren();
    if (s.said.length) {
      const ul = el("ul", "said");
      ul.setAttribute("aria-label", W.events);
      s.said.forEach(t => ul.appendChild(el("li", "", t)));
      out.appendChild(ul);
    }
    if (R.game === "liar") {
      const pile = el("section", "box pile-true");
      pile.appendChild(el("h3", "", W.true_pile));
      pile.appendChild(el("p", "pile-count", fmt(W.pile, {n: s.pile.reduce((t, p) => t + p.cards.length, 0)})));
      s.pile.forEach(p => {
        const d = el("div", "pile-play" + (p.true ? "" : " lie"));
        d.appendChild(cards(p.cards));
        d.appendChild(el("span", "", who(p.player) + ": " + fmt(W.announced, {rank: p.announced})
                                    + " (" + (p.true ? W.truth : W.lie) + ")"));
        pile.appendChild(d);
      });
      out.appendChild(pile);
    } else {
      const table = el("section", "box table-true");
      table.appendChild(el("h3", "", W.table_cards));
      table.appendChild(cards(s.table));
      out.appendChild(table);
    }
    R.names.forEach((name, p) => {
      const sec = el("section", "seat" + (s.to_act === p ? " to-act" : ""));
      sec.id = "seat-" + p;
      let head = who(p);
      if (s.to_act === p) head += " (" + W.to_act + ")";
      if (R.game !== "liar" && s.lives.length) head += " · " + fmt(W.lives_of, {n: s.lives[p]})
                                                   + (s.out[p] ? " · " + W.out : "");
      sec.appendChild(el("h3", "", head));
      const truth = el("div", "truth");
      truth.appendChild(el("p", "", W.true_hand));
      const hand = cards(s.hands[p]);
      hand.classList.add("true-hand");
      truth.appendChild(hand);
      sec.appendChild(truth);
      const knew = el("div", "knew");
      knew.appendChild(el("p", "", fmt(W.knew, {name: who(p)})));
      const k = s.knew[p];
      knew.appendChild(el("p", "other", W.own_hand + ": " + (s.hands[p].join(" ") || "—")));
      k.others.forEach(o => {
        const row = el("div", "other");
        row.appendChild(el("span", "", who(o.seat) + ": "
                            + (o.hidden ? fmt(W.hidden, {n: o.hidden}) : "")));
        const c = cards(o.known, o.hidden);
        c.classList.add("known");
        row.appendChild(c);
        knew.appendChild(row);
      });
      if (R.game === "liar")
        knew.appendChild(el("p", "other", fmt(W.knew_pile, {known: k.pile_known.length, n: k.pile_size})
                              + (k.pile_known.length ? ": " + k.pile_known.join(" ") : "")));
      sec.appendChild(knew);
      out.appendChild(sec);
    });
  }
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("prev").addEventListener("click", () => show(Number(slider.value) - 1));
  document.getElementById("next").addEventListener("click", () => show(Number(slider.value) + 1));
  document.addEventListener("keydown", ev => {
    if (ev.target === slider || ev.altKey || ev.ctrlKey || ev.metaKey) return;  // the slider steps itself
    const i = Number(slider.value);
    const to = {ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: n - 1}[ev.key];
    if (to !== undefined && !(ev.target instanceof HTMLInputElement)) { ev.preventDefault(); show(to); }
  });
  show(0);
})();
