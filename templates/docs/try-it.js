// The try-it panel: sends one request to the agent that serves this page — JSON-RPC, or the
// method's HTTP+JSON route when that binding is picked — and shows the answer. A version that
// negotiates gets its header (A2A-Version) on every call; a skill picked fills the message. Everything the server says is shown with textContent, never parsed as HTML; the
// page's CSP (connect-src 'self') lets fetch reach this origin only. Credentials live in the
// inputs and are never stored.
(function () {
  'use strict';
  var panel = document.getElementById('try-panel');
  if (!panel) return;
  var select = document.getElementById('try-method');
  var params = document.getElementById('try-params');
  var send = document.getElementById('try-send');
  var stop = document.getElementById('try-stop');
  var reset = document.getElementById('try-reset');
  var statusLine = document.getElementById('try-status');
  var output = document.getElementById('try-output');
  var skill = document.getElementById('try-skill');
  var binding = document.getElementById('try-binding');
  var exampleTask = panel.getAttribute('data-example-task') || '';
  var MAX_EVENTS = 500;
  var lastTask = '';
  var nextId = 1;
  var running = null;
  // Only a page served over HTTP(S) has an agent on its origin; from a file it documents only.
  var served = location.protocol === 'http:' || location.protocol === 'https:';
  document.getElementById('try-offline').hidden = served;
  if (!served) send.disabled = true;

  function chosen() { return select.options[select.selectedIndex]; }
  function fill() {
    var option = chosen();
    var text = option ? option.getAttribute('data-params') || '' : '';
    // After a call made a task, methods on a task start from that task instead of the example's.
    if (lastTask && exampleTask && option && option.getAttribute('data-follows') === '1') text = text.split(exampleTask).join(lastTask);
    params.value = text;
    params.disabled = !!option && text === '';
    params.placeholder = text === '' ? 'This method takes no params.' : '';
    pickSkill();
  }
  // A send (or streaming send) to the skill picked: its part, its id in metadata.skillId.
  function pickSkill() {
    var option = chosen();
    var role = option ? option.getAttribute('data-role') : '';
    if (!skill || (role !== 'send' && role !== 'stream')) return;
    var value;
    try { value = JSON.parse(params.value); } catch (e) { return; }
    if (!value || typeof value.message !== 'object' || !value.message) return;
    var message = value.message;
    var metadata = message.metadata && typeof message.metadata === 'object' ? message.metadata : {};
    var picked = skill.options[skill.selectedIndex];
    if (picked && picked.value) {
      metadata.skillId = picked.value;
      message.parts = [JSON.parse(picked.getAttribute('data-part'))];
    } else delete metadata.skillId;
    if (Object.keys(metadata).length) message.metadata = metadata;
    else delete message.metadata;
    params.value = JSON.stringify(value, null, 2);
  }
  if (skill) skill.addEventListener('change', pickSkill);
  select.addEventListener('change', fill);
  reset.addEventListener('click', fill);
  document.querySelectorAll('.try-this').forEach(function (button) {
    button.addEventListener('click', function () {
      select.value = button.getAttribute('data-method');
      fill();
      document.getElementById('try').scrollIntoView();
      select.focus();
    });
  });
  fill();

  function show(text, kind) {
    statusLine.textContent = text;
    statusLine.className = kind || '';
  }
  function block(title, text) {
    var figure = document.createElement('figure');
    var caption = document.createElement('figcaption');
    var pre = document.createElement('pre');
    caption.textContent = title;
    pre.textContent = text;
    figure.appendChild(caption);
    figure.appendChild(pre);
    output.appendChild(figure);
  }
  function pretty(text) {
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch (e) { return text; }
  }
  // Remembers the task a result or event names, so the next tasks/get can use it.
  function noteTask(text) {
    var value;
    try { value = JSON.parse(text); } catch (e) { return; }
    // A JSON-RPC answer carries its result; an HTTP+JSON one is the result. v1.0 wraps it (`{ task }`, `{ statusUpdate }`).
    var result = value && typeof value === 'object' ? ('result' in value ? value.result : value) : undefined;
    if (!result || typeof result !== 'object') return;
    ['task', 'statusUpdate', 'artifactUpdate'].forEach(function (member) {
      if (result[member] && typeof result[member] === 'object') result = result[member];
    });
    var id = typeof result.taskId === 'string' ? result.taskId : typeof result.id === 'string' && result.status ? result.id : '';
    if (id) lastTask = id;
  }
  function rpcError(text) {
    try {
      var e = JSON.parse(text).error;
      return e && typeof e === 'object' ? 'error ' + (e.code !== undefined ? e.code : e.status) + ': ' + e.message : '';
    } catch (x) { return ''; }
  }

  function request(option, body, route) {
    var url = new URL(route ? route.path : panel.getAttribute('data-endpoint') || '/', location.origin);
    if (route && route.query) Object.keys(route.query).forEach(function (k) { url.searchParams.set(k, String(route.query[k])); });
    var headers = new Headers(body === undefined ? {} : { 'content-type': 'application/json' });
    var versionHeader = panel.getAttribute('data-version-header');
    if (versionHeader) headers.set(versionHeader, panel.getAttribute('data-version') || '');
    if (option.getAttribute('data-stream') === '1') headers.set('accept', 'text/event-stream');
    document.querySelectorAll('.try-credential').forEach(function (input) {
      var value = input.value.trim();
      if (!value) return;
      var kind = input.getAttribute('data-kind');
      var param = input.getAttribute('data-param');
      if (kind === 'authorization') headers.set('authorization', param + ' ' + value);
      else if (kind === 'basic') headers.set('authorization', 'Basic ' + base64(value));
      else if (kind === 'header') headers.set(param, value);
      else if (kind === 'query') url.searchParams.set(param, value);
    });
    return { url: url, init: { method: route ? route.verb : 'POST', headers: headers, body: body, cache: 'no-store', credentials: 'same-origin', redirect: 'error' } };
  }
  // The method's HTTP+JSON route (`POST /rest/tasks/{id}:cancel`), its `{field}`s taken out of the
  // params; the rest is the body, or the query of a route without one.
  function restRoute(option, values) {
    var spec = (option.getAttribute('data-rest') || '').split(' ');
    var rest = {};
    Object.keys(values || {}).forEach(function (k) { rest[k] = values[k]; });
    var path = spec[1].replace(/\{([^}]+)\}/g, function (_, field) {
      var v = rest[field];
      delete rest[field];
      return encodeURIComponent(v === undefined ? '' : String(v));
    });
    var hasBody = spec[0] !== 'GET' && spec[0] !== 'DELETE';
    return { verb: spec[0], path: path, body: hasBody ? JSON.stringify(rest) : undefined, query: hasBody ? undefined : rest };
  }
  function base64(text) {
    var bytes = new TextEncoder().encode(text);
    var binary = '';
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  }

  function httpLine(response) {
    var line = 'HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : '');
    if (response.status === 401) return line + ': the agent did not accept these credentials (WWW-Authenticate: ' + (response.headers.get('www-authenticate') || 'none') + ')';
    if (response.status === 403) return line + ': the agent knows these credentials but refuses them';
    return line;
  }

  function readEvents(response, signal) {
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var buffer = '';
    var data = [];
    var count = 0;
    var failure = '';
    function summary(end) {
      show(httpLine(response) + ' · text/event-stream · ' + count + (count === 1 ? ' event' : ' events') + end + (failure ? ' · ' + failure : ''), failure ? 'bad' : 'ok');
    }
    function dispatch() {
      if (!data.length) return;
      var text = data.join('\n');
      data = [];
      count++;
      noteTask(text);
      failure = failure || rpcError(text);
      if (count <= MAX_EVENTS) block('event ' + count, pretty(text));
      else if (count === MAX_EVENTS + 1) block('…', 'Later events are not shown.');
      summary(' so far');
    }
    function line(text) {
      if (text === '') return dispatch();
      if (text.charAt(0) === ':') return; // keep-alive comment
      var colon = text.indexOf(':');
      var field = colon < 0 ? text : text.slice(0, colon);
      var value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
    }
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) {
          dispatch();
          return summary(', stream ended');
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        var lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop();
        lines.forEach(line);
        if (!signal.aborted) return pump();
      });
    }
    return pump();
  }

  send.addEventListener('click', function () {
    var option = chosen();
    if (!option || running) return;
    var values;
    var text = params.value.trim();
    if (text) {
      try { values = JSON.parse(text); } catch (e) { return show('The params are not JSON: ' + e.message, 'bad'); }
    }
    var call;
    if (binding && binding.value === 'rest') {
      if (!option.getAttribute('data-rest')) return show(option.value + ' has no HTTP+JSON route this panel can call; pick JSON-RPC.', 'bad');
      var route = restRoute(option, values);
      call = request(option, route.body, route);
    } else {
      var body = { jsonrpc: '2.0', id: nextId++, method: option.value };
      if (values !== undefined) body.params = values;
      call = request(option, JSON.stringify(body));
    }
    output.textContent = '';
    show('Sending ' + option.value + ' to ' + call.init.method + ' ' + call.url.pathname + '…', '');
    running = new AbortController();
    call.init.signal = running.signal;
    send.disabled = true;
    stop.disabled = false;
    var signal = running.signal;
    fetch(call.url, call.init)
      .then(function (response) {
        var type = response.headers.get('content-type') || '';
        if (response.ok && type.indexOf('text/event-stream') === 0 && response.body) return readEvents(response, signal);
        return response.text().then(function (answer) {
          noteTask(answer);
          var failure = rpcError(answer);
          show(httpLine(response) + (failure ? ' · ' + failure : ''), response.ok && !failure ? 'ok' : 'bad');
          block('response' + (type ? ' (' + type + ')' : ''), pretty(answer));
        });
      })
      .catch(function (error) {
        show(signal.aborted ? 'Stopped.' : 'The request failed: ' + error.message, signal.aborted ? '' : 'bad');
      })
      .then(function () {
        running = null;
        send.disabled = false;
        stop.disabled = true;
      });
  });
  stop.addEventListener('click', function () { if (running) running.abort(); });
})();
