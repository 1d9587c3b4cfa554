// budget-chat browser behaviour. Plain ES2020, no build step, no inline anything:
// the page's CSP is `default-src 'self'`, so every handler lives here.
// Loaded (defer) after htmx.min.js, hx-sse.min.js and frappe-charts.min.umd.js.
(function () {
  "use strict";

  // ---------------------------------------------------------------- formatting
  // Same rules as src/web/format.ts formatMoney: "CHF 1'234.50", "CHF -12.00".
  function formatMoney(amount, currency) {
    var prefix = currency ? currency + " " : "";
    if (typeof amount !== "number" || !isFinite(amount)) return prefix + "–";
    var cents = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
    var whole = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, "'");
    var frac = String(cents % 100).padStart(2, "0");
    return prefix + (amount < 0 && cents > 0 ? "-" : "") + whole + "." + frac;
  }

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
    var currency = fig.getAttribute("data-currency") || "";
    var type = FRAPPE_TYPES[spec.type];
    var datasets = spec.data.datasets.map(function (d) {
      return { name: inertText(d.name), values: d.values.map(Number) };
    });
    if (type === "pie") datasets = datasets.slice(0, 1);
    try {
      var chart = new frappe.Chart(canvas, {
        type: type,
        height: spec.height || 250,
        data: { labels: spec.data.labels.map(inertText), datasets: datasets },
        colors: palette(),
        animate: false,
        truncateLegends: true,
        maxSlices: 12,
        axisOptions: { xIsSeries: spec.type === "line", shortenYAxisNumbers: true, xAxisMode: "tick", yAxisMode: "span" },
        barOptions: { spaceRatio: spec.type === "grouped_bar" ? 0.3 : 0.4 },
        lineOptions: { dotSize: 4, regionFill: 1 },
        tooltipOptions: {
          formatTooltipX: function (d) {
            return inertText(d);
          },
          formatTooltipY: function (v) {
            return formatMoney(Number(v), currency);
          },
        },
      });
      fig._chart = chart;
    } catch (e) {
      fig.setAttribute("data-ready", "error");
      console.error("chart failed", e);
    }
  }

  function initCharts(root) {
    var sel = "figure.chart[data-chart]:not([data-ready])";
    var figs = [];
    if (root.matches && root.matches(sel)) figs.push(root);
    if (root.querySelectorAll) root.querySelectorAll(sel).forEach(function (f) { figs.push(f); });
    figs.forEach(drawChart);
  }

  function localTimes(root) {
    var list = [];
    if (root.matches && root.matches("time.local-time[datetime]")) list.push(root);
    if (root.querySelectorAll) root.querySelectorAll("time.local-time[datetime]").forEach(function (t) { list.push(t); });
    list.forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) t.textContent = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    });
  }

  // ---------------------------------------------------------------- chat state
  function $(id) {
    return document.getElementById(id);
  }

  var submitting = false;
  var stopping = null; // turn id a stop was requested for

  // A turn's live status lives in its .turn-status element (swapped by the stream);
  // mirror it onto the article so CSS and this script can ask the article.
  function syncStatus() {
    document.querySelectorAll("article.msg.assistant").forEach(function (a) {
      var s = a.querySelector(".turn-status");
      var status = s && s.getAttribute("data-status");
      if (status && a.getAttribute("data-status") !== status) a.setAttribute("data-status", status);
      a.setAttribute("aria-busy", a.getAttribute("data-status") === "running" ? "true" : "false");
    });
  }

  function runningTurn() {
    return document.querySelector('article.msg.assistant[data-status="running"]');
  }

  var wasBusy = false;
  function updateControls() {
    syncStatus();
    var running = runningTurn();
    var busy = !!running || submitting;
    var input = $("message");
    var send = $("send-button");
    var stop = $("stop-button");
    var form = $("chat-form");
    if (input) input.disabled = busy;
    if (send) send.disabled = busy;
    if (form) form.setAttribute("aria-busy", busy ? "true" : "false");
    if (stop) {
      stop.hidden = !running;
      stop.disabled = !running || stopping === (running && running.getAttribute("data-turn"));
    }
    if (!running) stopping = null;
    if (wasBusy && !busy && input && (document.activeElement === document.body || !document.activeElement)) input.focus();
    wasBusy = busy;
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
    }, { passive: true });
    new MutationObserver(function () {
      maybeScroll();
      updateControls();
    }).observe(el, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["data-status"] });
    scrollToBottom();
  }

  // ---------------------------------------------------------------- events
  function onLoad(el) {
    initCharts(el);
    localTimes(el);
    watchMessages();
    updateControls();
  }

  if (window.htmx && htmx.onLoad) htmx.onLoad(onLoad);

  function isChatForm(el) {
    return el && el.id === "chat-form";
  }

  function isRetry(el) {
    return el && el.classList && el.classList.contains("retry");
  }

  // Requests are recognised by their context object: htmx re-points ctx.sourceElement
  // at the swap target when the source is replaced (the first question's response
  // swaps in a new #chat-form), so the element cannot be asked afterwards.
  var chatRequests = new WeakSet();
  var retryRequests = new WeakMap();

  document.addEventListener("htmx:before:request", function (e) {
    var ctx = e.detail && e.detail.ctx;
    if (!ctx) return;
    if (isRetry(ctx.sourceElement)) {
      retryRequests.set(ctx, ctx.sourceElement);
      ctx.sourceElement.disabled = true;
      stick = true;
      return;
    }
    if (!isChatForm(ctx.sourceElement)) return;
    chatRequests.add(ctx);
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
    var retry = retryRequests.get(ctx);
    if (retry) {
      retryRequests.delete(ctx);
      // Retried: the new answer is below; a failed retry can be tried again.
      if (ctx.response && ctx.response.status < 400) retry.remove();
      else retry.disabled = false;
      updateControls();
      return;
    }
    if (!chatRequests.has(ctx)) return;
    chatRequests.delete(ctx);
    submitting = false;
    var ok = ctx.response && ctx.response.status < 400;
    var input = $("message");
    if (ok && input) {
      input.value = "";
      autoGrow(input);
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
    updateControls();
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

  // Enter sends, Shift+Enter (or IME composition) inserts a newline.
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (!t || t.id !== "message" || e.key !== "Enter") return;
    if (e.shiftKey || e.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    var form = $("chat-form");
    if (!form || t.disabled || !t.value.trim()) return;
    form.requestSubmit();
  });

  function autoGrow(t) {
    t.classList.toggle("tall", t.value.split("\n").length > 2 || t.value.length > 160);
  }
  document.addEventListener("input", function (e) {
    if (e.target && e.target.id === "message") autoGrow(e.target);
  });

  document.addEventListener("click", function (e) {
    var starter = e.target.closest && e.target.closest("button.starter");
    if (starter) {
      var input = $("message");
      var form = $("chat-form");
      if (!input || !form || input.disabled) return;
      input.value = starter.getAttribute("data-question") || starter.textContent.trim();
      form.requestSubmit();
      return;
    }
    var stop = e.target.closest && e.target.closest("#stop-button");
    if (stop) {
      var running = runningTurn();
      if (!running) return;
      var id = running.getAttribute("data-turn");
      stopping = id;
      updateControls();
      fetch("/turns/" + encodeURIComponent(id) + "/stop", {
        method: "POST",
        credentials: "same-origin",
        headers: { "HX-Request": "true" },
      }).catch(function () {
        stopping = null;
        updateControls();
      });
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
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  window.budgetChat = { formatMoney: formatMoney };
})();
