"""The script every page gets (:class:`classroom.handlers.RenderHandler` puts it in its
``<head>``): the student learns within seconds that the page's kernel restarted, died or
disappeared (a notice with a Reload button), and a page left while it loads still asks
the server to shut its kernel down (Voila's own beacon exists only once its widget manager
has loaded).  docs/serving.md; tests/browser/test_start_page.py and
test_classroom_server.py watch it in Chromium.

>>> GUARD_SCRIPT.startswith("<script>") and GUARD_SCRIPT.rstrip().endswith("</script>")
True
"""

from __future__ import annotations

__all__ = ["GUARD_SCRIPT"]

#: Shows a notice when the page's kernel restarts, dies or disappears.
GUARD_SCRIPT = """<script>
(() => {
  const MSG = "This page stopped working: its Python kernel ended. " +
              "Reload the page to start again.";
  let unloading = false;
  window.addEventListener("beforeunload", () => {
    unloading = true;
    // Voila's own beacon exists only once its widget manager has loaded: a page left
    // earlier (a reload while loading) would leave its kernel running until reaped
    const config = document.getElementById("jupyter-config-data");
    if (!config || window.__classroomBeaconSent) return;
    try {
      const id = JSON.parse(config.textContent).kernelId;
      const xsrf = (document.cookie.match("\\\\b_xsrf=([^;]*)\\\\b") || [])[1] || "";
      const form = new FormData();
      form.append("_xsrf", xsrf);
      const base = (document.body && document.body.dataset.baseUrl || "/voila/");
      navigator.sendBeacon(base + "api/shutdown/" + id, form);
      window.__classroomBeaconSent = true;
    } catch (e) { /* no kernel yet */ }
  });
  const show = text => {
    if (unloading || document.getElementById("classroom-notice")) return;
    const box = document.createElement("div");
    box.id = "classroom-notice";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;" +
      "padding:1rem;background:#8b0000;color:#fff;font:1.1rem/1.4 system-ui,sans-serif";
    box.textContent = text + " ";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.style.cssText = "font:inherit;min-height:44px;min-width:44px;margin-left:1em";
    button.onclick = () => location.reload();
    box.appendChild(button);
    (document.body || document.documentElement).appendChild(box);
  };
  window.__classroomNotice = show;
  const DEAD = /"execution_state"\\s*:\\s*"(restarting|autorestarting|dead)"/;
  const Native = window.WebSocket;
  class Guarded extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const m = String(url).match(/\\/api\\/kernels\\/([^/?]+)\\/channels/);
      if (!m) return;
      this.addEventListener("message", ev => {
        let text = "";
        if (typeof ev.data === "string") text = ev.data.length < 4000 ? ev.data : "";
        else if (ev.data instanceof ArrayBuffer && ev.data.byteLength < 4000)
          text = new TextDecoder().decode(ev.data);
        if (text && DEAD.test(text)) show(MSG);
      });
      this.addEventListener("close", () => {
        if (unloading) return;
        const base = (document.body && document.body.dataset.baseUrl || "/voila/")
                       .replace(/voila\\/$/, "");
        setTimeout(() => {
          if (unloading) return;
          fetch(base + "api/kernels/" + m[1], {cache: "no-store"})
            .then(r => { if (r.status === 404) show(MSG); })
            .catch(() => show("The server cannot be reached. Reload the page when it is back."));
        }, 2000);
      });
    }
  }
  window.WebSocket = Guarded;
})();
</script>
"""
