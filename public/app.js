// budget-chat browser behaviour. Plain ES2020, no build step, no inline anything:
// the page's CSP is `default-src 'self'`, so every handler lives here.
// Loaded (defer) after htmx.min.js, hx-sse.min.js, page.js (times, conversation list,
// drawer, copy, confirmations; the DOM helpers) and figures.js (charts and tables).
// Numbers are never formatted here: the server puts every display string into the page.
(function () {
  "use strict";

  var $ = window.budgetChat.$;
  var within = window.budgetChat.within;
  var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;

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
  var SAID = {
    done: "Answer finished.",
    stopped: "Answer stopped.",
    error: "The answer failed.",
    interrupted: "The answer was interrupted.",
    waiting: "The answer waits for your decision on its approval card.",
  };
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
      var st = answer && answer.getAttribute("data-status");
      b.hidden = i !== users.length - 1 || !answer || st === "running" || st === "waiting";
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
    // No spinner while nothing can arrive (app.css hides it under body.offline).
    document.body.classList.add("offline");
  }
  function online() {
    var bar = $("connection");
    if (bar) bar.remove();
    document.body.classList.remove("offline");
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
    watchMessages();
    updateControls();
    // An approval card that just appeared takes the focus (Approve follows the affected rows' link);
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

  // Enter sends, Shift+Enter (or IME composition) inserts a newline; on touch keyboards the
  // Send key (enterkeyhint="send") sends too, and the ↵ button inserts a newline. While an
  // answer runs, Enter keeps the draft.
  document.addEventListener("keydown", function (e) {
    // page.js closes an open menu or the drawer first (and prevents the default then).
    if (e.defaultPrevented) return;
    if (e.key === "Escape") {
      if (stopRunning()) e.preventDefault();
      return;
    }
    var t = e.target;
    if (!t || t.id !== "message" || e.key !== "Enter") return;
    if (e.shiftKey || e.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    var form = $("chat-form");
    if (!form || submitting || runningTurn() || !t.value.trim()) return;
    form.requestSubmit();
  });

  function autoGrow(t) {
    t.classList.toggle("tall", t.value.split("\n").length > 2 || t.value.length > 160);
  }
  document.addEventListener("input", function (e) {
    if (e.target && e.target.id === "message") {
      autoGrow(e.target);
      if (e.target.value.length < e.target.maxLength) limitHint(false);
    }
  });

  // The box holds at most maxlength characters (the server's limit on a question): the browser cuts a longer paste
  // without a word, so the hint under the box says so until there is room again.
  document.addEventListener("beforeinput", function (e) {
    var t = e.target;
    if (!t || t.id !== "message" || !(t.maxLength > 0)) return;
    var text = e.data != null ? e.data : e.dataTransfer ? e.dataTransfer.getData("text/plain") : "";
    var room = t.maxLength - t.value.length + Math.abs((t.selectionEnd || 0) - (t.selectionStart || 0));
    if (text && text.length > room) limitHint(true);
  });
  function limitHint(on) {
    var hint = $("chat-hint");
    if (!hint || !hint.hasAttribute("data-limit-note")) return;
    if (on) {
      if (!hint.hasAttribute("data-usual")) hint.setAttribute("data-usual", hint.textContent);
      hint.textContent = hint.getAttribute("data-limit-note");
    } else if (hint.hasAttribute("data-usual")) {
      hint.textContent = hint.getAttribute("data-usual");
      hint.removeAttribute("data-usual");
    }
  }

  // Refuse a second question while one is answered (the draft stays in the box).
  document.addEventListener("submit", function (e) {
    if (isChatForm(e.target) && (runningTurn() || submitting)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  }, true);

  function cancelEdit() {
    var r = $("replace");
    var note = $("editing");
    if (r) r.value = "";
    if (note) note.hidden = true;
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
    if (t.closest("#newline-button")) {
      var box = $("message");
      if (!box) return;
      // A newline at the caret (replacing a selection), as Shift+Enter would type it.
      var at = box.selectionStart, end = box.selectionEnd;
      box.value = box.value.slice(0, at) + "\n" + box.value.slice(end);
      box.selectionStart = box.selectionEnd = at + 1;
      autoGrow(box);
      box.focus();
      return;
    }
    if (t.closest("#stop-button")) {
      stopRunning();
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
    if (t.closest("#jump-latest")) {
      stick = true;
      scrollToBottom();
      updateJump();
      return;
    }
  });

  function start() {
    onLoad(document.body);
    // The question box has the focus on arrival (not on touch screens: no keyboard popping up unasked).
    var input = $("message");
    if (input && !touch && !location.hash && document.activeElement === document.body) input.focus();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
