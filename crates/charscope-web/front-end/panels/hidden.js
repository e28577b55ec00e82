// The "hidden" panel of the page: the findings of `charscope scan` for the input (bidi controls,
// invisible characters, lookalikes, mixed scripts, lines not in NFC, malformed bytes), and, when
// the input looks like a URL or a path, the layers of `charscope url`: what each decoding a
// server may apply makes of it, and the evasions found on the way.
//
// A panel registers itself in window.charscopePanels; app.js POSTs {input, mode, encoding} (the
// same body as /api/inspect) to `endpoint` after each reading and calls
// render(container, data, page) with the JSON answer (data is null when endpoint is null).
// `page` offers el(tag, props, ...children), plural, cut, setEncoding(label),
// setInput(input, mode) and showOffset(offset). Build nodes with page.el or textContent: HTML
// is never built from strings (the CSP and a router test hold every script to that).
'use strict';

(window.charscopePanels = window.charscopePanels || []).push({
  id: 'hidden',
  endpoint: '/api/scan',
  render(container, data, page) {
    const { el, plural } = page;
    const findings = data.findings || [];
    const allowed = data.allowed
      ? ` (${plural(data.allowed, 'more is', 'more are')} where it belongs: emoji sequences, joiners inside words, no-break spaces...)`
      : '';
    container.append(el('p', { id: 'hidden-summary', class: findings.length ? 'bad-text' : 'muted' },
      findings.length
        ? `${plural(findings.length, 'finding', 'findings')}${allowed}`
        : `No hidden characters, bidi controls or lookalikes${allowed}.`));
    if (findings.length) {
      const list = el('ul', { id: 'hidden-list', class: 'findings' });
      for (const f of findings) {
        const where = f.line ? `line ${f.line}, column ${f.column}` : '';
        const item = el('li', { dataset: { code: f.code } },
          el('code', { class: 'finding-code', text: f.code }), ' ',
          el('span', { class: 'muted', text: where }), ' ',
          el('span', { text: f.message }));
        if (f.offset !== null && f.offset !== undefined) {
          const go = el('button', { type: 'button', class: 'link', text: `byte ${f.offset}` });
          go.addEventListener('click', () => page.showOffset(f.offset));
          item.append(' ', go);
        }
        list.append(item);
      }
      container.append(list);
    }
    if (data.url) renderUrl(container, data.url, page);
  },
});

/** The url lens: each layer's output, then the findings with the layer that shows them. */
function renderUrl(container, url, page) {
  const { el, plural } = page;
  container.append(el('h3', { text: 'What a server would see' }));
  const table = el('table', { id: 'url-layers', class: 'url-layers' },
    el('thead', {}, el('tr', {}, el('th', { text: 'Layer' }), el('th', { text: 'Output' }))));
  const body = el('tbody');
  for (const layer of url.layers) {
    body.append(el('tr', { dataset: { layer: layer.name } },
      el('th', { scope: 'row', text: layer.name }),
      el('td', {}, el('code', { text: layer.output, title: layer.hex }))));
  }
  table.append(body);
  container.append(table);
  container.append(el('p', { class: url.findings.length ? 'bad-text' : 'muted' },
    url.findings.length ? plural(url.findings.length, 'evasion finding', 'evasion findings') : 'No evasion found.'));
  const list = el('ul', { id: 'url-findings', class: 'findings' });
  for (const f of url.findings) {
    list.append(el('li', { dataset: { code: f.code } },
      el('code', { class: 'finding-code', text: f.code }), ' ',
      el('span', { class: 'muted', text: `after ${f.layer}, input byte ${f.offset}` }), ' ',
      el('span', { text: f.detail })));
  }
  container.append(list);
}
