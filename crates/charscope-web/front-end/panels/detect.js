// The "detect" panel of the page: a placeholder until its view exists.
//
// A panel registers itself in window.charscopePanels; app.js POSTs {input, mode, encoding} (the
// same body as /api/inspect) to `endpoint` after each reading and calls
// render(container, data, page) with the JSON answer (data is null when endpoint is null).
// `page` offers el(tag, props, ...children), plural, cut, setEncoding(label),
// setInput(input, mode) and showOffset(offset). Build nodes with page.el or textContent: HTML
// is never built from strings (the CSP and a router test hold every script to that).
'use strict';

(window.charscopePanels = window.charscopePanels || []).push({
  id: 'detect',
  endpoint: null,
  render(container, data, page) {
    container.append(page.el('p', { class: 'muted', text: 'Guessing the encoding of unknown bytes, with its reasons and alternatives, comes in a later version.' }));
  },
});
