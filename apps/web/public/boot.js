/* global document, window, setTimeout, requestAnimationFrame */
// Starts the app on a prerendered page (apps/web/build/prerender.ts writes the tag), after the
// page's first paint, so on a slow connection its HTML and CSS get the network first. The shared
// chunks are evaluated one per task (deepest first, as the build lists them) before the entry,
// so no single long task keeps the page from answering a tap while the app starts.
(function () {
  // The first tap on a control while the layer (#boot-shield) covers the page is kept, not lost:
  // the app replays it once it has taken over (take-over-prerendered.tsx), so a visitor who taps
  // "Get Started" or "Purchase" at once gets what one who waited gets.
  var shield = document.getElementById('boot-shield');
  if (shield) {
    shield.addEventListener('click', function (event) {
      if (window.__lbsPendingTap) return;
      shield.style.pointerEvents = 'none';
      var under = document.elementFromPoint(event.clientX, event.clientY);
      shield.style.pointerEvents = '';
      var control = under && under.closest('a[href], button, [role="button"], input, select, textarea, label');
      if (!control) return;
      window.__lbsPendingTap = { target: control, x: event.clientX, y: event.clientY };
      shield.style.cursor = 'progress';
    });
  }
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var chunks = (script.getAttribute('data-preload') || '').split(',').filter(Boolean);
  function nextTask() {
    return new Promise(function (resolve) {
      setTimeout(resolve, 0);
    });
  }
  function start() {
    // Plain preload (fetch only): modulepreload would also compile every chunk in this one task.
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    chunks
      .reduce(function (done, href) {
        return done.then(function () {
          return import(href).then(nextTask);
        });
      }, Promise.resolve())
      .then(function () {
        return import(entry);
      });
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
