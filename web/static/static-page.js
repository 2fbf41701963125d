// The landing and not-found pages: their words, and the "watch a game" form.
import { preferred, t, use } from "./js/i18n.js";

await use(preferred());
const form = document.getElementById("watch");
if (form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const id = form.elements.game.value.trim();
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) {
      document.getElementById("watch-error").textContent = t("landing.invalid");
      return;
    }
    window.location.assign(`/play/${encodeURIComponent(id)}`);
  });
}
