// The "repair" panel of the page: mojibake repaired, as `charscope fix --json` says.
//
// A panel registers itself in window.charscopePanels; app.js POSTs {input, mode, encoding} (the
// same body as /api/inspect, plus `limit` when the panel names one) to `endpoint` after each
// reading and calls render(container, data, page) with the JSON answer (data is null when
// endpoint is null). `page` offers el(tag, props, ...children), plural, cut, marked(text, marks),
// setEncoding(label), setInput(input, mode), showOffset(offset) and whole() (the same request
// without `limit`, for that reading). Build nodes with page.el or textContent: HTML is never
// built from strings (the CSP and a router test hold every script to that).
//
// The answer is the library's Repair value: {text, changed, steps, spans, alternatives, lost,
// stages, score, text_cut}, with `cuts` (what was repaired or listed only in part: the page
// repairs the first 32 KiB) and `hidden` (the hidden characters of each text). The panel shows
// the repaired text, the chain as steps to click through (each step's text), each repaired
// place, what was lost and the other repairs that also fit; every hidden character is drawn as
// a mark, never applied (a bidi control would reorder the text). It asks for the first
// MAX_SHOWN characters of each text only (`limit`): a large input that needs no repair is not
// sent back whole. page.whole() asks for every text whole, for the buttons that read a
// repaired text; they are off when only the start of the input was repaired (reading it would
// drop the rest).
'use strict';

(function () {
  /** Characters of each text shown. */
  const MAX_SHOWN = 2000;

  (window.charscopePanels = window.charscopePanels || []).push({
    id: 'repair',
    endpoint: '/api/fix',
    // One more than shown: a text longer than that is cut here, with its ellipsis.
    limit: MAX_SHOWN + 1,
    render(container, data, page) {
      const { el, plural, cut } = page;
      const stepText = (steps) => steps.map((s) => `encode ${s.encode}, decode ${s.decode}`).join('; then ');
      const hidden = (data && data.hidden) || {};
      /** The start of `text`, its hidden characters (`marks`) drawn as marks. */
      const shown = (text, marks) => {
        const c = cut(text, MAX_SHOWN);
        const out = page.marked(c.shown, marks);
        if (c.cut) out.append('…');
        return out;
      };
      /** The input, as far as its hidden characters are marked (`input_chars`). */
      const shownInput = () => {
        const chars = hidden.input_chars;
        const whole = inputText(data);
        if (chars === null || chars === undefined) return shown(whole, hidden.input);
        const c = cut(whole, Math.min(chars, MAX_SHOWN));
        const out = page.marked(c.shown, hidden.input);
        if (c.cut) out.append('…');
        return out;
      };
      const cuts = (data && data.cuts) || [];
      const inputCut = cuts.some((c) => c.what === 'input');
      for (const c of cuts) container.append(el('p', { class: 'muted repair-cut', dataset: { cut: c.what }, text: c.message }));

      if (!data || !data.changed) {
        container.append(el('p', { class: 'muted', text: 'Nothing to repair: this text does not look like mojibake (text decoded with the wrong encoding).' }));
        return;
      }

      container.append(
        el('p', {}, 'Repaired in ', el('strong', { text: plural(data.stages.length, 'step', 'steps') }), ': ', stepText(data.steps), '.'),
      );

      // The chain: the input, then the text after each step; one is shown at a time.
      const output = el('output', { class: 'repair-text', 'aria-live': 'polite' });
      const caption = el('p', { class: 'muted repair-caption' });
      const chain = el('ol', { class: 'repair-chain' });
      const states = [{ label: 'The input', detail: 'as it arrived', text: null, marks: hidden.input }].concat(
        data.stages.map((stage, i) => ({
          label: `Step ${i + 1}`,
          detail: stepText(stage.steps),
          text: stage.text,
          marks: (hidden.stages || [])[i],
        })),
      );
      const buttons = [];
      const select = (k) => {
        buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === k)));
        const state = states[k];
        output.replaceChildren(state.text === null ? shownInput() : shown(state.text, state.marks));
        caption.textContent = `${state.label}: ${state.detail}`;
      };
      states.forEach((state, k) => {
        const button = el('button', { type: 'button', 'aria-pressed': 'false', text: `${state.label}: ${state.detail}` });
        button.addEventListener('click', () => select(k));
        buttons.push(button);
        chain.append(el('li', {}, button));
      });
      container.append(chain, caption, output);
      select(states.length - 1);

      /** Reads a repaired text (`pick` chooses it from an answer), asking for it whole first when
       * this answer holds its start only. */
      const readWhole = (pick) => {
        if (!data.text_cut) {
          page.setInput(pick(data), 'text');
          return;
        }
        page.whole().then((all) => page.setInput(pick(all), 'text'));
      };
      const use = el('button', { type: 'button', text: 'Read the repaired text', disabled: inputCut });
      use.addEventListener('click', () => readWhole((d) => d.text));
      container.append(el('p', {}, use, inputCut ? ' (off: only the start of the text was repaired)' : ''));

      if (data.spans.length) {
        const list = el('ul', { class: 'repair-spans' });
        data.spans.slice(0, 50).forEach((span, i) => {
          const [before, after] = (hidden.spans || [])[i] || [];
          const at = el('button', { type: 'button', class: 'link', text: `byte ${span.offset}` });
          at.addEventListener('click', () => page.showOffset(span.offset));
          list.append(el('li', {}, at, ': ', el('code', {}, shown(span.original, before)), ' → ', el('code', {}, shown(span.text, after)), ` (${stepText(span.steps)})`));
        });
        container.append(el('h3', { text: `Repaired places (${data.spans.length})` }), list);
      }

      if (data.lost.length) {
        const list = el('ul', { class: 'repair-lost' });
        for (const lost of data.lost.slice(0, 50)) {
          list.append(el('li', {}, `byte ${lost.offset}: `, lost.reason));
        }
        container.append(el('h3', { text: `Could not be recovered (${data.lost.length})` }), list);
      }

      if (data.alternatives.length) {
        const list = el('ul', { class: 'repair-alternatives' });
        data.alternatives.forEach((alt, i) => {
          const load = el('button', { type: 'button', text: 'Read this one', disabled: inputCut });
          load.addEventListener('click', () => readWhole((d) => d.alternatives[i].text));
          list.append(el('li', {}, el('code', {}, shown(alt.text, (hidden.alternatives || [])[i])), ` (${stepText(alt.steps)}; ${alt.score.toFixed(1)} bits) `, load));
        });
        container.append(el('h3', { text: 'Also possible' }), list);
      }

      // The input, rebuilt from the repaired text by putting each repaired place's original back
      // (span offsets count UTF-8 bytes of the input); of a text cut short, as far as it goes,
      // and of a list of places cut short, up to the last place listed.
      function inputText(d) {
        const enc = new TextEncoder();
        const dec = new TextDecoder();
        const repaired = enc.encode(d.text);
        let out = '';
        let inputAt = 0;
        let pos = 0;
        for (const span of d.spans) {
          const gap = span.offset - inputAt;
          if (pos + gap + enc.encode(span.text).length > repaired.length) break;
          out += dec.decode(repaired.slice(pos, pos + gap));
          pos += gap + enc.encode(span.text).length;
          out += span.original;
          inputAt = span.offset + span.length;
        }
        if ((d.cuts || []).some((c) => c.what === 'spans')) return out;
        return out + dec.decode(repaired.slice(pos));
      }
    },
  });
}());
