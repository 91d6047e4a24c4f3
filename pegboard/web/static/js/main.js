// Entry point: the lobby at /, a table at /t/<id>. Who is signed in is asked first (its CSRF token goes
// with every request that changes something).
import { loadMe } from "./api.js";
import { installDefs } from "./cards.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

installDefs();
const root = document.getElementById("app");
const match = window.location.pathname.match(/^\/t\/([A-Za-z0-9_-]{6,32})\/?$/);
loadMe().then(() => {
  if (match) showTable(root, match[1]);
  else showLobby(root);
});
