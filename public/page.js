// budget-chat page furniture in the browser: local times, the conversation list's menus,
// the phone drawer, copying an answer, confirmations before deleting. Plain
// ES2020, no build step, no inline anything (CSP `default-src 'self'`). Loaded (defer)
// first of the three scripts: it shares its DOM helpers as `window.budgetChat` with
// figures.js (charts and tables) and app.js (the chat itself).
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
  // Shared with figures.js and app.js, which load after this file.
  window.budgetChat = { $: $, within: within };

  // ---------------------------------------------------------------- times
  // Times follow the de-CH locale like the numbers do: the 24-hour clock ("14:05"), in the browser's zone.
  var CLOCK = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  function localTimes(root) {
    within(root, "time.local-time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) t.textContent = d.toLocaleTimeString("de-CH", CLOCK);
    });
    within(root, "time.local-date[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) return;
      var today = new Date();
      t.textContent = d.toDateString() === today.toDateString()
        ? d.toLocaleTimeString("de-CH", CLOCK)
        : d.toLocaleDateString([], d.getFullYear() === today.getFullYear() ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
    });
  }

  // ---------------------------------------------------------------- conversation list
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

  // ---------------------------------------------------------------- drawer (phones)
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

  // Escape closes an open conversation menu, else the drawer (app.js then leaves the key alone).
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
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
  });

  // ---------------------------------------------------------------- copy an answer
  function answerText(article) {
    return Array.prototype.map.call(article.querySelectorAll(".answer > .tb"), function (b) {
      return b.innerText.trim();
    }).filter(Boolean).join("\n\n");
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest) return;
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
    if (t.closest(".drawer-toggle")) {
      toggleDrawer(!document.body.classList.contains("drawer-open"));
      return;
    }
    if (t.closest("#drawer-backdrop")) {
      toggleDrawer(false);
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

  // ---------------------------------------------------------------- demo banner, undo toast
  var DEMO_KEY = "budget-chat.demo-dismissed";
  function demoBanner() {
    var b = $("demo-banner");
    try {
      if (b && window.localStorage.getItem(DEMO_KEY) === "1") b.remove();
    } catch (err) {}
  }
  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest || !t.closest(".demo-dismiss")) return;
    var b = $("demo-banner");
    if (b) b.remove();
    try {
      window.localStorage.setItem(DEMO_KEY, "1");
    } catch (err) {}
    var m = $("message");
    if (m) m.focus();
  });
  // The Undo of a delete lasts a few seconds (data-timeout); the address loses ?deleted= so a reload does not offer it again.
  function undoToast() {
    var toast = $("undo-toast");
    if (!toast || toast._timed) return;
    toast._timed = true;
    if (/[?&]deleted=/.test(location.search) && history.replaceState) history.replaceState(null, "", location.pathname);
    setTimeout(function () { toast.remove(); }, Number(toast.getAttribute("data-timeout")) || 8000);
  }
  demoBanner();
  undoToast();

  // ---------------------------------------------------------------- the data pages' toast
  // A change on the Transactions or Categories page redraws the list, so the form that made
  // it (and the keyboard focus with it) is gone: focus goes to the message, Undo one Tab away.
  var toast = $("toast");
  if (toast && window.MutationObserver) {
    toast.setAttribute("tabindex", "-1");
    new MutationObserver(function () {
      if (toast.firstElementChild) toast.focus();
    }).observe(toast, { childList: true });
  }

  // ---------------------------------------------------------------- import page
  // A file dropped on the drop zone becomes the file input's choice; its change event previews it (htmx).
  function dropZone(e) {
    var zone = e.target && e.target.closest ? e.target.closest("#drop-zone") : null;
    if (!zone) return;
    e.preventDefault();
    zone.classList.toggle("dragging", e.type === "dragover");
    if (e.type !== "drop" || !e.dataTransfer || !e.dataTransfer.files.length) return;
    var input = $("import-file");
    input.files = e.dataTransfer.files;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }
  ["dragover", "dragleave", "drop"].forEach(function (t) { document.addEventListener(t, dropZone); });
  // A CSV whose columns were not recognised: open the column fields so they can be named.
  function openMapping(root) {
    if (within(root, ".import-problem[data-needs-mapping]").length && $("import-mapping")) $("import-mapping").open = true;
  }
  if (window.htmx && htmx.onLoad) htmx.onLoad(openMapping);

  // ---------------------------------------------------------------- approval cards
  // An open card whose time runs out is fetched again, so it says it expired without a reload.
  function watchExpiry(root) {
    within(root, "section.approval").forEach(function (card) {
      var time = card.querySelector(".approval-expiry time[datetime]");
      if (!time || card._expiry) return;
      var left = new Date(time.getAttribute("datetime")).getTime() - Date.now();
      if (isNaN(left)) return;
      card._expiry = setTimeout(function () {
        if (!card.isConnected || !card.querySelector(".approval-actions:not(.decided)")) return;
        var id = card.id.replace(/^approval-/, "");
        htmx.ajax("GET", "/approvals/" + encodeURIComponent(id) + "/card", { target: "#" + card.id, swap: "outerHTML" });
      }, Math.max(0, left) + 1500);
    });
  }
  if (window.htmx && htmx.onLoad) htmx.onLoad(watchExpiry);

  if (window.htmx && htmx.onLoad) htmx.onLoad(localTimes);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { localTimes(document.body); });
  else localTimes(document.body);
})();
