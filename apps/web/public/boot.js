// Starts the app on a prerendered page (apps/web/build/prerender.ts writes the tag), after the
// page's first paint, so on a slow connection its HTML and CSS get the network first.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(',').filter(Boolean);
  function start() {
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
