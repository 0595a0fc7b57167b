// Runs synchronously in <head>, before the first paint, so the page never flashes the wrong
// theme or font size. Mirrors src/stores/theme-store.ts: the stored choice, else the system
// preference; the font size and animations of the signed-in user from the 'appearance' mirror.
(function () {
  var COLORS = ['slate', 'blue', 'indigo', 'purple', 'pink', 'rose', 'amber', 'emerald', 'teal'];
  var root = document.documentElement;
  var theme = null;
  var color = null;
  var appearance = null;
  try {
    theme = window.localStorage.getItem('theme');
    color = window.localStorage.getItem('themeColor');
    appearance = JSON.parse(window.localStorage.getItem('appearance') || 'null');
  } catch (_error) {
    // Storage can be unavailable (privacy mode) or hold bad JSON; fall back to the defaults.
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

  var fontSize = appearance && appearance.fontSize;
  if ([1, 2, 3, 4, 5].indexOf(fontSize) === -1) fontSize = 3;
  root.setAttribute('data-font-size', String(fontSize));
  var animations = appearance && appearance.animations;
  if (animations === true || animations === false) {
    root.setAttribute('data-reduce-motion', animations ? 'false' : 'true');
  } else {
    root.removeAttribute('data-reduce-motion');
  }
})();
