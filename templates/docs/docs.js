(function () {
  'use strict';
  var root = document.documentElement;
  var stored = null;
  try { stored = window.localStorage.getItem('a2a-docs-theme'); } catch (e) { stored = null; }
  if (stored === 'light' || stored === 'dark') root.setAttribute('data-theme', stored);
  document.getElementById('theme').addEventListener('click', function () {
    var dark = root.getAttribute('data-theme') ? root.getAttribute('data-theme') === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    var next = dark ? 'light' : 'dark';
    root.setAttribute('data-theme', next);
    try { window.localStorage.setItem('a2a-docs-theme', next); } catch (e) { /* private mode */ }
  });
  document.getElementById('menu').addEventListener('click', function () { document.body.classList.toggle('nav-open'); });
  document.querySelectorAll('nav a').forEach(function (a) { a.addEventListener('click', function () { document.body.classList.remove('nav-open'); }); });
  var input = document.getElementById('search');
  var entries = Array.prototype.slice.call(document.querySelectorAll('[data-search]'));
  var links = Array.prototype.slice.call(document.querySelectorAll('nav [data-target]'));
  var nothing = document.getElementById('nothing');
  function filter() {
    var q = input.value.trim().toLowerCase();
    var shown = 0;
    var visible = {};
    entries.forEach(function (el) {
      var match = !q || el.getAttribute('data-search').indexOf(q) >= 0;
      el.classList.toggle('hidden', !match);
      if (match) { shown++; visible[el.id] = true; }
    });
    links.forEach(function (a) { a.parentNode.classList.toggle('hidden', !visible[a.getAttribute('data-target')]); });
    document.querySelectorAll('section[data-group]').forEach(function (s) {
      s.classList.toggle('hidden', q !== '' && !s.querySelector('[data-search]:not(.hidden)'));
    });
    nothing.style.display = q && shown === 0 ? 'block' : 'none';
  }
  input.addEventListener('input', filter);
  document.addEventListener('keydown', function (e) {
    if (e.key === '/' && document.activeElement !== input) { e.preventDefault(); input.focus(); }
    if (e.key === 'Escape' && document.activeElement === input) { input.value = ''; filter(); }
  });
})();
