// Selah's service worker: Web Push only. Served from the site root (scope '/') with
// `Cache-Control: no-cache`, so the browser always checks for a new version.
//
// It deliberately has no 'fetch' handler and uses no Cache Storage: the app's files are never
// cached or served from here, so a deploy can never leave a tab on stale code.
//
// The server's push payload is JSON: { title, body, url } where url is a path of this app.

/* eslint-env serviceworker */

self.addEventListener('install', function () {
  // Nothing to prepare: take over from an older version at once.
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

/** Only paths of this app are opened; anything else falls back to the dashboard. */
function appUrl(value) {
  try {
    var url = new URL(
      typeof value === 'string' && value ? value : '/dashboard',
      self.location.origin,
    );
    if (url.origin === self.location.origin) return url.href;
  } catch (_error) {
    // Not a URL: use the default below.
  }
  return new URL('/dashboard', self.location.origin).href;
}

function readPayload(data) {
  if (!data) return {};
  try {
    var json = data.json();
    return json && typeof json === 'object' ? json : {};
  } catch (_error) {
    return { body: data.text() };
  }
}

self.addEventListener('push', function (event) {
  var payload = readPayload(event.data);
  var title = typeof payload.title === 'string' && payload.title ? payload.title : 'Selah';
  var body = typeof payload.body === 'string' ? payload.body : '';
  var url = appUrl(payload.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: url },
      // Repeated pushes about the same page replace each other instead of piling up.
      tag: url,
      renotify: true,
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      // A tab already showing the page: focus it.
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && 'focus' in windows[i]) return windows[i].focus();
      }
      // Another tab of the app: bring it forward and take it there.
      for (var j = 0; j < windows.length; j++) {
        var client = windows[j];
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          return client
            .focus()
            .then(function (focused) {
              return focused.navigate(url);
            })
            .catch(function () {
              // Only tabs this worker controls can be navigated: open a new one instead.
              return self.clients.openWindow(url);
            });
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
