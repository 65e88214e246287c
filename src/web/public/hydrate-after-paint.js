// Inlined at the end of each server-rendered public page (src/server/http/inline-assets.ts). The
// page is whole without JavaScript, so the modules that hydrate it wait for its first paint
// (data-modules: the entry first, then the chunks it will import). On a slow link the first paint
// waits on the HTML alone. A hidden tab paints nothing, so there they start at once.
(function (script) {
  var modules = ((script && script.getAttribute("data-modules")) || "").split(" ").filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules
      .slice(1)
      .concat(modules.slice(0, 1))
      .forEach(function (src, i, all) {
        var entry = i === all.length - 1;
        var element = document.createElement(entry ? "script" : "link");
        if (entry) {
          element.type = "module";
          element.src = src;
        } else {
          element.rel = "modulepreload";
          element.href = src;
        }
        element.crossOrigin = "";
        document.head.appendChild(element);
      });
  }
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState === "hidden" || !paints || paints.indexOf("paint") < 0) {
    start();
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: "paint", buffered: true });
  // Never left waiting: a page the browser is slow to paint still comes alive.
  setTimeout(start, 3000);
})(document.currentScript);
