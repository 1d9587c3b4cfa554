// budget-chat browser behaviour. Plain ES2020, no build step, no inline anything:
// the page's CSP is `default-src 'self'`, so every handler lives here.
// Loaded (defer) after htmx.min.js, hx-sse.min.js and frappe-charts.min.umd.js.
// Numbers are never formatted here: the server puts every display string (money,
// short month labels) into the page (views/ChartFigure.tsx `data-display`).
(function () {
  "use strict";

  function $(id) {
    return document.getElementById(id);
  }
  function within(root, sel) {
    var out = [];
    if (root.matches && root.matches(sel)) out.push(root);
    if (root.querySelectorAll) root.querySelectorAll(sel).forEach(function (e) { out.push(e); });
    return out;
  }
  var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

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
  // and are never cut ("Jan 25" needs about 44 px); the tooltip always names the month.
  var LABEL_PX = 48;
  function thinned(labels, width) {
    var fit = Math.max(1, Math.floor(width / LABEL_PX));
    var step = Math.max(1, Math.ceil(labels.length / fit));
    return labels.map(function (l, i) {
      return i % step === 0 ? l : "";
    });
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
    var labels = shown.series && type !== "pie" ? thinned(full, canvas.offsetWidth - 60) : full;
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
        axisOptions: { xIsSeries: !!shown.series, shortenYAxisNumbers: true, xAxisMode: "tick", yAxisMode: "span" },
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
    var numeric = button.getAttribute("data-type") === "num";
    var asc = th.getAttribute("aria-sort") !== "ascending";
    table.querySelectorAll("thead th").forEach(function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var cell = function (r) {
        var c = r.cells[col];
        return !c ? "" : numeric ? c.getAttribute("data-v") : c.classList.contains("empty") ? "" : c.textContent;
      };
      var x = cell(a), y = cell(b);
      var r = numeric ? (Number(x) || 0) - (Number(y) || 0) : String(x).localeCompare(String(y));
      return asc ? r : -r;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }

  // ---------------------------------------------------------------- times
  function localTimes(root) {
    within(root, "time.local-time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) t.textContent = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    });
    within(root, "time.local-date[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) return;
      var today = new Date();
      t.textContent = d.toDateString() === today.toDateString()
        ? d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
        : d.toLocaleDateString([], d.getFullYear() === today.getFullYear() ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
    });
  }

  // ---------------------------------------------------------------- chat state
  var submitting = false;
  var stopping = null; // turn id a stop was requested for
  var deciding = null; // approval id decided on this page (focus its outcome)

  // A turn's live status lives in its .turn-status element (swapped by the stream);
  // mirror it onto the article so CSS and this script can ask the article.
  function syncStatus() {
    document.querySelectorAll("article.msg.assistant").forEach(function (a) {
      var s = a.querySelector(".turn-status");
      var status = s && s.getAttribute("data-status");
      var before = a.getAttribute("data-status");
      if (status && before !== status) {
        a.setAttribute("data-status", status);
        if (before === "running") finished(a, status);
      }
      a.setAttribute("aria-busy", a.getAttribute("data-status") === "running" ? "true" : "false");
    });
  }

  // One polite announcement per finished answer (the transcript itself is not live).
  var SAID = { done: "Answer finished.", stopped: "Answer stopped.", error: "The answer failed.", interrupted: "The answer was interrupted." };
  function finished(article, status) {
    var box = $("announcer");
    if (box) box.textContent = SAID[status] || "Answer finished.";
  }

  function runningTurn() {
    return document.querySelector('article.msg.assistant[data-status="running"]');
  }

  // The composer never locks: while an answer runs the next question can be typed, and
  // Send turns into Stop.
  function updateControls() {
    syncStatus();
    var running = runningTurn();
    var send = $("send-button");
    var stop = $("stop-button");
    var form = $("chat-form");
    if (form) form.setAttribute("aria-busy", running || submitting ? "true" : "false");
    if (send) {
      send.hidden = !!running;
      send.disabled = submitting;
    }
    if (stop) {
      stop.hidden = !running;
      stop.disabled = !running || stopping === (running && running.getAttribute("data-turn"));
    }
    if (!running) stopping = null;
    // Edit: only the last question, once its answer ended.
    var users = document.querySelectorAll("#messages article.msg.user");
    users.forEach(function (u, i) {
      var b = u.querySelector(".edit-question");
      if (!b) return;
      var answer = $("turn-" + (u.id || "").replace(/^q-/, ""));
      b.hidden = i !== users.length - 1 || !answer || answer.getAttribute("data-status") === "running";
    });
    var title = $("chat-title");
    if (title && title.textContent) {
      var t = title.textContent + " · budget-chat";
      if (document.title !== t) document.title = t;
    }
  }

  function stopRunning() {
    var running = runningTurn();
    if (!running) return false;
    var id = running.getAttribute("data-turn");
    stopping = id;
    updateControls();
    fetch("/turns/" + encodeURIComponent(id) + "/stop", {
      method: "POST",
      credentials: "same-origin",
      headers: { "HX-Request": "true" },
    }).then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
    }).catch(function () {
      stopping = null;
      offline("Could not stop the answer: the server is not reachable. Try again when it is back.");
      updateControls();
    });
    return true;
  }

  // ---------------------------------------------------------------- lost connection
  function offline(message) {
    var bar = $("connection");
    if (!bar) {
      bar = document.createElement("p");
      bar.id = "connection";
      bar.className = "connection-lost";
      bar.setAttribute("role", "alert");
      var form = $("chat-form");
      if (form && form.parentNode) form.parentNode.insertBefore(bar, form);
      else return;
    }
    bar.textContent = message;
  }
  function online() {
    var bar = $("connection");
    if (bar) bar.remove();
  }

  // ---------------------------------------------------------------- auto-scroll
  var stick = true;
  function messages() {
    return $("messages");
  }
  function nearBottom(el) {
    return el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }
  function scrollToBottom() {
    var el = messages();
    if (el) el.scrollTop = el.scrollHeight;
  }
  var scrollQueued = false;
  function maybeScroll() {
    if (!stick || scrollQueued) return;
    scrollQueued = true;
    requestAnimationFrame(function () {
      scrollQueued = false;
      if (stick) scrollToBottom();
    });
  }
  function updateJump() {
    var j = $("jump-latest");
    var el = messages();
    if (j && el) j.hidden = stick || nearBottom(el);
  }

  function watchMessages() {
    var el = messages();
    if (!el || el._watched) return;
    el._watched = true;
    // Follow the answer unless the reader scrolls up; scrolling back to the bottom
    // follows again. (Judged by direction: our own scrolls only ever go down, and new
    // content may land between a scroll and its event.)
    var lastTop = el.scrollTop;
    el.addEventListener("scroll", function () {
      var top = el.scrollTop;
      if (top < lastTop - 1) stick = nearBottom(el);
      else if (nearBottom(el)) stick = true;
      lastTop = top;
      updateJump();
    }, { passive: true });
    new MutationObserver(function () {
      maybeScroll();
      updateControls();
      updateJump();
    }).observe(el, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["data-status"] });
    scrollToBottom();
  }

  // ---------------------------------------------------------------- events
  function onLoad(el) {
    initCharts(el);
    localTimes(el);
    watchMessages();
    updateControls();
    // An approval card that just appeared takes the focus (Approve is one Tab away);
    // after a decision made here, the outcome does.
    within(el, "section.approval").forEach(function (card) {
      if (card.querySelector(".approval-actions:not(.decided)") && !card._focused) {
        card._focused = true;
        if (card.closest('article.msg.assistant[data-status="running"]')) card.focus({ preventScroll: false });
      } else if (deciding && card.id === "approval-" + deciding) {
        var outcome = card.querySelector(".approval-actions.decided");
        if (outcome) outcome.focus();
        deciding = null;
      }
    });
    within(el, ".approval-actions.decided").forEach(function (d) {
      var card = d.closest("section.approval");
      if (deciding && card && card.id === "approval-" + deciding) {
        d.focus();
        deciding = null;
      }
    });
  }

  if (window.htmx && htmx.onLoad) htmx.onLoad(onLoad);

  // Streamed text: plain text appended to the live tail of the answer's last text block
  // (sse-renderer.ts TEXT_EVENT). Never parsed as HTML.
  document.addEventListener("tx", function (e) {
    var src = e.target;
    var article = src && src.closest && src.closest("article.msg.assistant");
    if (!article) return;
    var tails = article.querySelectorAll(".answer > .tb > .tb-live");
    var tail = tails[tails.length - 1];
    var text;
    try {
      text = JSON.parse(e.detail && e.detail.data);
    } catch (err) {
      return;
    }
    if (tail && typeof text === "string") tail.appendChild(document.createTextNode(text));
  });

  function isChatForm(el) {
    return el && el.id === "chat-form";
  }
  function isReplace(el) {
    return el && el.classList && (el.classList.contains("retry") || el.classList.contains("regenerate"));
  }

  // Requests are recognised by their context object: htmx re-points ctx.sourceElement
  // at the swap target when the source is replaced (the first question's response
  // swaps in a new #chat-form), so the element cannot be asked afterwards.
  var chatRequests = new WeakMap();
  var replaceRequests = new WeakMap();

  document.addEventListener("htmx:before:request", function (e) {
    var ctx = e.detail && e.detail.ctx;
    if (!ctx) return;
    var src = ctx.sourceElement;
    if (isReplace(src)) {
      replaceRequests.set(ctx, src);
      src.disabled = true;
      stick = true;
      return;
    }
    if (src && src.closest && src.closest("section.approval") && src.tagName === "FORM") {
      var card = src.closest("section.approval");
      deciding = card.id.replace(/^approval-/, "");
      return;
    }
    if (!isChatForm(src)) return;
    var input = $("message");
    chatRequests.set(ctx, input ? input.value : "");
    submitting = true;
    var starters = $("starters");
    if (starters) starters.remove();
    stick = true;
    updateControls();
    maybeScroll();
  });

  document.addEventListener("htmx:finally:request", function (e) {
    var ctx = e.detail && e.detail.ctx;
    if (!ctx) return;
    var ok = ctx.response && ctx.response.status < 400;
    var replaced = replaceRequests.get(ctx);
    if (replaced) {
      replaceRequests.delete(ctx);
      if (!ctx.response) offline("Could not reach the server. Try again when it is back.");
      if (replaced.isConnected) replaced.disabled = false;
      updateControls();
      return;
    }
    if (!chatRequests.has(ctx)) return;
    var sent = chatRequests.get(ctx);
    chatRequests.delete(ctx);
    submitting = false;
    var input = $("message");
    if (ok) {
      online();
      // Clear what was sent, not what was typed meanwhile.
      if (input && input.value === sent) {
        input.value = "";
        autoGrow(input);
      }
      cancelEdit();
    } else if (!ctx.response) {
      offline("Could not send: the server is not reachable. Your question is still in the box.");
    }
    updateControls();
  });

  // The stream of a finished turn is closed (hx-sse:close="done"): drop its connect
  // element so nothing can ever open it again, then refresh the controls.
  document.addEventListener("htmx:sse:close", function (e) {
    var el = e.target;
    if (el && el.classList && el.classList.contains("sse")) el.remove();
    updateControls();
  });
  document.addEventListener("done", function () {
    online();
    updateControls();
  });
  // The stream broke (server gone, network down): hx-sse reconnects by itself and the
  // answer is replayed from the start; meanwhile say so instead of spinning silently.
  document.addEventListener("htmx:sse:error", function () {
    offline("Connection lost: reconnecting… What was already shown stays.");
  });
  document.addEventListener("htmx:sse:after:connection", function () {
    online();
  });
  document.addEventListener("htmx:error", function (e) {
    var ctx = e.detail && e.detail.ctx;
    if (ctx && !ctx.response) offline("Could not reach the server. Try again when it is back.");
  });
  // A stream request answered with something other than an event stream (the turn is
  // unknown, the session expired…): hx-sse did not take over, so stop waiting for it.
  document.addEventListener("htmx:after:request", function (e) {
    var ctx = e.detail && e.detail.ctx;
    var el = ctx && ctx.sourceElement;
    if (!el || !el.classList || !el.classList.contains("sse")) return;
    var article = el.closest("article.msg.assistant");
    var status = article && article.querySelector(".turn-status");
    if (status && status.getAttribute("data-status") === "running") {
      status.setAttribute("data-status", "interrupted");
      status.textContent = "This answer could not be followed. Reload the page to see it.";
    }
    el.remove();
    updateControls();
  });

  // Enter sends, Shift+Enter (or IME composition) inserts a newline; on touch keyboards
  // Enter is a newline (Send is the button). While an answer runs, Enter keeps the draft.
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {
      var open = document.querySelector("details.conv-menu[open]");
      if (open) {
        open.open = false;
        var s = open.querySelector("summary");
        if (s) s.focus();
        e.preventDefault();
        return;
      }
      if (document.body.classList.contains("drawer-open")) {
        toggleDrawer(false);
        e.preventDefault();
        return;
      }
      if (stopRunning()) e.preventDefault();
      return;
    }
    var t = e.target;
    if (!t || t.id !== "message" || e.key !== "Enter") return;
    if (e.shiftKey || e.isComposing || e.keyCode === 229 || touch) return;
    e.preventDefault();
    var form = $("chat-form");
    if (!form || submitting || runningTurn() || !t.value.trim()) return;
    form.requestSubmit();
  });

  function autoGrow(t) {
    t.classList.toggle("tall", t.value.split("\n").length > 2 || t.value.length > 160);
  }
  document.addEventListener("input", function (e) {
    if (e.target && e.target.id === "message") autoGrow(e.target);
    if (e.target && e.target.id === "conv-search") filterConversations(e.target.value);
  });

  // Refuse a second question while one is answered (the draft stays in the box).
  document.addEventListener("submit", function (e) {
    if (isChatForm(e.target) && (runningTurn() || submitting)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);

  function filterConversations(q) {
    q = String(q || "").trim().toLowerCase();
    var shown = 0;
    document.querySelectorAll("#conversation-list li.conv").forEach(function (li) {
      var hit = !q || (li.getAttribute("data-title") || "").indexOf(q) >= 0;
      li.hidden = !hit;
      if (hit) shown++;
    });
    var list = $("conversation-list");
    var none = $("conv-none");
    if (list && !shown && q) {
      if (!none) {
        none = document.createElement("p");
        none.id = "conv-none";
        none.className = "muted empty-list";
        list.appendChild(none);
      }
      none.textContent = "No conversation matches.";
    } else if (none) none.remove();
  }

  function cancelEdit() {
    var r = $("replace");
    var note = $("editing");
    if (r) r.value = "";
    if (note) note.hidden = true;
  }

  function toggleDrawer(open) {
    document.body.classList.toggle("drawer-open", open);
    var b = document.querySelector(".drawer-toggle");
    if (b) b.setAttribute("aria-expanded", open ? "true" : "false");
    var back = $("drawer-backdrop");
    if (back) back.hidden = !open;
    if (open) {
      var first = document.querySelector("#sidebar a, #sidebar input");
      if (first) first.focus();
    } else if (b) b.focus();
  }

  function answerText(article) {
    return Array.prototype.map.call(article.querySelectorAll(".answer > .tb"), function (b) {
      return b.innerText.trim();
    }).filter(Boolean).join("\n\n");
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest) return;
    var starter = t.closest("button.starter");
    if (starter) {
      var input = $("message");
      var form = $("chat-form");
      if (!input || !form || runningTurn() || submitting) return;
      input.value = starter.getAttribute("data-question") || starter.textContent.trim();
      form.requestSubmit();
      return;
    }
    if (t.closest("#stop-button")) {
      stopRunning();
      return;
    }
    var sorter = t.closest("th button.sort");
    if (sorter) {
      sortTable(sorter);
      return;
    }
    var saver = t.closest("button.chart-save");
    if (saver) {
      var fig = saver.closest("figure.chart");
      if (fig) saveChart(fig, saver.getAttribute("data-format"));
      return;
    }
    var copy = t.closest("button.copy-answer");
    if (copy) {
      var article = copy.closest("article.msg.assistant");
      var text = article ? answerText(article) : "";
      var done = function (msg) {
        copy.textContent = msg;
        setTimeout(function () { copy.textContent = "Copy"; }, 2000);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { done("Copied"); }, function () { done("Copy failed"); });
      else done("Copy failed");
      return;
    }
    var edit = t.closest("button.edit-question");
    if (edit) {
      var bubble = edit.closest("article.msg.user").querySelector(".bubble");
      var box = $("message");
      var r = $("replace");
      var note = $("editing");
      if (!box || !r) return;
      box.value = bubble ? bubble.textContent : "";
      r.value = edit.getAttribute("data-turn") || "";
      if (note) note.hidden = false;
      autoGrow(box);
      box.focus();
      return;
    }
    if (t.closest("button.cancel-edit")) {
      cancelEdit();
      var m = $("message");
      if (m) m.focus();
      return;
    }
    if (t.closest(".drawer-toggle")) {
      toggleDrawer(!document.body.classList.contains("drawer-open"));
      return;
    }
    if (t.closest("#drawer-backdrop")) {
      toggleDrawer(false);
      return;
    }
    if (t.closest("#jump-latest")) {
      stick = true;
      scrollToBottom();
      updateJump();
      return;
    }
  });

  // Confirm before destructive plain forms (delete conversation, delete memory).
  document.addEventListener(
    "submit",
    function (e) {
      var form = e.target;
      var msg = form && form.getAttribute && form.getAttribute("data-confirm");
      if (msg && !window.confirm(msg)) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    },
    true,
  );

  // A conversation's options menu: close the others when one opens.
  document.addEventListener(
    "toggle",
    function (e) {
      var d = e.target;
      if (!d || !d.classList || !d.classList.contains("conv-menu") || !d.open) return;
      document.querySelectorAll("details.conv-menu[open]").forEach(function (o) {
        if (o !== d) o.open = false;
      });
      var input = d.querySelector("input[name=title]");
      if (input) input.select();
    },
    true,
  );

  function start() {
    onLoad(document.body);
    // The question box has the focus on arrival (not on touch screens: no keyboard popping up unasked).
    var input = $("message");
    if (input && !touch && !location.hash && document.activeElement === document.body) input.focus();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
