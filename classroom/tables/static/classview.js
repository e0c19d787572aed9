// The teacher's class view: polls the class's checks every second (POLL_MS) and draws them.
// Answers and names typed by students are only ever put in the page as text (textContent).
(() => {
  "use strict";
  const W = JSON.parse(document.getElementById("words").textContent);
  const box = document.getElementById("class-view");
  const api = box.dataset.api, poll = Number(box.dataset.poll) || 1000;
  const status = document.getElementById("class-status");
  const count = document.getElementById("class-count");
  const fmt = (text, args) => text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  };

  function exercise(ex) {
    const a = el("article", "exercise");
    a.id = "ex-" + ex.exercise;
    a.dataset.exercise = ex.exercise;
    const h = el("h3", "", ex.number === null ? ex.exercise : fmt(W.class_exercise, {number: ex.number}));
    h.id = "h-" + ex.exercise;
    a.setAttribute("aria-labelledby", h.id);
    a.appendChild(h);
    if (ex.number !== null) a.appendChild(el("p", "question", ex.question));
    if (ex.varies) a.appendChild(el("p", "varies", W.class_varies));
    const nums = el("ul", "numbers");
    const tried = el("li", "tried", fmt(W.class_tried, {n: ex.tried}));
    const solved = el("li", "solved", fmt(W.class_solved, {n: ex.solved}));
    nums.append(tried, solved);
    a.appendChild(nums);
    const tries = Object.entries(ex.tries_to_solve);
    if (tries.length) {
      const parts = tries.map(([k, n]) => fmt(k === "1" ? W.class_one_try : W.class_tries, {k, n}));
      a.appendChild(el("p", "after", W.class_after + ": " + parts.join(" · ")));
    }
    if (ex.wrong.length) {
      a.appendChild(el("h4", "", W.class_wrong));
      const ul = el("ul", "groups");
      for (const g of ex.wrong) {
        const li = el("li", "group");
        li.dataset.hint = g.hint;
        // how many first, then what the mistake is (a count at a long label's end was lost)
        li.appendChild(el("span", "n", g.count + "×"));
        li.appendChild(el("span", "label", g.label));
        // an exercise drawn in variants: the other wrong answers beside that variant's question
        if (g.question !== undefined) li.appendChild(el("span", "variant", fmt(W.class_for, {question: g.question})));
        const answers = g.answers.map(([text, n]) => `${text || "∅"} (${n})`).join(", ");
        li.appendChild(el("span", "answers", answers));
        ul.appendChild(li);
      }
      a.appendChild(ul);
    }
    const names = ex.stuck.slice();
    if (ex.stuck_anonymous) names.push(fmt(W.class_anonymous, {n: ex.stuck_anonymous}));
    const stuck = el("p", "stuck" + (names.length ? " some" : ""),
                     W.class_stuck + ": " + (names.length ? names.join(", ") : W.class_nobody_stuck));
    a.appendChild(stuck);
    // each student: variant and last answer (names and answers as text only)
    if (ex.students && ex.students.length) {
      const d = el("details", "students");
      d.appendChild(el("summary", "", W.class_students_list));
      const ul = el("ul", "students");
      for (const st of ex.students) {
        const li = el("li", st.solved ? "student solved" : "student");
        const variant = st.variant === null ? W.class_default : fmt(W.class_variant, {code: st.variant});
        li.textContent = `${st.name || W.class_no_name} · ${variant} · ${st.answer || "∅"}` +
          (st.solved ? ` ✔ ${W.class_solved_mark}` : "");
        ul.appendChild(li);
      }
      d.appendChild(ul);
      a.appendChild(d);
    }
    return a;
  }

  function draw(data) {
    count.textContent = fmt(W.class_students, {n: data.students});
    const frag = document.createDocumentFragment();
    if (!data.lessons.length) frag.appendChild(el("p", "empty", W.class_none));
    for (const lesson of data.lessons) {
      const s = el("section", "lesson");
      const h = el("h2", "", fmt(W.class_lesson, {lesson: Number(lesson.lesson) || lesson.lesson}));
      h.id = "lesson-" + lesson.lesson;
      s.setAttribute("aria-labelledby", h.id);
      s.appendChild(h);
      const grid = el("div", "exercises");
      lesson.exercises.forEach(ex => grid.appendChild(exercise(ex)));
      s.appendChild(grid);
      frag.appendChild(s);
    }
    box.replaceChildren(frag);
  }

  let timer = null;
  function refresh() {
    fetch(api, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(r => { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(data => { draw(data); status.textContent = ""; box.dataset.updated = String(Date.now()); })
      .catch(() => { status.textContent = W.offline; })
      .finally(() => { timer = setTimeout(refresh, poll); });
  }
  refresh();
  window.addEventListener("pagehide", () => clearTimeout(timer));
})();
