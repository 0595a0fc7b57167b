// Selah's service worker: Web Push only. Served from the site root (scope '/') with
// `Cache-Control: no-cache`, so the browser always checks for a new version.
//
// It deliberately has no 'fetch' handler and uses no Cache Storage: the app's files are never
// cached or served from here, so a deploy can never leave a tab on stale code.
//
// The server's push payload is JSON: { title, body, url } where url is a path of this app. The
// daily digest adds `actions` ([{ action, title }]: "I prayed", "Snooze") and `actionToken`: a
// click on an action posts { token, action } to /api/pray/digest-actions (the worker has no
// session; the token is the capability) without opening the app; a click on the body opens url.

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

/** The actions this worker knows how to send, as the payload names them (others are dropped). */
var KNOWN_ACTIONS = ['prayed', 'snooze'];

function actionsOf(payload) {
  if (!Array.isArray(payload.actions) || typeof payload.actionToken !== 'string') return [];
  return payload.actions
    .filter(function (a) {
      return a && KNOWN_ACTIONS.indexOf(a.action) !== -1 && typeof a.title === 'string' && a.title;
    })
    .map(function (a) {
      return { action: a.action, title: a.title };
    });
}

self.addEventListener('push', function (event) {
  var payload = readPayload(event.data);
  var title = typeof payload.title === 'string' && payload.title ? payload.title : 'Selah';
  var body = typeof payload.body === 'string' ? payload.body : '';
  var url = appUrl(payload.url);
  var actions = actionsOf(payload);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: url, actionToken: actions.length > 0 ? payload.actionToken : null },
      actions: actions,
      // Repeated pushes about the same page replace each other instead of piling up.
      tag: url,
      renotify: true,
    }),
  );
});

/** Sends a digest action; tells the user by a quiet notification how it went. */
function sendAction(action, token) {
  return fetch('/api/pray/digest-actions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ token: token, action: action }),
  })
    .then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw new Error((json && json.message) || 'Something went wrong.');
        return json;
      });
    })
    .then(function (result) {
      var done =
        action === 'snooze'
          ? 'Snoozed until tomorrow.'
          : result.count === 0
            ? 'Nothing was left to record today.'
            : 'Recorded: you prayed ' +
              result.count +
              (result.count === 1 ? ' item' : ' items') +
              ' today.';
      return self.registration.showNotification('Selah', {
        body: done,
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        data: { url: appUrl('/dashboard') },
        tag: 'digest-action',
      });
    })
    .catch(function (error) {
      return self.registration.showNotification('Selah', {
        body: error && error.message ? error.message : 'Something went wrong.',
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        data: { url: appUrl('/pray?due=1') },
        tag: 'digest-action',
      });
    });
}

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  // An action button ("I prayed", "Snooze"): act without opening the app.
  if (event.action && KNOWN_ACTIONS.indexOf(event.action) !== -1 && data.actionToken) {
    event.waitUntil(sendAction(event.action, data.actionToken));
    return;
  }
  var url = appUrl(data.url);
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
