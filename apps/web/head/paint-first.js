// Inlined at the end of <body> of every built page (vite.config.ts, `paintFirst`) in place of the
// app's <script type="module">: the page preloads the entry instead (<link rel="modulepreload">,
// so it and its imports download as early as before), and this starts it (`data-entry`).
// On a page whose #root came prerendered (the landing page, /login), it first lets the browser
// paint that HTML: otherwise, with the JS already downloaded, the browser runs all of it before
// its first paint (issue 7's FCP/LCP). An empty #root (the signed-in pages) has nothing to paint,
// so the app starts at once, as before. A hidden page does not paint: it starts at once too.
(function () {
  var current = document.currentScript;
  var entry = current && current.getAttribute('data-entry');
  if (!entry) return;
  // Modules to fetch only now (space-separated): a prerendered page, which paints without its JS.
  var preload = current.getAttribute('data-preload');
  var started = false;
  var observer = null;
  function start() {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    document.removeEventListener('visibilitychange', start);
    var files = preload ? preload.split(' ') : [];
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  var root = document.getElementById('root');
  if (
    !root ||
    !root.hasChildNodes() ||
    document.visibilityState !== 'visible' ||
    typeof window.requestAnimationFrame !== 'function'
  ) {
    start();
    return;
  }
  // The first contentful paint is reported once the frame is on screen, which can be well after
  // the main thread has painted it (raster and compositing): start then.
  var types = window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') !== -1) {
    observer = new window.PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // Without paint timing, or should nothing contentful be reported: a frame callback runs just
  // before the browser paints, a task queued from it after; give the report some time first.
  window.requestAnimationFrame(function () {
    window.setTimeout(start, observer ? 1000 : 0);
  });
  // Frames stop while the page is hidden: start then instead of when it is shown again.
  document.addEventListener('visibilitychange', start);
})();
