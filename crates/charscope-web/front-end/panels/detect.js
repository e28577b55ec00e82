// The "detect" panel of the page: which encoding the bytes are in, how sure, and why.
//
// A panel registers itself in window.charscopePanels; app.js POSTs {input, mode, encoding} (the
// same body as /api/inspect) to `endpoint` after each reading and calls
// render(container, data, page) with the JSON answer (data is null when endpoint is null).
// `page` offers el(tag, props, ...children), plural, cut, setEncoding(label),
// setInput(input, mode) and showOffset(offset). Build nodes with page.el or textContent: HTML
// is never built from strings (the CSP and a router test hold every script to that).
//
// The answer is POST /api/detect's, the same JSON as `charscope detect --json`: encoding,
// confidence, status (certain, likely or uncertain), language, method, reasons, alternatives,
// segments, declared. An uncertain answer is shown as a best guess among candidates. Every other reading
// is one click away (page.setEncoding); segments and the declaration point at their bytes
// (page.showOffset).
'use strict';

(function () {
  const METHODS = {
    empty: 'nothing to detect',
    bom: 'byte order mark',
    structure: 'structure of the bytes',
    ascii: 'pure ASCII',
    escape: 'escape sequences',
    segments: 'changes part way',
    statistics: 'letter statistics',
    binary: 'binary data',
    unknown: 'no plausible reading',
  };

  function percent(x) {
    return `${Math.round(x * 1000) / 10}%`;
  }

  /** A button that reads the input with `label`. */
  function readAs(page, label, text) {
    const button = page.el('button', { type: 'button', class: 'link', dataset: { encoding: label }, text });
    button.addEventListener('click', () => page.setEncoding(label));
    return button;
  }

  /** A button that selects the bytes at `offset` in the byte grid. */
  function showBytes(page, offset, text) {
    const button = page.el('button', { type: 'button', class: 'link', dataset: { offset: String(offset) }, text });
    button.addEventListener('click', () => page.showOffset(offset));
    return button;
  }

  function reasonList(page, reasons, max) {
    const shown = max ? reasons.slice(0, max) : reasons;
    return page.el('ul', { class: 'reasons' }, ...shown.map((r) => page.el('li', { text: r })));
  }

  window.charscopePanels = window.charscopePanels || [];
  window.charscopePanels.push({
    id: 'detect',
    endpoint: '/api/detect',
    render(container, data, page) {
      if (!data) return;
      const certain = data.encoding && data.confidence >= 1;
      const uncertain = data.encoding && data.status === 'uncertain';
      const answer = data.encoding
        ? page.el('strong', { class: 'answer', dataset: { encoding: data.encoding }, text: data.encoding })
        : page.el('strong', { class: 'answer bad-text', text: METHODS[data.method] || data.method });
      const how = [METHODS[data.method] || data.method];
      if (uncertain) how.push('uncertain: a best guess');
      if (data.encoding) how.push(certain ? 'certain' : `confidence ${percent(data.confidence)}`);
      if (data.language) how.push(`language ${data.language}`);
      const head = page.el('p', { class: 'detect-answer', dataset: { status: data.status || '' } }, answer, ` (${how.join(', ')})`);
      if (data.encoding) head.append(' ', readAs(page, data.encoding, `read as ${data.encoding}`));
      container.append(head);
      container.append(reasonList(page, data.reasons || []));

      const declared = data.declared;
      if (declared) {
        const line = page.el('p', { class: declared.agrees ? 'muted' : 'bad-text' },
          declared.agrees ? 'Declared, and the bytes agree: ' : 'Declared, but the bytes disagree: ',
          declared.reason);
        if (declared.offset !== null && declared.offset !== undefined) {
          line.append(' ', showBytes(page, declared.offset, 'show the declaration'));
        }
        if (declared.encoding && !declared.agrees) {
          line.append(' ', readAs(page, declared.encoding, `read as declared (${declared.encoding})`));
        }
        container.append(line);
      }

      const segments = data.segments || [];
      if (segments.length) {
        container.append(page.el('h3', { text: `The encoding changes part way: ${page.plural(segments.length, 'segment', 'segments')}` }));
        const rows = segments.map((s) => page.el('tr', {},
          page.el('td', { class: 'number' }, showBytes(page, s.offset, `bytes ${s.offset}–${s.offset + s.length}`)),
          page.el('td', { class: 'number', text: page.plural(s.length, 'byte', 'bytes') }),
          page.el('td', {}, readAs(page, s.encoding, s.encoding))));
        container.append(page.el('table', { class: 'segments' },
          page.el('thead', {}, page.el('tr', {}, page.el('th', { text: 'where' }), page.el('th', { text: 'length' }), page.el('th', { text: 'encoding' }))),
          page.el('tbody', {}, ...rows)));
      }

      const alternatives = data.alternatives || [];
      if (alternatives.length) {
        container.append(page.el('h3', { text: uncertain ? 'Other candidates' : 'Other readings' }));
        const items = alternatives.map((a) => page.el('li', { dataset: { encoding: a.encoding } },
          readAs(page, a.encoding, a.encoding),
          ` ${percent(a.confidence)}`,
          reasonList(page, a.reasons || [], 2)));
        container.append(page.el('ul', { class: 'alternatives' }, ...items));
      }
    },
  });
}());
