// After React Router's scripts on every page that loads the app (src/app/paint-first.ts holds
// them back): starts the app once the browser has painted the page the server sent, so the page
// paints from its HTML and CSS before any of the app's JavaScript downloads. A hidden page
// does not paint: it starts at once.
(function () {
  var current = document.currentScript;
  var held = document.getElementById('app-start');
  if (!current || !held) return;
  var started = false;
  var observer = null;
  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    document.removeEventListener('visibilitychange', start);
    var files = (held.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = files[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.nonce = current.nonce;
    script.textContent = held.textContent;
    document.head.appendChild(script);
  }
  if (
    document.visibilityState !== 'visible' ||
    typeof window.requestAnimationFrame !== 'function'
  ) {
    start();
    return;
  }
  // First contentful paint is reported once the frame is on screen, which can be well after the
  // main thread has painted it: start then.
  var types = window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') !== -1) {
    observer = new window.PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // Without paint timing, or should nothing contentful be reported: after the next frame.
  window.requestAnimationFrame(function () {
    window.setTimeout(start, observer ? 1000 : 0);
  });
  document.addEventListener('visibilitychange', start);
})();
