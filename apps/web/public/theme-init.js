// Runs synchronously in <head>, before the first paint, so the page never flashes the wrong
// theme. Mirrors src/stores/theme-store.ts: the stored choice, else the system preference.
(function () {
  var COLORS = ['slate', 'blue', 'indigo', 'purple', 'pink', 'rose', 'amber', 'emerald', 'teal'];
  var root = document.documentElement;
  var theme = null;
  var color = null;
  try {
    theme = window.localStorage.getItem('theme');
    color = window.localStorage.getItem('themeColor');
  } catch (_error) {
    // Storage can be unavailable (privacy mode); fall back to the defaults.
  }
  if (theme !== 'light' && theme !== 'dark') {
    var prefersDark =
      window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = prefersDark ? 'dark' : 'light';
  }
  if (COLORS.indexOf(color) === -1) color = 'slate';
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  root.setAttribute('data-theme-color', color);
})();
