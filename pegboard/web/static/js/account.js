// Your account (/account): change the password, keep your statistics private, sign out everywhere,
// delete the account; and /reset#TOKEN, the link `pegboard accounts reset` prints, to choose a new password.
import { api, loadMe, setMe, signedIn } from "./api.js";
import { clear, h } from "./dom.js";

const root = document.getElementById("app");
window.pegboard = { page: "account" };
start();

async function start() {
  await loadMe();
  if (window.location.pathname.replace(/\/$/, "") === "/reset") resetPage();
  else accountPage();
}

function shell(title, ...children) {
  document.title = `${title} · pegboard`;
  clear(root).append(h("div", { class: "account-page" },
    h("header", { class: "topbar" }, h("a", { class: "home", href: "/" }, h("span", { class: "logo" }, "◆"), " pegboard"),
      h("h1", {}, title)),
    ...children));
}

// A form whose submit runs `work(fields)`; its note says what came of it.
function form(id, title, fields, label, work, { danger = false, intro = null } = {}) {
  const note = h("p", { class: "ok-note", role: "status", id: `${id}-note` });
  const error = h("p", { class: "error", role: "alert", id: `${id}-error` });
  const button = h("button", { type: "submit", class: danger ? "danger" : "primary", id: `${id}-submit` }, label);
  const inputs = fields.map(([name, text, attrs]) => h("label", { class: "field", for: `${id}-${name}` }, text,
    h("br"), h("input", { id: `${id}-${name}`, name, required: true, ...attrs })));
  const element = h("form", { class: "stack-form", id, onsubmit: async (event) => {
    event.preventDefault();
    note.textContent = "";
    error.textContent = "";
    button.disabled = true;
    try {
      const values = Object.fromEntries(fields.map(([name]) => [name, element.elements[name].value]));
      note.textContent = await work(values);
    } catch (problem) {
      error.textContent = problem.status === 429 && problem.retryAfter
        ? `Too many tries: wait ${problem.retryAfter} s.` : problem.message;
    } finally {
      button.disabled = false;
    }
  } }, ...inputs, button);
  return h("section", { class: "panel", "aria-labelledby": `${id}-title` }, h("h2", { id: `${id}-title` }, title),
    intro, element, note, error);
}

const PASSWORD = { type: "password", minlength: 8, maxlength: 256 };

function accountPage() {
  const me = signedIn();
  if (!me) {
    shell("Your account", h("section", { class: "panel" }, h("p", { id: "not-signed-in" },
      "You are not signed in. ", h("a", { href: "/" }, "Sign in or create an account in the lobby"), ".")));
    return;
  }
  const privateBox = h("input", { type: "checkbox", id: "private", checked: Boolean(me.private) });
  const privacyNote = h("p", { class: "ok-note", role: "status", id: "privacy-note" });
  privateBox.addEventListener("change", async () => {
    privacyNote.textContent = "";
    try {
      const answer = await api("/api/privacy", { private: privateBox.checked });
      setMe({ ...signedIn(), private: answer.private });
      privacyNote.textContent = answer.private ? "Your statistics are private now." : "Your statistics are public now.";
    } catch (problem) {
      privateBox.checked = !privateBox.checked;
      privacyNote.textContent = problem.message;
    }
  });
  const everywhere = h("button", { type: "button", class: "secondary", id: "logout-all", onclick: async () => {
    await api("/api/logout-all", {});
    setMe(null);
    window.location.assign("/");
  } }, "Sign out everywhere");
  shell("Your account",
    h("section", { class: "panel" }, h("p", {}, "Signed in as ", h("strong", { id: "account-name" }, me.name), ". ",
      h("a", { href: `/players/${encodeURIComponent(me.name)}` }, "Your ratings"), " · ",
      h("a", { href: `/stats/${encodeURIComponent(me.name)}` }, "your statistics"), " · ",
      h("a", { href: "/leaderboard" }, "the leaderboard"))),
    form("password-form", "Change your password", [["old", "Current password", { ...PASSWORD, autocomplete: "current-password" }],
      ["new", "New password (8 characters or more)", { ...PASSWORD, autocomplete: "new-password" }]], "Change the password",
    async ({ old, new: fresh }) => {
      await api("/api/password", { old, new: fresh });
      document.getElementById("password-form").reset();
      return "Your password is changed.";
    }),
    h("section", { class: "panel", "aria-labelledby": "privacy-title" }, h("h2", { id: "privacy-title" }, "Privacy"),
      h("label", { class: "check", for: "private" }, privateBox,
        " Keep my statistics private (my rating and the leaderboard stay public)"), privacyNote),
    h("section", { class: "panel", "aria-labelledby": "sessions-title" }, h("h2", { id: "sessions-title" }, "Sessions"),
      h("p", {}, "Sign out on every device and browser where you are signed in, this one too."), everywhere),
    form("delete-form", "Delete your account", [["password", "Your password", { ...PASSWORD, autocomplete: "current-password" }]],
      "Delete my account", async ({ password }) => {
        if (!window.confirm(`Delete the account ${me.name} for good?`)) return "Not deleted.";
        await api("/api/delete", { password });
        setMe(null);
        window.location.assign("/");
        return "Deleted.";
      }, { danger: true, intro: h("p", {}, "Your account and sign-in go for good; finished games stay in their records.") }));
}

function resetPage() {
  const token = window.location.hash.slice(1);
  if (!token) {
    shell("A new password", h("section", { class: "panel" }, h("p", { class: "error", id: "no-token" },
      "This page needs the whole reset link (with its part after #). Ask the server's operator for a new one.")));
    return;
  }
  shell("A new password", form("reset-form", "Choose a new password",
    [["password", "New password (8 characters or more)", { ...PASSWORD, autocomplete: "new-password" }]], "Set the password",
    async ({ password }) => {
      const answer = await api("/api/reset", { token, password });
      setMe(answer);
      window.history.replaceState(null, "", "/reset");
      window.setTimeout(() => window.location.assign("/"), 800);
      return `Done: you are signed in as ${answer.name}.`;
    }));
}
