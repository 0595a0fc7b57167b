// The landing page ("/") is prerendered and sent without the app's JavaScript (it has nothing
// to do there): this inline script, at the end of its <body>, does the two things the page
// needs the browser for. Mirrors src/stores/auth-store.ts (a stored session token) and
// src/stores/theme-store.ts (light/dark under 'theme', on <html> as theme-init.js puts it).
(function () {
  var token = null;
  try {
    var stored = JSON.parse(window.localStorage.getItem('auth-storage') || 'null');
    token = stored && stored.state && stored.state.token;
  } catch (_error) {
    // Storage can be unavailable or hold bad JSON: the page stays as it is, for a visitor.
  }
  if (typeof token === 'string' && token !== '') {
    var links = document.querySelectorAll('[data-session]');
    for (var i = 0; i < links.length; i++) {
      links[i].hidden = links[i].getAttribute('data-session') !== 'signed-in';
    }
  }

  var root = document.documentElement;
  var toggle = document.querySelector('[data-slot="mode-toggle"]');
  if (!toggle) return;
  function label() {
    var dark = root.classList.contains('dark');
    toggle.setAttribute('aria-label', dark ? 'Switch to light mode' : 'Switch to dark mode');
  }
  label();
  toggle.addEventListener('click', function () {
    var theme = root.classList.contains('dark') ? 'light' : 'dark';
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    try {
      window.localStorage.setItem('theme', theme);
    } catch (_error) {
      // Not kept; the page still changes.
    }
    label();
  });
})();
