// budget-chat charts and tables in the browser: Frappe charts drawn from each figure's
// data-chart (horizontal bars are plain HTML), chart pictures as SVG/PNG, tables sorted
// by column. Plain ES2020, no build step, no inline anything (CSP `default-src 'self'`).
// Loaded (defer) after frappe-charts.min.umd.js and page.js (its DOM helpers), before
// app.js, which has the chat.
// Numbers are formatted by the server (views/ChartFigure.tsx `data-display`: money, month
// labels), except the y-axis ticks, which Frappe works out from the plot's height: those
// are written here in the chart's currency with thousands as "k" (`CHF 3k`).
(function () {
  "use strict";

  var within = window.budgetChat.within;
  // ---------------------------------------------------------------- charts
  var FRAPPE_TYPES = { bar: "bar", grouped_bar: "bar", line: "line", pie: "pie" };

  function palette() {
    var css = getComputedStyle(document.documentElement);
    var colors = [];
    for (var i = 0; i < 8; i++) {
      var c = css.getPropertyValue("--c" + i).trim();
      if (c) colors.push(c);
    }
    return colors.length ? colors : ["#3b82f6", "#f59e0b", "#10b981", "#ef4444", "#8b5cf6", "#06b6d4", "#ec4899", "#84cc16"];
  }

  // Frappe puts labels and dataset names into tooltips with innerHTML. They are
  // untrusted (merchant names…): swap the HTML-special characters for look-alikes, which
  // read the same in the SVG text and in the tooltip and can never form markup.
  var LOOKALIKE = { "<": "‹", ">": "›", "&": "＆", '"': "”", "'": "’" };
  function inertText(s) {
    return String(s == null ? "" : s).replace(/[<>&"']/g, function (c) {
      return LOOKALIKE[c];
    });
  }

  function display(fig) {
    try {
      return JSON.parse(fig.getAttribute("data-display")) || {};
    } catch (e) {
      return {};
    }
  }

  // A month axis shows one label every `step` months, so that labels never overlap
  // and are never cut ("Jan 2025" needs about 56 px); the tooltip always names the month.
  // A shown label keeps its year only where the year changes ("Nov 2023", "Dec",
  // "Jan 2024"), so a two-digit year is never mistaken for a day.
  // Frappe (xIsSeries) then blanks every label not at a multiple of its own step, worked
  // out from its plot width (the canvas's width less 80 px of margins and paddings) and
  // 7 px per letter: `step` is made a multiple of Frappe's, or only the first label
  // would survive both on a phone.
  var LABEL_PX = 60;
  var FRAPPE_EXTRA_WIDTH = 80;
  var FRAPPE_CHAR_PX = 7;
  function thinned(labels, canvasWidth) {
    var n = labels.length;
    var fit = Math.max(1, Math.floor((canvasWidth - 60) / LABEL_PX));
    var step = Math.max(1, Math.ceil(n / fit));
    var letters = Math.max(1, (canvasWidth - FRAPPE_EXTRA_WIDTH) / n) / FRAPPE_CHAR_PX;
    var longest = Math.max.apply(null, labels.map(function (l) { return l.length; }));
    var frappeStep = longest > letters ? Math.ceil(longest / letters) : 1;
    step = Math.ceil(step / frappeStep) * frappeStep;
    var year = null;
    return labels.map(function (l, i) {
      if (i % step !== 0) return "";
      var m = /^(\S+) (\d{4})$/.exec(l);
      if (!m) return l;
      var same = m[2] === year;
      year = m[2];
      return same ? m[1] : l;
    });
  }

  // A y-axis tick (Frappe writes a plain number): "CHF 3k", "CHF 1.5M", "CHF 500", "85%".
  function axisTick(v, currency, percent) {
    if (percent) return v + "%";
    var a = Math.abs(v);
    var short = function (x) {
      return String(Math.round(x * 10) / 10);
    };
    var n = a >= 1e6 ? short(v / 1e6) + "M" : a >= 1e3 ? short(v / 1e3) + "k" : String(v);
    return currency ? currency + " " + n : n;
  }
  function relabelYAxis(fig, currency, percent) {
    fig.querySelectorAll("g.y.axis text").forEach(function (t) {
      var raw = t.textContent.trim();
      if (/^-?\d+(\.\d+)?$/.test(raw)) t.textContent = axisTick(Number(raw), currency, percent);
    });
  }

  // Frappe leaves 50 px left of the plot for the y-axis labels: "CHF -1.5k" needs more. Each time the labels are
  // written (Frappe first draws zeros, then the data), a label that starts left of the picture widens that margin to
  // fit it and the chart is drawn again (once: the margin stays for later redraws).
  function fitYAxis(fig, chart) {
    var svg = fig.querySelector("svg");
    if (fig._fitted || !svg || !chart.measures || typeof chart.draw !== "function") return;
    var left = svg.getBoundingClientRect().left;
    var overhang = 0;
    fig.querySelectorAll("g.y.axis text").forEach(function (t) {
      overhang = Math.max(overhang, left - t.getBoundingClientRect().left);
    });
    if (overhang <= 0) return;
    fig._fitted = true;
    chart.measures.margins.left += Math.ceil(overhang) + 4;
    chart.draw(true);
  }

  function drawChart(fig) {
    var spec;
    try {
      spec = JSON.parse(fig.getAttribute("data-chart"));
    } catch (e) {
      fig.setAttribute("data-ready", "error");
      return;
    }
    if (spec.type === "bar_h" || !FRAPPE_TYPES[spec.type]) {
      fig.setAttribute("data-ready", "html");
      return;
    }
    var canvas = fig.querySelector(".chart-canvas");
    if (!canvas || typeof frappe === "undefined") return;
    if (canvas.offsetWidth === 0) {
      // Frappe draws at width 0 in a hidden or not yet laid out container: wait.
      if (!fig._waiting && typeof ResizeObserver !== "undefined") {
        fig._waiting = new ResizeObserver(function () {
          if (canvas.offsetWidth > 0) {
            fig._waiting.disconnect();
            fig._waiting = null;
            drawChart(fig);
          }
        });
        fig._waiting.observe(canvas);
      }
      return;
    }
    fig.setAttribute("data-ready", "frappe");
    var shown = display(fig);
    var money = shown.money || {};
    var full = (shown.labels || spec.data.labels).map(inertText);
    var type = FRAPPE_TYPES[spec.type];
    var datasets = spec.data.datasets.map(function (d) {
      return { name: inertText(d.name), values: d.values.map(Number) };
    });
    if (type === "pie") datasets = datasets.slice(0, 1);
    // Month axes: thinned to the width here, so Frappe never shortens them to "20..".
    // Frappe's tooltip title comes from its label; a thinned (blank) label is given back
    // its month by position (formatTooltipX receives the label only).
    var labels = shown.series && type !== "pie" ? thinned(full, canvas.clientWidth) : full;
    var hoverIndex = -1;
    try {
      var chart = new frappe.Chart(canvas, {
        type: type,
        height: spec.height || 250,
        data: { labels: labels, datasets: datasets },
        colors: palette(),
        animate: false,
        truncateLegends: true,
        maxSlices: 12,
        // Plain numbers on the y axis: relabelYAxis writes them with the currency (Frappe would write "3 K").
        axisOptions: { xIsSeries: !!shown.series, shortenYAxisNumbers: false, xAxisMode: "tick", yAxisMode: "span" },
        barOptions: { spaceRatio: spec.type === "grouped_bar" ? 0.3 : 0.4 },
        lineOptions: { dotSize: 4, regionFill: 1 },
        tooltipOptions: {
          formatTooltipX: function (d) {
            return d === "" && hoverIndex >= 0 ? full[hoverIndex] : inertText(d);
          },
          formatTooltipY: function (v) {
            var s = money[String(v)];
            // Server-made text ("CHF 1'234.50"): its apostrophe stays; only markup characters are neutralised.
            return s !== undefined ? String(s).replace(/[<>&]/g, function (c) { return LOOKALIKE[c]; }) : inertText(v);
          },
        },
      });
      if (chart.makeDataByIndex && labels !== full) {
        // Blank (thinned) labels: the tooltip names the month all the same.
        var make = chart.makeDataByIndex.bind(chart);
        chart.makeDataByIndex = function () {
          make();
          Object.keys(this.dataByIndex || {}).forEach(function (i) {
            var d = chart.dataByIndex[i];
            if (d && full[i] !== undefined) d.formattedLabel = full[i];
          });
        };
        chart.makeDataByIndex();
      }
      fig._chart = chart;
      var currency = fig.getAttribute("data-currency") || "";
      var percent = spec.unit === "percent";
      relabelYAxis(fig, currency, percent);
      fitYAxis(fig, chart);
      // Frappe redraws the axis on resize and update: label the new ticks too (relabelling is idempotent).
      if (typeof MutationObserver !== "undefined") {
        new MutationObserver(function () {
          relabelYAxis(fig, currency, percent);
          fitYAxis(fig, chart);
        }).observe(canvas, { childList: true, subtree: true, characterData: true });
      }
    } catch (e) {
      fig.setAttribute("data-ready", "error");
      console.error("chart failed", e);
    }
  }

  function initCharts(root) {
    within(root, "figure.chart[data-chart]:not([data-ready])").forEach(drawChart);
  }

  // ---------------------------------------------------------------- chart pictures (SVG / PNG)
  var SVG_NS = "http://www.w3.org/2000/svg";

  // bar_h is HTML: its picture is drawn from the spec and the server's display strings.
  function hbarSvg(fig) {
    var spec = JSON.parse(fig.getAttribute("data-chart"));
    var shown = display(fig);
    var money = shown.money || {};
    var colors = palette();
    var rows = spec.data.labels.length;
    var sets = spec.data.datasets;
    var rowH = 22 * sets.length + 6;
    var w = 640, labelW = 200, valueW = 120, barW = w - labelW - valueW - 20;
    var h = 40 + rows * rowH;
    var max = 0;
    sets.forEach(function (d) { d.values.forEach(function (v) { max = Math.max(max, Math.abs(v || 0)); }); });
    var svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    var add = function (tag, attrs, text) {
      var el = document.createElementNS(SVG_NS, tag);
      Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
      if (text != null) el.textContent = text;
      svg.appendChild(el);
      return el;
    };
    add("text", { x: 10, y: 22, "font-size": 14, "font-weight": 600, fill: "#111" }, spec.title);
    spec.data.labels.forEach(function (label, i) {
      var y = 40 + i * rowH;
      add("text", { x: labelW - 8, y: y + 15, "font-size": 12, "text-anchor": "end", fill: "#111" }, label);
      sets.forEach(function (d, j) {
        var v = d.values[i] || 0;
        var bw = max ? Math.max(1, (Math.abs(v) / max) * barW) : 0;
        add("rect", { x: labelW, y: y + j * 22, width: bw, height: 16, rx: 3, fill: colors[j % colors.length] });
        add("text", { x: labelW + bw + 6, y: y + j * 22 + 13, "font-size": 12, fill: "#111" }, money[String(v)] || String(v));
      });
    });
    return svg;
  }

  function chartSvg(fig) {
    var svg;
    if (fig.classList.contains("chart-bar_h")) svg = hbarSvg(fig);
    else {
      var drawn = fig.querySelector(".chart-canvas svg");
      if (!drawn) return null;
      svg = drawn.cloneNode(true);
      var box = drawn.getBoundingClientRect();
      svg.setAttribute("width", Math.round(box.width));
      svg.setAttribute("height", Math.round(box.height));
      // Computed colours and fonts inline, so the file looks the same outside the page.
      var src = drawn.querySelectorAll("*");
      svg.querySelectorAll("*").forEach(function (el, i) {
        var cs = src[i] && getComputedStyle(src[i]);
        if (!cs) return;
        ["fill", "stroke", "stroke-width", "font-size", "font-family", "opacity"].forEach(function (p) {
          var v = cs.getPropertyValue(p);
          if (v) el.setAttribute(p, v);
        });
      });
    }
    svg.setAttribute("xmlns", SVG_NS);
    return svg;
  }

  // PNG without loading an image (the CSP allows no blob: or data: images): the SVG's
  // shapes and texts painted onto a canvas, transforms included.
  function paint(ctx, el, parentFill) {
    var tag = el.tagName && el.tagName.toLowerCase();
    if (!tag) return;
    ctx.save();
    var t = el.getAttribute("transform");
    var m = t && /translate\(\s*([-\d.]+)[ ,]*([-\d.]*)\s*\)/.exec(t);
    if (m) ctx.translate(Number(m[1]) || 0, Number(m[2]) || 0);
    var fill = el.getAttribute("fill") || parentFill;
    var stroke = el.getAttribute("stroke");
    var num = function (n) { return Number(el.getAttribute(n)) || 0; };
    var doFill = fill && fill !== "none" && fill !== "transparent";
    var doStroke = stroke && stroke !== "none";
    if (doFill) ctx.fillStyle = fill;
    if (doStroke) { ctx.strokeStyle = stroke; ctx.lineWidth = Number(String(el.getAttribute("stroke-width") || "1").replace("px", "")) || 1; }
    if (tag === "rect") {
      if (doFill) ctx.fillRect(num("x"), num("y"), num("width"), num("height"));
    } else if (tag === "line") {
      ctx.beginPath(); ctx.moveTo(num("x1"), num("y1")); ctx.lineTo(num("x2"), num("y2"));
      if (!doStroke) ctx.strokeStyle = "#999";
      ctx.stroke();
    } else if (tag === "circle") {
      ctx.beginPath(); ctx.arc(num("cx"), num("cy"), num("r"), 0, Math.PI * 2);
      if (doFill) ctx.fill();
      if (doStroke) ctx.stroke();
    } else if (tag === "path" && el.getAttribute("d")) {
      var p = new Path2D(el.getAttribute("d"));
      if (doFill) ctx.fill(p);
      if (doStroke) ctx.stroke(p);
    } else if (tag === "text") {
      ctx.font = (el.getAttribute("font-weight") || "") + " " + (el.getAttribute("font-size") || "12px").replace(/^(\d+)$/, "$1px") + " sans-serif";
      ctx.fillStyle = doFill ? fill : "#333";
      var anchor = el.getAttribute("text-anchor");
      ctx.textAlign = anchor === "middle" ? "center" : anchor === "end" ? "right" : "left";
      var dy = el.getAttribute("dy");
      ctx.fillText(el.textContent || "", num("x"), num("y") + (dy ? parseFloat(dy) : 0));
    }
    if (tag === "g" || tag === "svg") for (var i = 0; i < el.children.length; i++) paint(ctx, el.children[i], fill);
    ctx.restore();
  }

  function save(blob, name) {
    var url = URL.createObjectURL(blob);
    var a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  function fileName(fig, ext) {
    var cap = fig.querySelector("figcaption");
    var base = ((cap && cap.textContent) || "chart").replace(/[^\p{L}\p{N} _-]+/gu, "").trim().replace(/\s+/g, "-").slice(0, 60) || "chart";
    return base + "." + ext;
  }

  function saveChart(fig, format) {
    var svg = chartSvg(fig);
    if (!svg) return;
    if (format === "svg") {
      save(new Blob([new XMLSerializer().serializeToString(svg)], { type: "image/svg+xml" }), fileName(fig, "svg"));
      return;
    }
    var w = Number(svg.getAttribute("width")) || 600, h = Number(svg.getAttribute("height")) || 300, scale = 2;
    var canvas = document.createElement("canvas");
    canvas.width = w * scale;
    canvas.height = h * scale;
    var ctx = canvas.getContext("2d");
    ctx.scale(scale, scale);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
    // Paint from a copy in the page (attributes only: computed styles are already inlined).
    paint(ctx, svg, null);
    canvas.toBlob(function (b) { if (b) save(b, fileName(fig, "png")); }, "image/png");
  }

  // ---------------------------------------------------------------- tables: sort by column
  function sortTable(button) {
    var th = button.closest("th");
    var table = button.closest("table");
    if (!th || !table) return;
    var col = Number(button.getAttribute("data-col"));
    var type = button.getAttribute("data-type");
    var numeric = type === "num";
    var asc = th.getAttribute("aria-sort") !== "ascending";
    table.querySelectorAll("thead th").forEach(function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var cell = function (r) {
        var c = r.cells[col];
        // Numbers and days sort by their value (data-v: the raw number, the YYYY-MM-DD day), text by its text.
        return !c ? "" : numeric || type === "date" ? c.getAttribute("data-v") || "" : c.classList.contains("empty") ? "" : c.textContent;
      };
      var x = cell(a), y = cell(b);
      var r = numeric ? (Number(x) || 0) - (Number(y) || 0) : String(x).localeCompare(String(y));
      return asc ? r : -r;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest) return;
    var sorter = t.closest("th button.sort");
    if (sorter) {
      sortTable(sorter);
      return;
    }
    var saver = t.closest("button.chart-save");
    if (saver) {
      var fig = saver.closest("figure.chart");
      if (fig) saveChart(fig, saver.getAttribute("data-format"));
    }
  });

  // A checked figure's note shows while the mark has focus: a tap focuses it even where
  // the browser would not focus a non-link on tap (iOS Safari).
  document.addEventListener("click", function (e) {
    var figure = e.target && e.target.closest ? e.target.closest(".fig[data-figure]") : null;
    if (figure) figure.focus();
  });

  // A note shows above its mark, from the mark's left edge: near the window's right edge it is moved left, and
  // under the window's top edge it goes below the mark, so it always stays inside the window. (A phone's note is
  // fixed at the foot of the screen: figures.css.)
  var EDGE = 8;
  function placeNote(e) {
    var figure = e.target && e.target.closest ? e.target.closest(".fig[data-figure]") : null;
    var note = figure && figure.querySelector(".fig-note");
    if (!note || getComputedStyle(note).position === "fixed") return;
    note.style.left = "";
    note.classList.remove("below");
    var r = note.getBoundingClientRect();
    var room = document.documentElement.clientWidth - EDGE;
    var shift = r.right > room ? room - r.right : 0;
    if (r.left + shift < EDGE) shift = EDGE - r.left;
    if (shift) note.style.left = Math.round(shift) + "px";
    if (r.top < EDGE) note.classList.add("below");
  }
  document.addEventListener("focusin", placeNote);
  document.addEventListener("mouseover", placeNote);

  // Charts in content htmx swaps in, and in the page itself (drawn once: data-ready).
  if (window.htmx && htmx.onLoad) htmx.onLoad(initCharts);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { initCharts(document.body); });
  else initCharts(document.body);
})();
