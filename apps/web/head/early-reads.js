// Runs synchronously in <head>, before the app's JS has even downloaded: for a signed-in visit
// to a page whose first screen waits on an API read, starts that read now, so it travels
// beside the JS instead of after it has run (issue 7's LCP target). The app takes each
// response once, for the same URL and token, through src/lib/early-reads.ts (api-client);
// whatever it does not take within EARLY_READ_MAX_AGE_MS is dropped. Same request as the
// app's own: GET, Accept: application/json, the bearer token in a header (never in the URL),
// same-origin credentials. Mirrors STORAGE_KEYS.auth and the default API_URL ('/api').
(function () {
  var token = null;
  try {
    var stored = JSON.parse(window.localStorage.getItem('auth-storage') || 'null');
    token = stored && stored.state && stored.state.token;
  } catch (_error) {
    // Storage can be unavailable or hold bad JSON: the app will sort out the session.
  }
  if (typeof token !== 'string' || token === '' || typeof window.fetch !== 'function') return;

  var path = window.location.pathname;
  var urls = [];
  if (path === '/dashboard' || path === '/dashboard/') {
    urls = ['/api/stats', '/api/stats/daily'];
  } else {
    var journal = /^\/journal\/([^/]+)\/?$/.exec(path);
    if (journal) {
      try {
        // What the router hands the page (decoded), encoded again as the app does.
        urls = ['/api/journals/' + encodeURIComponent(decodeURIComponent(journal[1]))];
      } catch (_error) {
        urls = [];
      }
    }
  }
  if (urls.length === 0) return;

  var reads = {};
  for (var i = 0; i < urls.length; i++) {
    var response = window.fetch(window.location.origin + urls[i], {
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer ' + token },
      credentials: 'same-origin',
    });
    // A read the app never takes must not surface as an unhandled rejection; the app sees the
    // original promise, rejection included.
    response.catch(function () {});
    reads[urls[i]] = response;
  }
  window.__selahEarlyReads = { token: token, startedAt: Date.now(), reads: reads };
})();
