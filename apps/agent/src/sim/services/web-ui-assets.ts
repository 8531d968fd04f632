// The web UI's static files. Pages reference them by absolute path (`/luci-static/…`), as LuCI
// does, which is what a reverse proxy under a path prefix has to rewrite or route.

export const WEB_UI_CSS = `:root { color-scheme: light; font-family: system-ui, sans-serif; }
body { margin: 0; background: #f3f5f7; color: #1d2733; }
header { display: flex; align-items: center; gap: 1.5rem; padding: 0.75rem 1.5rem; background: #00437a; color: #fff; }
header .brand { font-weight: 700; font-size: 1.2rem; }
header nav { display: flex; gap: 1rem; }
header nav a { color: #d6e9ff; text-decoration: none; }
header nav a.active, header nav a:hover { color: #fff; text-decoration: underline; }
main { max-width: 56rem; margin: 1.5rem auto; padding: 0 1.5rem; }
section { background: #fff; border: 1px solid #d5dbe1; border-radius: 6px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
h2 { margin-top: 0; font-size: 1.1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid #eef1f4; }
th { width: 14rem; color: #52606d; font-weight: 500; }
form.login { max-width: 22rem; margin: 4rem auto; }
form.login label { display: block; margin: 0.75rem 0 0.25rem; }
form.login input { width: 100%; box-sizing: border-box; padding: 0.4rem; }
button { margin-top: 1rem; padding: 0.45rem 1.2rem; background: #00437a; color: #fff; border: 0; border-radius: 4px; }
.error { color: #b42318; }
[data-state="ok"] { color: #067647; }
[data-state="error"] { color: #b42318; }
footer { text-align: center; color: #7b8794; font-size: 0.8rem; margin: 2rem 0; }
`;

/**
 * Fetches the status RPC with a same-origin fetch() (cookie included) and shows it, so a broken
 * proxy shows up as "Live status unavailable".
 */
export const WEB_UI_JS = `'use strict';
(function () {
  var target = document.getElementById('live-status');
  if (!target) return;
  function show(text, state) {
    target.textContent = text;
    target.setAttribute('data-state', state);
  }
  function refresh() {
    fetch('/cgi-bin/luci/rpc/status', { headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (status) {
        show(
          'Uptime ' + status.uptimeText + ' · ' + status.temperature + ' °C · WAN ' +
            status.wan.rx + ' B in / ' + status.wan.tx + ' B out · updated ' + status.localtime,
          'ok'
        );
      })
      .catch(function (error) {
        show('Live status unavailable: ' + error.message, 'error');
      });
  }
  refresh();
  setInterval(refresh, 5000);
})();
`;
