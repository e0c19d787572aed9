// The projector's page (issue 22): poll the experiment's live JSON each second, draw the
// class's estimate with its 95% interval as it grows (SVG), the exact value as a line once
// the teacher shows it (issue 31: the class predicts first; the page starts without it).
(function () {
  "use strict";
  var root = document.getElementById("projector");
  var W = JSON.parse(document.getElementById("xwords").textContent);
  var key = root.dataset.key, lang = root.dataset.lang;
  var COLORS = ["#0b57d0", "#b3261e"];
  var SVG = "http://www.w3.org/2000/svg";
  var busy = false;
  var showExact = false, last = null;

  function fmt(v, digits) {
    return v === null || v === undefined ? "–" :
      Number(v).toLocaleString(lang, {minimumFractionDigits: digits, maximumFractionDigits: digits});
  }
  function whole(v) { return Number(v).toLocaleString(lang); }
  function el(name, attrs, parent) {
    var e = document.createElementNS(SVG, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function text(parent, x, y, s, anchor, size) {
    var t = el("text", {x: x, y: y, "text-anchor": anchor || "middle", "font-size": size || 14,
                        fill: "#1a1a1a"}, parent);
    t.textContent = s;
    return t;
  }
  // a round axis: the step (1, 2, 2.5 or 5 times a power of ten) and the top, about 4 steps
  function nice(max) {
    var raw = max / 4, p = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 2.5, 5, 10].map(function (m) { return m * p; })
      .filter(function (s) { return s >= raw; })[0];
    return {step: step, top: Math.ceil(max / step - 1e-9) * step};
  }
  function decimals(step) { return Math.max(0, -Math.floor(Math.log10(step) + 1e-9) + (String(step).indexOf("25") >= 0 ? 1 : 0)); }
  // the legend under the chart, in rows: an item that would pass the right edge (640) starts
  // a new row, and the picture grows to hold the rows (long German labels were cut off)
  function legend(svg, items) {
    var x = 70, dy = 0;
    items.forEach(function (it) {
      var t = text(svg, x + 28, 374, it.label, "start", 17);
      var width = Math.max(60, t.getComputedTextLength ? t.getComputedTextLength() : 80);
      if (x > 70 && x + 28 + width > 635) {
        x = 70; dy += 28;
        t.setAttribute("x", x + 28);
      }
      t.setAttribute("y", 374 + dy);
      if (it.line) el("line", {x1: x, y1: 368 + dy, x2: x + 22, y2: 368 + dy, stroke: it.color,
                               "stroke-width": 3, "stroke-dasharray": it.dash || ""}, svg);
      else el("rect", {x: x, y: 361 + dy, width: 22, height: 14, fill: it.fill || "none",
                       "fill-opacity": it.opacity || 1, stroke: it.stroke || "none", "stroke-width": 2}, svg);
      x += 28 + width + 22;
    });
    svg.setAttribute("viewBox", "0 0 640 " + (380 + dy));
  }
  function frame(box, title, alt) {
    var svg = el("svg", {viewBox: "0 0 640 380", role: "img", "aria-label": title + ". " + alt});
    box.replaceChildren(svg);
    return svg;
  }

  function lineChart(data) {
    var box = document.getElementById("chart");
    var svg = frame(box, W.chart_title, W.chart_alt);
    var L = 78, R = 625, T = 16, B = 290;
    var hist = data.history, series = data.pooled.series;
    var xmax = 1, ymax = 0.05;
    hist.forEach(function (h) { h.series.forEach(function (s) {
      xmax = Math.max(xmax, s.trials); if (s.trials) ymax = Math.max(ymax, s.high); }); });
    series.forEach(function (s) { if (showExact && s.exact !== null) ymax = Math.max(ymax, s.exact); });
    var ya = nice(Math.min(1, ymax * 1.1)), xa = nice(xmax);
    xa.step = Math.max(1, Math.round(xa.step));
    ymax = ya.top; xmax = Math.max(xa.top, 1);
    var X = function (v) { return L + (R - L) * v / xmax; };
    var Y = function (v) { return B - (B - T) * v / ymax; };
    el("line", {x1: L, y1: B, x2: R, y2: B, stroke: "#1a1a1a"}, svg);
    el("line", {x1: L, y1: T, x2: L, y2: B, stroke: "#1a1a1a"}, svg);
    for (var yv = 0; yv <= ymax + 1e-9; yv += ya.step) {
      el("line", {x1: L - 4, y1: Y(yv), x2: R, y2: Y(yv), stroke: "#d0d0d0"}, svg);
      text(svg, L - 8, Y(yv) + 5, fmt(yv, decimals(ya.step)), "end", 18);
    }
    for (var xv = 0; xv <= xmax + 1e-9; xv += xa.step)
      text(svg, X(xv), B + 20, whole(xv), xv + xa.step > xmax + 1e-9 && xv > 0 ? "end" : "middle", 18);
    text(svg, R, B + 42, W.trials, "end", 18);
    series.forEach(function (s, k) {
      var c = COLORS[k % COLORS.length];
      var pts = hist.map(function (h) { return h.series[k]; }).filter(function (p) { return p.trials; });
      if (pts.length) {
        var band = pts.map(function (p) { return X(p.trials) + "," + Y(p.high); })
          .concat(pts.slice().reverse().map(function (p) { return X(p.trials) + "," + Y(p.low); }));
        if (pts.length === 1) band = [X(0) + "," + Y(pts[0].high), X(pts[0].trials) + "," + Y(pts[0].high),
                                      X(pts[0].trials) + "," + Y(pts[0].low), X(0) + "," + Y(pts[0].low)];
        el("polygon", {points: band.join(" "), fill: c, "fill-opacity": 0.18, stroke: "none"}, svg);
        el("polyline", {points: pts.map(function (p) { return X(p.trials) + "," + Y(p.estimate); }).join(" "),
                        fill: "none", stroke: c, "stroke-width": 3}, svg);
        var last = pts[pts.length - 1];
        el("circle", {cx: X(last.trials), cy: Y(last.estimate), r: 5, fill: c}, svg);
      }
      if (showExact && s.exact !== null) {
        el("line", {x1: L, y1: Y(s.exact), x2: R, y2: Y(s.exact), stroke: "#1a1a1a",
                    "stroke-width": 2, "stroke-dasharray": "8 6"}, svg);
        text(svg, R, Y(s.exact) - 6, W.exact + " " + fmt(s.exact, 4), "end", 18);
      }
    });
    var items = series.length > 1 ? series.map(function (s, k) {
      return {line: true, color: COLORS[k], label: W["series_" + key + "_" + k]}; }) :
      [{line: true, color: COLORS[0], label: W.estimate}];
    items.push({fill: COLORS[0], opacity: 0.18, label: W.interval});
    if (showExact && series.some(function (s) { return s.exact !== null; }))
      items.push({line: true, color: "#1a1a1a", dash: "8 6", label: W.exact});
    legend(svg, items);
  }

  function histogram(data) {
    var box = document.getElementById("hist");
    if (!box) return;
    var svg = frame(box, W.hist_title, W.hist_alt);
    var L = 78, R = 625, T = 16, B = 290;
    var exact = {}, mine = {}, total = 0;
    data.pooled.exact_histogram.forEach(function (p) { exact[p[0]] = p[1]; });
    data.pooled.histogram.forEach(function (p) { mine[p[0]] = p[1]; total += p[1]; });
    var scores = Object.keys(exact).map(Number).filter(function (s) { return s > 0; })
      .sort(function (a, b) { return a - b; });
    var ymax = 0.01;
    scores.forEach(function (s) { ymax = Math.max(ymax, showExact ? exact[s] : 0, total ? (mine[s] || 0) / total : 0); });
    var ya = nice(ymax * 1.1);
    ymax = ya.top;
    var bw = (R - L) / scores.length;
    var Y = function (v) { return B - (B - T) * v / ymax; };
    el("line", {x1: L, y1: B, x2: R, y2: B, stroke: "#1a1a1a"}, svg);
    for (var yv = 0; yv <= ymax + 1e-9; yv += ya.step) {
      el("line", {x1: L - 4, y1: Y(yv), x2: R, y2: Y(yv), stroke: "#d0d0d0"}, svg);
      text(svg, L - 8, Y(yv) + 5, fmt(yv, decimals(ya.step)), "end", 18);
    }
    scores.forEach(function (s, i) {
      var x = L + i * bw;
      var share = total ? (mine[s] || 0) / total : 0;
      el("rect", {x: x + 3, y: Y(share), width: bw - 6, height: B - Y(share), fill: COLORS[1]}, svg);
      if (showExact)
        el("rect", {x: x + 3, y: Y(exact[s]), width: bw - 6, height: B - Y(exact[s]), fill: "none",
                    stroke: "#1a1a1a", "stroke-width": 2}, svg);
      text(svg, x + bw / 2, B + 20, fmt(s, s % 1 ? 1 : 0), "middle", 17);
    });
    text(svg, R, B + 42, W.score, "end", 18);
    legend(svg, showExact ? [{fill: COLORS[1], label: W.estimate}, {stroke: "#1a1a1a", label: W.exact}]
                          : [{fill: COLORS[1], label: W.estimate}]);
  }

  function summary(data) {
    var p = data.pooled;
    var students = data.run ? data.run.students : 0;
    var form = W["students_" + new Intl.PluralRules(lang).select(students)] || W.students_other;
    document.getElementById("students").textContent = form.replace("{n}", whole(students));
    var rows = document.getElementById("rows");
    rows.replaceChildren();
    p.series.forEach(function (s, k) {
      var li = document.createElement("li");
      var sw = document.createElement("span");
      sw.className = "swatch"; sw.style.background = COLORS[k % COLORS.length];
      li.appendChild(sw);
      var words = W.row.replace("{label}", W["series_" + key + "_" + k])
        .replace("{estimate}", fmt(s.estimate, 4)).replace("{low}", fmt(s.trials ? s.low : null, 4))
        .replace("{high}", fmt(s.trials ? s.high : null, 4)).replace("{trials}", whole(s.trials));
      if (showExact && s.exact !== null) words += "; " + W.row_exact.replace("{exact}", fmt(s.exact, 4) + " (" + s.exact_text + ")");
      li.appendChild(document.createTextNode(words));
      rows.appendChild(li);
    });
    var verdict = document.getElementById("verdict");
    if (!p.shares) verdict.textContent = W.no_results;
    else if (p.series.length > 1) verdict.textContent = p.separated ? W.separated : W.overlap;
    else verdict.textContent = "";
    var status = document.getElementById("run-status");
    status.textContent = data.run === null ? W.never : (data.open ? W.is_open : W.is_closed) +
      " " + W.shares.replace("{n}", whole(p.shares)).replace("{seeds}", whole(data.run.seeds));
    document.getElementById("open-button").disabled = false;
    document.getElementById("close-button").disabled = !data.open;
    document.getElementById("updated").textContent = W.updated.replace("{time}", new Date().toLocaleTimeString(lang));
    root.dataset.shares = p.shares;
    root.dataset.trials = p.series.map(function (s) { return s.trials; }).join(",");
  }

  function draw() {
    if (!last) return;
    var button = document.getElementById("exact-button");
    button.hidden = !last.pooled.series.some(function (s) { return s.exact !== null; });
    button.textContent = showExact ? W.hide_exact : W.show_exact;
    button.setAttribute("aria-pressed", showExact ? "true" : "false");
    lineChart(last); histogram(last); summary(last);
  }

  function poll() {
    if (busy) return;
    busy = true;
    fetch(root.dataset.live, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) { last = data; draw(); })
      .catch(function () { document.getElementById("updated").textContent = W.offline; })
      .then(function () { busy = false; });
  }

  function post(url, body) {
    var form = new URLSearchParams(body || {});
    form.set("_xsrf", root.dataset.xsrf);
    return fetch(url + "?lang=" + lang, {method: "POST", credentials: "same-origin", body: form})
      .then(function (r) { return r.json(); })
      .then(function (d) {
        if (d.error) document.getElementById("run-status").textContent = d.error;
        poll();
      });
  }

  document.getElementById("open-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    post(root.dataset.open, {n: document.getElementById("n").value});
  });
  document.getElementById("exact-button").addEventListener("click", function () {
    showExact = !showExact;
    draw();
  });
  document.getElementById("close-button").addEventListener("click", function () {
    post(root.dataset.close);
  });
  poll();
  setInterval(poll, 1000);
})();
