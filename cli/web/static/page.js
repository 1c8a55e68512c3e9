// pnpkit serve: progress, previews and errors in place. Without this file the forms still post and answer a page.
"use strict";
(() => {
  const csrf = document.body.dataset.csrf;
  const words = JSON.parse(document.body.dataset.words || "{}");
  const $ = (id) => document.getElementById(id);
  const section = $("result"), body = $("result-body"), box = $("progress");
  const text = $("progress-text"), bar = $("progress-bar");
  let current = null;  // the job this tab follows
  let asked = 0;  // submissions sent: only the latest one's job is followed, an earlier one's is cancelled

  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? "");

  function clearField(f) {
    f.classList.remove("invalid");
    f.querySelectorAll("[aria-invalid]").forEach((c) => c.removeAttribute("aria-invalid"));
    f.querySelector(".error").textContent = "";
  }

  function clearErrors(form) {
    form.querySelectorAll(".field.invalid").forEach(clearField);
    const general = form.querySelector("[data-form-error]");
    if (general) general.textContent = "";
  }

  function markField(where, message) {
    where.classList.add("invalid");
    where.querySelector(".error").textContent = message;
    const control = where.querySelector("input:not([type=hidden]), select, textarea");
    control.setAttribute("aria-invalid", "true");
    const more = where.closest("details");
    if (more) more.open = true;
    return control;
  }

  function showError(formId, field, message) {
    const form = $(formId);
    const where = form && field ? form.querySelector(`.field[data-field="${CSS.escape(field)}"]`) : null;
    if (form && form.closest("details")) form.closest("details").open = true;
    if (where) {
      markField(where, message).focus();
    } else if (form) {
      const general = form.querySelector("[data-form-error]");
      general.textContent = message;
      general.setAttribute("tabindex", "-1");
      general.focus();
    }
    section.hidden = true;
  }

  function cancelUrl(job) { return `/jobs/${job}/cancel`; }
  function cancel(job) {
    const data = new FormData();
    data.append("csrf", csrf);
    return fetch(cancelUrl(job), { method: "POST", body: data, headers: { "X-CSRF-Token": csrf } });
  }

  async function follow(job, form) {
    current = job;
    section.dataset.job = job;  // which job this tab follows (tests read it)
    section.hidden = false;
    box.hidden = false;
    body.innerHTML = "";
    text.textContent = words.working;
    bar.removeAttribute("value");
    section.scrollIntoView({ block: "start" });
    for (;;) {
      if (current !== job) return;
      let state;
      try {
        state = await (await fetch(`/jobs/${job}`, { cache: "no-store" })).json();
      } catch (e) {
        text.textContent = words.unexpected;
        return;
      }
      if (state.state === "queued") {
        text.textContent = fill(words.ahead, { n: state.ahead + 1 });
      } else if (state.state === "running") {
        if (state.total > 0) {
          bar.max = state.total;
          bar.value = state.done;
          text.textContent = fill(words.progress, { done: state.done, total: state.total }) +
            (state.done === state.total ? ` · ${words.working}` : "");
        } else {
          text.textContent = words.working;
        }
      } else {
        box.hidden = true;
        current = null;
        if (state.state === "failed" && state.error) {
          showError(state.form, state.field, state.error);
          return;
        }
        const answer = await fetch(`/jobs/${job}/result`, { cache: "no-store" });
        body.innerHTML = await answer.text();
        $("result-h").focus();
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  document.querySelectorAll("form.job").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      clearErrors(form);
      if (current !== null) cancel(current);
      const mine = ++asked;
      const answer = await fetch("/make", {
        method: "POST", body: new FormData(form), headers: { "X-Pnpkit-Async": "1", "X-CSRF-Token": csrf },
      });
      let reply;
      const said = await answer.text();
      try { reply = JSON.parse(said); } catch (e) {
        // a body over the server's limit (a big file chosen as the class list) is refused before the page reads it
        reply = answer.status === 413 ? { error: said, field: "names_file", form: form.id }
          : { error: answer.status === 403 ? words.expired : words.unexpected, form: form.id };  // 403: restarted
      }
      if (mine !== asked) {  // clicked again meanwhile (a double click): this one is not wanted
        if (reply.job) cancel(reply.job);
        return;
      }
      if (reply.job) {
        follow(reply.job, form);  // shows the progress first: a hidden section cannot be scrolled to
      } else {
        showError(reply.form || form.id, reply.field, reply.error || words.unexpected);
      }
    });
  });

  $("cancel").addEventListener("click", () => { if (current !== null) cancel(current); });
  window.addEventListener("pagehide", () => {
    if (current === null) return;
    const data = new FormData();
    data.append("csrf", csrf);
    navigator.sendBeacon(cancelUrl(current), data);
  });

  // A page enlarged in place; Escape or Close returns to the thumbnail.
  const viewer = $("viewer"), image = $("viewer-img"), title = $("viewer-title"), close = $("viewer-close");
  let opener = null;
  function hide() { viewer.hidden = true; if (opener) opener.focus(); }
  body.addEventListener("click", (event) => {
    const link = event.target.closest("a.page");
    if (!link) return;
    event.preventDefault();
    opener = link;
    image.src = link.getAttribute("href");
    title.textContent = link.querySelector("span").textContent;
    image.alt = title.textContent;
    viewer.hidden = false;
    close.focus();
  });
  close.addEventListener("click", hide);
  viewer.addEventListener("click", (event) => { if (event.target === viewer) hide(); });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !viewer.hidden) hide();
    if (event.key === "Tab" && !viewer.hidden) { event.preventDefault(); close.focus(); }
  });

  // A class list chosen as a file shows in its box, where a mistake the command finds can be mended; a file
  // that is empty or not UTF-8 text stays chosen, and the page says at once why, in the words of the server's own
  // reader of class lists (asked without running anything); one too large is said when the form is sent.
  async function checkFile(input, form) {
    const data = new FormData();
    ["csrf", "ui", "command"].forEach((name) => data.append(name, form.elements[name].value));
    data.append(input.name, input.files[0]);
    const field = input.closest(".field");
    try {
      const reply = await (await fetch("/make", { method: "POST", body: data,
        headers: { "X-Pnpkit-Check": field.dataset.field, "X-CSRF-Token": csrf } })).json();
      if (reply.error) markField(field, reply.error);
    } catch (e) { /* said when the form is sent */ }
  }
  document.querySelectorAll("input[type=file][id$='-upload']").forEach((input) => input.addEventListener("change", async () => {
    const box = $(input.id.replace(/-upload$/, "")), file = input.files[0], form = input.form;
    if (!box || !file || file.size > 64 * 1024) return;
    clearField(input.closest(".field"));
    let text = null;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());  // the BOM dropped
    } catch (e) { /* not UTF-8: the server says which advice fits */ }
    if (text === null || !text.trim() || text.includes("\0")) {
      checkFile(input, form);
      return;
    }
    box.value = text;
    input.value = "";  // the names travel as typed in the box now
  }));

  // Switching the page's language loads the page again: what was typed goes along (this tab only, read once).
  // Only what was changed: a field left as it came (the documents' language starts at the page's) follows the page.
  const KEPT = "pnpkit-typed";
  const fields = () => document.querySelectorAll(
    "form.job input:not([type=hidden]):not([type=file]), form.job select, form.job textarea");
  const now = (f) => f.type === "checkbox" ? f.checked : f.value;
  const initial = (f) => f.type === "checkbox" ? f.defaultChecked : f.tagName !== "SELECT" ? f.defaultValue :
    ([...f.options].find((o) => o.defaultSelected) || f.options[0] || { value: "" }).value;
  document.querySelectorAll(".langs a").forEach((link) => link.addEventListener("click", () => {
    const typed = {};
    fields().forEach((f) => { if (f.id && now(f) !== initial(f)) typed[f.id] = now(f); });
    try { sessionStorage.setItem(KEPT, JSON.stringify(typed)); } catch (e) { /* storage off: start afresh */ }
  }));
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(KEPT) || "null"); sessionStorage.removeItem(KEPT); } catch (e) { }
  if (kept) {
    fields().forEach((f) => {
      if (!(f.id in kept)) return;
      if (f.type === "checkbox") f.checked = kept[f.id] === true;
      else if (f.tagName !== "SELECT" || [...f.options].some((o) => o.value === kept[f.id])) f.value = kept[f.id];
    });
  }

  // The language chosen is remembered (a cookie): the address drops ?ui= (and a saved profile's ?ui_form=, the
  // language of the form that saved it), so that Back and Forward load the page in the language chosen last
  // rather than in the one an older address asked for.
  const pinned = ["ui", "ui_form"].filter((name) => new URLSearchParams(location.search).has(name));
  if (pinned.length) {
    const url = new URL(location.href);
    pinned.forEach((name) => url.searchParams.delete(name));
    history.replaceState(history.state, "", url);
  }

  document.querySelectorAll("a[data-open]").forEach((link) => link.addEventListener("click", () => {
    const target = $(link.dataset.open);
    if (target) target.open = true;
  }));
})();
