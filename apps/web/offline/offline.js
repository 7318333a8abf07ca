// The offline page's one script (offline-page.ts builds the page): shows the <main> in the
// language the site was last read in (the app keeps it in localStorage under `locale`, as
// src/lib/i18n.ts does), else the browser's; English, the first, shows without it.
/* global window, document */
(function () {
  var wanted = null;
  try {
    wanted = window.localStorage.getItem('locale');
  } catch {
    // Storage disabled: follow the browser.
  }
  wanted = wanted || navigator.language || '';
  var pages = document.querySelectorAll('main[lang]');
  var chosen = null;
  for (var i = 0; i < pages.length && !chosen; i++) {
    var lang = pages[i].getAttribute('lang');
    if (wanted === lang || wanted.indexOf(lang + '-') === 0) chosen = pages[i];
  }
  if (!chosen) return;
  for (var j = 0; j < pages.length; j++) pages[j].hidden = pages[j] !== chosen;
  document.documentElement.lang = chosen.getAttribute('lang');
  document.title = chosen.getAttribute('data-title');
})();
