// The casting day's place page (issue 35; /turno, /manage): Chrome on Android shows a page's system
// notification only through a service worker. This one does nothing else: no fetch handler, so it
// caches and intercepts nothing. A tap on the notification brings back the page that showed it.
self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
      for (var i = 0; i < pages.length; i++) if (pages[i].url === url) return pages[i].focus();
      return self.clients.openWindow(url);
    }),
  );
});
