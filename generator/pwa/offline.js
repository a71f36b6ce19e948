// Sortie: registers the site's service worker (sw.js, beside this file),
// which keeps the site on the device for use offline. Opened from the
// disk, or in a browser without service workers, it does nothing.
(function () {
  var me = document.currentScript;
  if (!me || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register(new URL("sw.js", me.src).href).catch(function () {});
})();
