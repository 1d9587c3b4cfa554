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
  // Times in the browser's zone, on the 24-hour clock ("14:05"); dates as people write them ("26 Nov 2026"),
  // the same words as the server's (src/core/format.ts), whatever the browser's language.
  var CLOCK = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function clock(d) {
    return d.toLocaleTimeString("de-CH", CLOCK);
  }
  function day(d, withYear) {
    return d.getDate() + " " + MONTHS[d.getMonth()] + (withYear ? " " + d.getFullYear() : "");
  }
  function localTimes(root) {
    within(root, "time.local-time[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) t.textContent = clock(d);
    });
    // A list's date: the time today, else the day ("26 Nov"; another year's with its year).
    within(root, "time.local-date[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) return;
      var today = new Date();
      t.textContent = d.toDateString() === today.toDateString() ? clock(d) : day(d, d.getFullYear() !== today.getFullYear());
    });
    within(root, "time.local-datetime[datetime]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (!isNaN(d.getTime())) t.textContent = day(d, true) + ", " + clock(d);
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

  // ---------------------------------------------------------------- drawers (phones)
  // Two: the pages behind "Menu" (views/AppNav.tsx) and, on the chat, the conversations. Opening one moves the
  // focus into it (the current page, the first conversation); closing it gives the focus back to its button.
  var DRAWERS = {
    nav: { open: "nav-open", toggle: ".nav-toggle", backdrop: "nav-backdrop", focus: ["#app-nav a[aria-current=page]", "#app-nav a"] },
    conversations: { open: "drawer-open", toggle: ".drawer-toggle", backdrop: "drawer-backdrop", focus: ["#sidebar a, #sidebar input"] },
  };
  function isOpen(which) {
    return document.body.classList.contains(DRAWERS[which].open);
  }
  function toggleDrawer(which, open) {
    var d = DRAWERS[which];
    document.body.classList.toggle(d.open, open);
    var b = document.querySelector(d.toggle);
    if (b) b.setAttribute("aria-expanded", open ? "true" : "false");
    var back = $(d.backdrop);
    if (back) back.hidden = !open;
    if (open) {
      var first = null;
      for (var i = 0; i < d.focus.length && !first; i++) first = document.querySelector(d.focus[i]);
      if (first) first.focus();
    } else if (b) b.focus();
  }

  // Escape closes the pages' drawer, else an open conversation menu, else the conversations' drawer (app.js then leaves the key alone).
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    if (isOpen("nav")) {
      toggleDrawer("nav", false);
      e.preventDefault();
      return;
    }
    var open = document.querySelector("details.conv-menu[open]");
    if (open) {
      open.open = false;
      var s = open.querySelector("summary");
      if (s) s.focus();
      e.preventDefault();
      return;
    }
    if (isOpen("conversations")) {
      toggleDrawer("conversations", false);
      e.preventDefault();
      return;
    }
  });

  // ---------------------------------------------------------------- copy (an answer, the .env lines, a sign-in link)
  // The button says whether copying worked, then reads "Copy" again.
  function copyWith(button, text) {
    var said = function (msg) {
      button.textContent = msg;
      setTimeout(function () { button.textContent = "Copy"; }, 2000);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { said("Copied"); }, function () { said("Copy failed"); });
    else said("Copy failed");
  }

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
      copyWith(copy, article ? answerText(article) : "");
      return;
    }
    // A Copy button names the element whose text (or a field's value) it copies: data-copy.
    var copyText = t.closest("button.copy-text[data-copy]");
    if (copyText) {
      var source = $(copyText.getAttribute("data-copy"));
      copyWith(copyText, source ? (source.value !== undefined ? source.value : source.textContent) : "");
      return;
    }
    var filter = t.closest(".filter-toggle");
    if (filter) {
      var panel = $(filter.getAttribute("aria-controls"));
      var open = filter.getAttribute("aria-expanded") !== "true";
      filter.setAttribute("aria-expanded", open ? "true" : "false");
      if (panel) {
        panel.classList.toggle("open", open);
        var firstField = open && panel.querySelector("input, select");
        if (firstField) firstField.focus();
      }
      return;
    }
    for (var which in DRAWERS) {
      if (t.closest(DRAWERS[which].toggle)) return toggleDrawer(which, !isOpen(which));
      if (t.closest("#" + DRAWERS[which].backdrop)) return toggleDrawer(which, false);
    }
  });

  // Confirm before destructive forms (delete a memory, merge a category), plain or htmx: this listener runs first
  // (capture). "{field}" in the message is the form's current value of that field ("Merge A into {into}?").
  document.addEventListener(
    "submit",
    function (e) {
      var form = e.target;
      var msg = form && form.getAttribute && form.getAttribute("data-confirm");
      if (msg) {
        msg = msg.replace(/\{(\w+)\}/g, function (all, name) {
          var field = form.elements[name];
          return field && field.value ? field.value : all;
        });
      }
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
  // A field of a file's preview changed (account, format, Flip signs, a column's role): the file is being previewed
  // again (the new preview takes the article's place, without this mark), so "Import all" waits for it, and an Import
  // pressed meanwhile — typing an account, then Import at once — is not sent: when the new preview is in, it says that
  // the preview changed (the server refuses an import of what the page no longer shows anyway).
  document.addEventListener(
    "change",
    function (e) {
      var t = e.target;
      if (!t || !t.closest || !t.closest(".import-settings, .import-columns-fields")) return;
      var file = t.closest(".import-file");
      if (file) file.setAttribute("data-previewing", "");
      document.querySelectorAll(".import-all").forEach(function (b) { b.disabled = true; });
    },
    true,
  );
  // Files whose Import was held back, with the preview's version it was pressed on.
  var heldBack = {};
  document.addEventListener(
    "submit",
    function (e) {
      var form = e.target;
      var file = form && form.closest ? form.closest(".import-file[data-previewing]") : null;
      if (!file || !form.classList.contains("import-review")) return;
      e.preventDefault();
      e.stopPropagation();
      var version = form.querySelector("input[name=version]");
      heldBack[file.id] = { version: version ? version.value : "", message: form.getAttribute("data-changed") || "" };
    },
    true,
  );
  function sayPreviewChanged() {
    Object.keys(heldBack).forEach(function (id) {
      var file = $(id);
      if (!file || file.hasAttribute("data-previewing")) return;
      var held = heldBack[id];
      delete heldBack[id];
      var version = file.querySelector("input[name=version]");
      var live = file.querySelector(".import-live");
      // A field refused (the file as it was, the same version) has its own notice; a new preview says it changed.
      if (!live || !version || version.value === held.version) return;
      var notice = document.createElement("div");
      notice.className = "notice notice-error import-problem";
      notice.setAttribute("role", "alert");
      var text = document.createElement("span");
      text.className = "error-message";
      text.textContent = held.message;
      notice.appendChild(text);
      live.replaceChildren(notice);
    });
  }
  if (window.htmx && htmx.onLoad) htmx.onLoad(sayPreviewChanged);

  // The combined preview's count is what "Import all" imports with the boxes as they show. A summary drawn by another
  // request (another file's new preview) may have been drawn with the ticks before a tick still on its way: the morph
  // keeps the box as the user set it, so its `checked` and the server's (`defaultChecked`) differ. Then the boxes are
  // sent again (the tick's own request), and "Import all" waits for the summary they give.
  function recountImportAll(root) {
    var inside = root.closest ? root.closest(".import-summary form") : null;
    (inside ? [inside] : within(root, ".import-summary form")).forEach(function (form) {
      var boxes = form.querySelectorAll("input[type=checkbox][name=accept], input[type=checkbox][name=skip-bad]");
      for (var i = 0; i < boxes.length; i++) {
        if (boxes[i].checked === boxes[i].defaultChecked) continue;
        form.querySelectorAll(".import-all").forEach(function (b) { b.disabled = true; });
        boxes[i].dispatchEvent(new Event("change", { bubbles: true }));
        return;
      }
    });
  }
  if (window.htmx && htmx.onLoad) htmx.onLoad(recountImportAll);

  // A file's Import button counts the possible duplicates ticked as it imports them (the server drew it with none
  // ticked: "Import 2 transactions" imported 3 with one ticked). Its words for each count are the server's (data-words).
  function countImport(form) {
    var button = form.querySelector(".import-commit[data-words]");
    if (!button) return;
    var words = JSON.parse(button.getAttribute("data-words"));
    var ticked = form.querySelectorAll("input[type=checkbox][name=include]:checked").length;
    if (words[ticked] !== undefined) button.textContent = words[ticked];
  }
  document.addEventListener("change", function (e) {
    var t = e.target;
    if (!t || t.name !== "include" || !t.closest) return;
    var form = t.closest("form.import-review");
    if (form) countImport(form);
  });
  // A preview drawn again (a field changed) keeps the boxes as the user set them: its count follows them.
  if (window.htmx && htmx.onLoad) {
    htmx.onLoad(function (root) {
      var inside = root.closest ? root.closest("form.import-review") : null;
      (inside ? [inside] : within(root, "form.import-review")).forEach(countImport);
    });
  }

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
