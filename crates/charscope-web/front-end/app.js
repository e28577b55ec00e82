// charscope page: talks to the JSON API of the server it came from, and to nothing else.
//
// Safety: every string that comes from the input (or from the server's reading of it) reaches
// the page as text: textContent, createTextNode, or an attribute value. No HTML is ever built
// from strings.
'use strict';

(() => {
  /** Unit rows asked for per request (about 0.8 kB of JSON each); the rest come on demand. */
  const PAGE = 500;
  /** Unit rows put in the page per animation frame, so that big inputs never freeze it. */
  const CHUNK = 125;
  /** Characters of decoded text shown; the rest is counted. */
  const TEXT_SHOWN = 5000;
  /** Characters of a compare reading shown in its row. */
  const READING_SHOWN = 120;
  /** Compare rows shown on a phone until "Show all" is chosen (the most plausible first). */
  const PHONE_ROWS = 20;
  /** Inputs longer than this are not written into the address (the link would be huge). */
  const URL_INPUT_MAX = 32 * 1024;
  /** Milliseconds of quiet typing before the input is read. */
  const DEBOUNCE = 150;
  /** Past this many characters typing waits longer before reading again (`LARGE_DEBOUNCE`). */
  const LARGE_INPUT = 64 * 1024;
  const LARGE_DEBOUNCE = 700;
  /** A paste longer than this is read whole but shown in the box only in part, read-only: a
   * browser lays out a text box of a megabyte for a second or more, at every key. */
  const LARGE_PASTE = 128 * 1024;
  /** How much of a large input the box shows: a few screens of its four rows (laying out more
   * only makes the frame after the paste longer). */
  const LARGE_SHOWN = 4 * 1024;
  /** Byte offsets are marked in the grid every this many bytes. */
  const OFFSET_EVERY = 16;

  const $ = (id) => document.getElementById(id);

  /** An element with properties and children; strings become text nodes. */
  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') node.className = value;
      else if (key === 'text') node.textContent = value;
      else if (key === 'dataset') Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }

  function clear(node) {
    node.replaceChildren();
  }

  const plural = (n, one, many) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
  const spaced = (alias) => String(alias || '').replace(/_/g, ' ');

  /** The first `max` code points of a text, and whether it was cut. */
  function cut(text, max) {
    if (text.length <= max) return { shown: text, cut: false };
    // Each code point takes one or two UTF-16 units: the first 2 * max units hold max of them.
    const chars = Array.from(text.slice(0, 2 * max));
    if (chars.length <= max && text.length <= 2 * max) return { shown: text, cut: false };
    return { shown: chars.slice(0, max).join(''), cut: true };
  }

  let finished = 0;

  /** Tells tests and assistive tools whether the page is still working; `data-done` counts the
   * readings finished, so a test can wait for the one its action started. */
  function busy(flag) {
    document.body.dataset.busy = flag ? 'true' : 'false';
    if (!flag) document.body.dataset.done = String(++finished);
  }

  /** The last text put into a request body as a JSON string, and that JSON string's UTF-8 in a
   * Blob. Every request about one reading (inspect, compare, encode and each panel) sends the
   * same input: it is encoded once, and each body refers to it instead of copying a megabyte. */
  let sent = [];

  /** A JSON body: `fields`, plus `key` (the last field) holding `text`. */
  function bodyWith(fields, key, text) {
    let known = sent.find((s) => s.text === text);
    if (!known) {
      // Two are kept: the input box, and a decoded text the encode panel sends.
      known = { text, blob: new Blob([JSON.stringify(text)]) };
      sent = [known, ...sent.slice(0, 1)];
    }
    const head = JSON.stringify(fields).slice(0, -1);
    return new Blob([`${head}${head === '{' ? '' : ','}${JSON.stringify(key)}:`, known.blob, '}']);
  }

  const transport = window.charscopeTransport;

  /** GETs `path`, or POSTs `body` (an object, or a Blob from `bodyWith`) as JSON, through the
   * server or the WebAssembly worker (transport.js). When no answer can come (the server has
   * stopped), the page says so and waits for it. */
  async function api(path, body, signal) {
    const payload = body === undefined || body instanceof Blob ? body : JSON.stringify(body);
    try {
      const data = await transport.call(path, payload, signal);
      if (stopped) answering();
      return data;
    } catch (e) {
      if (e.stopped) notAnswering(e.message);
      throw e;
    }
  }

  // ---------------------------------------------------------------- when the server stops

  /** Whether the server (or the worker) has stopped answering. */
  let stopped = false;
  let retry = null;

  /** Says that no answer can come, and (from a server) asks again every few seconds. */
  function notAnswering(message) {
    const first = !stopped;
    stopped = true;
    document.body.dataset.stopped = 'true';
    const banner = $('stopped');
    banner.hidden = false;
    banner.textContent = transport.kind === 'server'
      ? `charscope's server has stopped answering (${message}). Start it again with “charscope serve”: this page reads the input again as soon as it answers.`
      : `charscope cannot run here: ${message}.`;
    if (first && transport.kind === 'server') {
      retry = setInterval(() => {
        transport.call('/api/formats').then(() => {
          if (!stopped) return;
          answering();
          refresh();
        }, () => {});
      }, 2000);
    }
  }

  /** The server answers again. */
  function answering() {
    stopped = false;
    document.body.dataset.stopped = 'false';
    $('stopped').hidden = true;
    clearInterval(retry);
    retry = null;
  }

  // ---------------------------------------------------------------- state and the address

  /** What the page shows: every setting, all kept in the address. */
  const state = {
    input: '',
    mode: 'auto',
    encoding: 'auto',
    format: 'auto',
    wordOrder: 'auto',
    encodeTo: 'UTF-8',
    encodeFormat: 'hex',
    encodeBom: false,
  };
  const MODES = ['auto', 'text', 'hex', 'escapes', 'base64'];
  /** The settings of the reading (a change reads the input again). */
  const READING = ['input', 'mode', 'encoding', 'format', 'wordOrder'];

  /** Whether the address holds a reading (`#input=...`), not a plain fragment (`#results`). */
  function addressHasState() {
    return location.hash.includes('=');
  }

  function readAddress() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    return {
      input: params.get('input') ?? '',
      mode: MODES.includes(params.get('mode')) ? params.get('mode') : 'auto',
      encoding: params.get('encoding') || 'auto',
      format: params.get('format') || 'auto',
      wordOrder: ['little', 'big'].includes(params.get('word-order')) ? params.get('word-order') : 'auto',
      encodeTo: params.get('to') || 'UTF-8',
      encodeFormat: params.get('out') || 'hex',
      encodeBom: params.get('bom') === '1',
    };
  }

  /** What the server needs to read the input box, with `fields` added: a request body. */
  function reading(fields = {}) {
    return bodyWith({ mode: state.mode, format: state.format, word_order: state.wordOrder, ...fields }, 'input', state.input);
  }

  function writeAddress() {
    const share = $('share');
    if (state.input.length > URL_INPUT_MAX) {
      history.replaceState(null, '', location.pathname);
      share.textContent = 'This input is too long to be kept in the address: a link to this page will not bring it back.';
      return;
    }
    share.textContent = '';
    const params = new URLSearchParams();
    if (state.input) params.set('input', state.input);
    if (state.mode !== 'auto') params.set('mode', state.mode);
    if (state.encoding !== 'auto') params.set('encoding', state.encoding);
    if (state.format !== 'auto') params.set('format', state.format);
    if (state.wordOrder !== 'auto') params.set('word-order', state.wordOrder);
    if (state.encodeTo !== 'UTF-8') params.set('to', state.encodeTo);
    if (state.encodeFormat !== 'hex') params.set('out', state.encodeFormat);
    if (state.encodeBom) params.set('bom', '1');
    const hash = params.toString();
    const target = hash ? `#${hash}` : location.pathname;
    if (`#${hash}` !== location.hash) history.replaceState(null, '', target);
  }

  /** Puts the state into the box and the controls (after a link, an example or a compare row
   * set it). */
  function showState() {
    showInputBox();
    showSettings();
  }

  /** Puts the settings into the controls. */
  function showSettings() {
    for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === state.mode;
    state.encoding = pickerValue(state.encoding);
    ensureEncodingOption(state.encoding);
    $('encoding').value = state.encoding;
    if (!Array.from($('dump-format').options).some((o) => o.value === state.format)) state.format = 'auto';
    $('dump-format').value = state.format;
    $('word-order').value = state.wordOrder;
    if (state.format !== 'auto' || state.wordOrder !== 'auto') $('dump-options').open = true;
    showEncodeState();
  }

  /** Puts the encode panel's settings into its controls (a setting the lists lack is dropped). */
  function showEncodeState() {
    const has = (id, value) => Array.from($(id).options).some((o) => o.value === value);
    if (!has('encode-to', state.encodeTo)) state.encodeTo = has('encode-to', pickerValue(state.encodeTo)) ? pickerValue(state.encodeTo) : 'UTF-8';
    if (!has('encode-format', state.encodeFormat)) state.encodeFormat = 'hex';
    $('encode-to').value = state.encodeTo;
    $('encode-format').value = state.encodeFormat;
    $('encode-bom').checked = state.encodeBom;
    bomChoice();
    state.encodeBom = $('encode-bom').checked;
  }

  /** Whether the box shows only the start of a large input (read-only) rather than all of it. */
  let boxShowsPart = false;

  /** Puts the input in the box: all of it, or for a large one its start, read-only, with a way
   * to edit it all. */
  function showInputBox() {
    const box = $('input');
    boxShowsPart = state.input.length > LARGE_PASTE;
    box.readOnly = boxShowsPart;
    box.classList.toggle('part', boxShowsPart);
    box.value = boxShowsPart ? state.input.slice(0, LARGE_SHOWN) : state.input;
    $('large-input').hidden = !boxShowsPart;
    if (boxShowsPart) {
      $('large-input-text').textContent = `A large input: ${plural(state.input.length, 'character', 'characters')}, all read. The box shows the first ${LARGE_SHOWN.toLocaleString('en')} and is read-only, since a browser is slow to edit so much text.`;
    }
  }

  /** A paste: a large one goes to the reading at once, and the box shows its start. */
  function paste(event) {
    const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    const box = event.target;
    if (boxShowsPart || text.length + box.value.length <= LARGE_PASTE) return;
    event.preventDefault();
    state.input = box.value.slice(0, box.selectionStart) + text + box.value.slice(box.selectionEnd);
    hideExample({ restore: true });
    showInputBox();
    refresh();
  }

  // ---------------------------------------------------------------- encodings and formats

  let encodings = [];

  const FAMILIES = {
    unicode: 'Unicode',
    'single-byte': 'One byte per character',
    japanese: 'Japanese',
    'chinese-simplified': 'Chinese (simplified)',
    'chinese-traditional': 'Chinese (traditional)',
    korean: 'Korean',
    miscellaneous: 'Other',
  };

  function fillEncodings(list) {
    encodings = list;
    const groups = new Map();
    for (const enc of list) {
      if (!groups.has(enc.family)) groups.set(enc.family, []);
      groups.get(enc.family).push(enc);
    }
    const picker = $('encoding');
    const to = $('encode-to');
    for (const [family, members] of groups) {
      const label = FAMILIES[family] || family;
      const group = el('optgroup', { label });
      const encodeGroup = el('optgroup', { label });
      for (const enc of members) {
        group.append(el('option', { value: enc.name, text: enc.name }));
        if (enc.can_encode) encodeGroup.append(el('option', { value: enc.name, text: enc.name }));
      }
      picker.append(group);
      if (encodeGroup.childElementCount) to.append(encodeGroup);
    }
    to.value = 'UTF-8';
    bomChoice();
  }

  /** The byte order mark box applies to encodings that have a mark; for the others it is off
   * and says why. */
  function bomChoice() {
    const enc = encodings.find((e) => e.name === $('encode-to').value);
    const box = $('encode-bom');
    const none = enc && !enc.bom;
    box.disabled = Boolean(none);
    if (none) box.checked = false;
    $('encode-bom-note').textContent = none ? `(${enc.name} has no byte order mark)` : '';
  }

  /** The picker's value for a label: an encoding's name when the label is that name in other
   * letters ("utf-8"), else the label itself, which may mean more ("utf-16" lets a byte order
   * mark choose the order). */
  function pickerValue(label) {
    const enc = encodings.find((e) => e.name.toLowerCase() === label.trim().toLowerCase());
    return enc ? enc.name : label;
  }

  /** A label that is not an encoding's name (from a link or an example) gets its own option. */
  function ensureEncodingOption(label) {
    const picker = $('encoding');
    if (Array.from(picker.options).some((o) => o.value === label)) return;
    const lower = label.trim().toLowerCase();
    const enc = encodings.find((e) => e.labels.includes(lower));
    picker.insertBefore(
      el('option', { value: label, text: enc ? `the label “${label}” (${enc.name})` : `the label “${label}”` }),
      picker.children[1] || null,
    );
  }

  function fillFormats(list) {
    const select = $('encode-format');
    for (const format of list) {
      const of = format.of === 'text' ? 'the text' : 'the bytes';
      select.append(el('option', { value: format.name, text: `${format.name}: ${of}, like ${format.example}` }));
    }
  }

  // ---------------------------------------------------------------- inspecting

  let generation = 0;
  let controller = null;
  let report = null;
  let loadedUnits = 0;
  let nextStart = null;

  function setStatus(text) {
    $('status').textContent = text;
  }

  function showError(message) {
    const box = $('error');
    box.hidden = !message;
    box.textContent = message ? `Cannot read the input: ${message}` : '';
  }

  let comparedKey = null;

  /** Reads the input again: the report, then the comparison when the bytes changed. */
  async function refresh() {
    const mine = ++generation;
    if (controller) controller.abort();
    controller = new AbortController();
    const { signal } = controller;
    writeAddress();
    busy(true);
    const empty = state.input === '';
    document.body.dataset.empty = empty ? 'true' : 'false';
    setStatus(empty ? '' : 'Reading…');
    const started = performance.now();
    let data;
    try {
      data = await api('/api/inspect', reading({ encoding: state.encoding, limit: PAGE }), signal);
    } catch (e) {
      if (e.name === 'AbortError' || mine !== generation) return;
      // No reading: nothing is coming for the other views.
      for (const flag of ['compare', 'encode', ...(window.charscopePanels || []).map(panelFlag)]) {
        if (document.body.dataset[flag] === 'busy') document.body.dataset[flag] = 'ready';
      }
      if (e.stopped) {
        // The banner says why; what is shown stays, and is read again once answers come.
        setStatus('Not read: no answer came (see the message above).');
        busy(false);
        return;
      }
      report = null;
      showError(e.message);
      setStatus('');
      clearResults();
      document.body.dataset.failed = 'true';
      busy(false);
      return;
    }
    if (mine !== generation) return;
    showError('');
    document.body.dataset.failed = 'false';
    report = data;
    renderReport(data, mine);
    const took = Math.round(performance.now() - started);
    setStatus(empty ? '' : `Read ${plural(data.byte_length, 'byte', 'bytes')} as ${data.encoding} in ${took} ms.`);
    const key = `${state.mode}\u0000${state.format}\u0000${state.wordOrder}\u0000${state.input}`;
    const compareToo = key !== comparedKey;
    if (compareToo) {
      comparedKey = key;
      comparePending();
    } else {
      markCurrentReading();
    }
    // The other views ask the server once the grid is on the screen, each in a task of its own:
    // their requests (and the megabyte they may send) do not delay the grid's first frame.
    document.body.dataset.encode = 'busy';
    const panels = panelsPending();
    const later = [
      ...(compareToo ? [() => loadCompare(mine, signal)] : []),
      () => loadEncode(),
      ...panels.map((panel) => () => loadPanel(panel, mine, signal)),
    ];
    afterPaint(() => {
      const next = () => {
        if (mine !== generation || !later.length) return;
        later.shift()();
        setTimeout(next, 0);
      };
      next();
    });
  }

  /** Runs `work` once the next frame is drawn (or after 100 ms, when the page draws no frames,
   * as in a background tab). */
  function afterPaint(work) {
    let ran = false;
    const once = () => {
      if (ran) return;
      ran = true;
      work();
    };
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 100);
  }

  // ---------------------------------------------------------------- panels (front-end/panels/*.js)

  /** What a panel may do to the page: build elements, change the reading, point at bytes (and,
   * given to each panel by `loadPanel`, ask for its answer whole: `whole()`). */
  const panelPage = {
    el,
    plural,
    cut,
    /** `text` with each hidden character in `marks` (the library's list) drawn as a mark. */
    marked(text, marks) {
      const out = document.createDocumentFragment();
      appendMarked(out, text, marks);
      return out;
    },
    /** Reads the input with another encoding (a label the server accepts). */
    setEncoding(label) {
      ensureEncodingOption(label);
      state.encoding = label;
      showState();
      hideExample();
      refresh();
    },
    /** Replaces the input (`mode`: auto, text or hex) and reads it. */
    setInput(input, mode = 'auto') {
      hideExample();
      Object.assign(state, { input, mode });
      showState();
      hideExample();
      refresh();
    },
    /** Selects the unit whose bytes start at `offset` in the byte grid. */
    showOffset(offset) {
      showMalformed(offset);
    },
  };

  /** The `data-panel-NAME` attribute that says whether a panel is drawn. */
  const panelFlag = (panel) => `panel${panel.id[0].toUpperCase()}${panel.id.slice(1)}`;

  /** The registered panels that have a place in the page, each marked busy: a new reading is
   * coming for them. */
  function panelsPending() {
    const panels = (window.charscopePanels || []).filter((panel) => $(`${panel.id}-body`));
    for (const panel of panels) document.body.dataset[panelFlag(panel)] = 'busy';
    return panels;
  }

  /** A registered panel: POST the reading's input to its endpoint (with `limit`, when the
   * panel shows only the start of each text), then let it render. */
  function loadPanel(panel, mine, signal) {
    const body = $(`${panel.id}-body`);
    const { mode, encoding, input } = state;
    const { format, wordOrder } = state;
    const ask = (limit) => api(panel.endpoint, bodyWith({
      mode, encoding, format, word_order: wordOrder, limit,
    }, 'input', input));
    /** The panel's answer with every text whole, for a panel that asked for their start. */
    const page = { ...panelPage, whole: () => ask(undefined) };
    const done = () => {
      document.body.dataset[panelFlag(panel)] = 'ready';
    };
    if (!panel.endpoint) {
      clear(body);
      panel.render(body, null, page);
      done();
      return;
    }
    api(panel.endpoint, bodyWith({
      mode, encoding, format, word_order: wordOrder, limit: panel.limit,
    }, 'input', input), signal)
      .then((data) => {
        if (mine !== generation) return;
        clear(body);
        panel.render(body, data, page);
        done();
      })
      .catch((e) => {
        if (e.name === 'AbortError' || mine !== generation) return;
        clear(body);
        body.append(el('p', { class: 'error', text: e.message }));
        done();
      });
  }

  function clearResults() {
    for (const id of ['summary', 'text', 'notes', 'grid', 'detail', 'malformed-list', 'encode-output', 'verdict']) clear($(id));
    for (const id of ['malformed-summary', 'bom-whatwg', 'bom-unicode', 'bom-sentence', 'grid-status', 'encode-info', 'lengths-caption']) $(id).textContent = '';
    clear($('lengths').tBodies[0]);
    clear($('normalization').tBodies[0]);
    clear($('compare').tBodies[0]);
    $('compare-summary').textContent = '';
    if ($('bidi-banner')) $('bidi-banner').hidden = true;
    $('format').textContent = 'nothing';
    $('more').hidden = true;
    comparedKey = null;
  }

  function renderReport(data, mine) {
    $('format').textContent = recognised(data);
    renderVerdict(data);

    const summary = $('summary');
    clear(summary);
    const row = (term, ...value) => summary.append(el('dt', { text: term }), el('dd', {}, ...value));
    row('Input', data.kind === 'text'
      ? `text: ${plural(data.byte_length, 'byte', 'bytes')} of UTF-8`
      : `${plural(data.byte_length, 'byte', 'bytes')}, read from ${data.input_format_description}`);
    row('Encoding', el('strong', { id: 'reading-encoding', text: data.encoding }), ` (${data.encoding_source_description})`);
    if (data.bom) row('Byte order mark', `a ${data.bom} mark was removed before decoding`);
    row('Malformed', data.malformed_total
      ? el('span', { class: 'bad-text', text: `${plural(data.malformed_total, 'sequence', 'sequences')}, each replaced by one U+FFFD` })
      : 'none');

    const text = cut(data.text, TEXT_SHOWN);
    renderDecodedText($('text'), text.shown, data.hidden);
    $('text-caption').textContent = text.cut
      ? `Decoded text (the first ${TEXT_SHOWN.toLocaleString('en')} characters of ${plural(data.lengths.code_points, 'character', 'characters')})`
      : 'Decoded text';
    if (data.text_cut) {
      $('text-caption').textContent = `Decoded text (the first ${TEXT_SHOWN.toLocaleString('en')} characters of ${plural(data.lengths.code_points, 'character', 'characters')})`;
    }
    const notes = $('notes');
    clear(notes);
    for (const note of [...data.input_warnings, ...data.notes]) notes.append(el('li', { text: note }));

    renderMalformed(data);
    renderBom(data);
    renderLengths(data);
    renderNormalization(data.normalization);
    resetGrid(data);
    appendUnits(data.units, mine);
    pageDone(data);
  }

  /** What the input box was read as, in a few words. */
  function recognised(data) {
    if (data.input_format === 'text') return 'text';
    if (data.input_format === 'escapes') return data.input_format_description;
    const bytes = plural(data.byte_length, 'byte', 'bytes');
    if (data.input_format === 'base64') return `base64, ${bytes}`;
    return `hex dump: ${data.input_format_description}, ${bytes}`;
  }

  /** How the encoding was chosen (the report's `encoding_source`), in a word or two. */
  const CHOSEN = {
    text: 'text',
    bom: 'byte order mark',
    label: 'as labelled',
    'utf8-valid': 'valid UTF-8',
    fallback: 'fallback',
    detected: 'detected',
  };

  /** The answer first: one line at the top with the encoding, how it was chosen, the malformed
   * count, and whether the text looks like mojibake (the report's `mojibake`). */
  function renderVerdict(data) {
    const line = $('verdict');
    clear(line);
    if (!data || state.input === '') return;
    line.append(
      el('strong', { text: data.encoding }),
      ` (${CHOSEN[data.encoding_source] || data.encoding_source})`,
      ' · ',
      data.malformed_total
        ? el('span', { class: 'bad-text', text: plural(data.malformed_total, 'malformed sequence', 'malformed sequences') })
        : 'no malformed bytes',
    );
    if (data.mojibake) {
      const steps = data.mojibake.steps.map((s) => `${s.decode} read as ${s.encode}`).join(', then ');
      const fix = el('button', { type: 'button', class: 'link', id: 'verdict-fix', text: 'fix' });
      fix.addEventListener('click', () => {
        const panel = $('repair-panel');
        panel.scrollIntoView({ block: 'start' });
        const first = panel.querySelector('button');
        (first || panel).focus();
      });
      line.append(' · ', el('span', { class: 'bad-text', title: steps, text: 'looks like mojibake: ' }), fix);
    }
  }

  /** Appends `shown` (a text's first code points) to `box`, each hidden character the server
   * lists in `hidden.marks` drawn as a visible mark with its code point instead of the character
   * itself, so that a bidi control is never applied. */
  function appendMarked(box, shown, hidden) {
    const marks = new Map(((hidden && hidden.marks) || []).map((m) => [m.index, m]));
    if (marks.size === 0) {
      box.append(shown);
      return;
    }
    let run = '';
    let index = 0;
    for (const ch of shown) {
      const mark = marks.get(index++);
      if (!mark) {
        run += ch;
        continue;
      }
      box.append(run);
      run = '';
      box.append(el('span', { class: 'hidden-mark', dataset: { code: mark.code }, title: `${mark.code_point} ${mark.name} (${mark.code})`, text: mark.code_point }));
    }
    box.append(run);
  }

  /** Decoded text with each hidden character the server lists (bidi controls, zero-width and
   * other invisible characters) drawn as a visible mark instead of being applied, and a banner
   * above it when bidi controls are present. `shown` is the text's first code points. */
  function renderDecodedText(box, shown, hidden) {
    clear(box);
    appendMarked(box, shown, hidden);
    let banner = $('bidi-banner');
    if (!banner) {
      banner = el('p', { id: 'bidi-banner', class: 'bidi-banner', role: 'alert' });
      box.before(banner);
    }
    banner.hidden = !(hidden && hidden.bidi);
    banner.textContent = 'This text holds bidirectional control characters: a program may read it in another order than the one it is shown in. They are marked below, not applied.';
  }

  // ---------------------------------------------------------------- the byte grid

  let unitEls = [];
  let unitRows = [];
  let focusIndex = 0;
  let lastCluster = null;
  let lastGrapheme = -1;

  let nextOffsetMark = 0;

  function resetGrid(data) {
    clear($('grid'));
    clear($('detail'));
    $('grid').scrollTop = 0;
    $('jump-status').textContent = '';
    nextOffsetMark = 0;
    unitEls = [];
    unitRows = [];
    focusIndex = 0;
    lastCluster = null;
    lastGrapheme = -1;
    loadedUnits = 0;
    const first = data.units[0];
    const bomLength = first ? first.offset : data.byte_length;
    if (data.bom && bomLength > 0) {
      const bytes = data.hex.split(' ').slice(0, bomLength);
      const group = el('span', { class: 'unit bom-unit', title: `${data.bom} byte order mark` },
        el('span', { class: 'bytes' }, ...bytes.map((b) => el('span', { class: 'b bom', text: b }))),
        el('span', { class: 'ch sym', text: 'BOM' }));
      $('grid').append(el('span', { class: 'cluster' }, group));
    }
  }

  /** Each byte's class, from the roles the server gives (the same as `dump`'s). */
  const ROLE_CLASS = { single: 'single', lead: 'lead', continuation: 'cont', malformed: 'bad' };

  function byteRoles(row) {
    return (row.roles || []).map((role) => ROLE_CLASS[role] || 'single');
  }

  function unitLabel(row) {
    if (row.malformed) return `malformed, ${row.malformed.kind}, bytes ${row.hex}, at byte offset ${row.offset}`;
    return `${row.code_point} ${row.name}, bytes ${row.hex || 'none'}, at byte offset ${row.offset}`;
  }

  function glyph(row) {
    if (row.malformed) return '\uFFFD';
    if (row.char === ' ') return '␣';
    return row.display;
  }

  function unitElement(row, index) {
    const bytes = row.hex ? row.hex.split(' ') : [];
    const roles = byteRoles(row);
    const node = el('span', {
      class: row.malformed ? 'unit bad-unit' : 'unit',
      tabindex: '-1',
      role: 'button',
      'aria-label': unitLabel(row),
      dataset: { index: String(index), offset: String(row.offset) },
    },
    el('span', { class: 'bytes' }, ...bytes.map((b, i) => el('span', { class: `b ${roles[i]}`, text: b }))),
    el('span', { class: row.malformed || row.char === ' ' || (row.display || '').startsWith('\\u{') ? 'ch sym' : 'ch', text: glyph(row) }));
    return node;
  }

  /** Puts unit rows into the grid a chunk per animation frame. */
  function appendUnits(rows, mine) {
    let at = 0;
    const step = () => {
      if (mine !== generation) return;
      const fragment = document.createDocumentFragment();
      const end = Math.min(at + CHUNK, rows.length);
      for (; at < end; at++) {
        const row = rows[at];
        const index = unitRows.length;
        const node = unitElement(row, index);
        unitRows.push(row);
        unitEls.push(node);
        if (lastCluster && row.grapheme === lastGrapheme) {
          lastCluster.classList.add('joined');
          lastCluster.append(node);
        } else {
          lastCluster = el('span', { class: 'cluster' }, node);
          lastGrapheme = row.grapheme;
          if (row.offset >= nextOffsetMark) {
            // An offset mark where a new run of OFFSET_EVERY bytes starts (decimal and hex),
            // held with its character so that a line never ends with a mark.
            const mark = el('span', { class: 'offset-mark', 'aria-hidden': 'true', title: `byte offset ${row.offset}`, text: `${row.offset} · 0x${row.offset.toString(16).toUpperCase()}` });
            fragment.append(el('span', { class: 'marked' }, mark, lastCluster));
            nextOffsetMark = (Math.floor(row.offset / OFFSET_EVERY) + 1) * OFFSET_EVERY;
          } else {
            fragment.append(lastCluster);
          }
        }
      }
      $('grid').append(fragment);
      if (unitEls.length && !$('grid').querySelector('[tabindex="0"]')) {
        // The unit the panel shows first is the one Tab reaches: panel and focus agree.
        focusIndex = defaultUnit();
        unitEls[focusIndex].tabIndex = 0;
        showDetail(focusIndex);
      }
      if (at < rows.length) requestAnimationFrame(step);
      else {
        gridStatus();
        busy(false);
      }
    };
    step();
  }

  /** The unit shown before any is chosen: the first that is not ASCII, else the first. */
  function defaultUnit() {
    const i = unitRows.findIndex((r) => r.malformed || r.length > 1 || (r.char && r.char.codePointAt(0) > 0x7e));
    return i < 0 ? 0 : i;
  }

  function pageDone(data) {
    nextStart = data.units_next;
    loadedUnits = (data.units_start || 0) + data.units.length;
    $('more').hidden = nextStart === null || nextStart === undefined;
    gridStatus();
  }

  function gridStatus() {
    if (!report) return;
    const total = report.units_total;
    $('grid-status').textContent = total === 0
      ? 'No bytes: the input is empty.'
      : loadedUnits >= total
        ? `All ${plural(total, 'character', 'characters')} shown.`
        : `Showing ${loadedUnits.toLocaleString('en')} of ${plural(total, 'character', 'characters')}.`;
  }

  /** Loads the next page of unit rows; resolves when they are in the grid's queue. */
  async function loadMore() {
    if (nextStart === null || nextStart === undefined || !report) return false;
    const mine = generation;
    const button = $('more');
    button.disabled = true;
    busy(true);
    try {
      const data = await api('/api/inspect', reading({
        encoding: state.encoding, start: nextStart, limit: PAGE, units_only: true,
      }), controller ? controller.signal : undefined);
      if (mine !== generation) return false;
      appendUnits(data.units, mine);
      pageDone(data);
      return true;
    } catch (e) {
      if (e.name !== 'AbortError') showError(e.message);
      busy(false);
      return false;
    } finally {
      button.disabled = false;
    }
  }

  /** Until then, hovering does not change the panel: the unit just chosen with the keyboard or
   * a link stays shown even when the grid scrolls under a still pointer. */
  let hoverQuietUntil = 0;

  function focusUnit(index, { select = false } = {}) {
    if (index < 0 || index >= unitEls.length) return;
    hoverQuietUntil = performance.now() + 800;
    if (unitEls[focusIndex]) unitEls[focusIndex].tabIndex = -1;
    focusIndex = index;
    const node = unitEls[index];
    node.tabIndex = 0;
    if (select) {
      for (const old of $('grid').querySelectorAll('.selected')) old.classList.remove('selected');
      node.classList.add('selected');
    }
    node.focus();
    node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    showDetail(index);
  }

  function bitFields(fields) {
    const out = el('span', { class: 'bits' });
    fields.forEach((field, i) => {
      if (i) out.append(' ');
      out.append(el('span', { class: `field role-${field.role || 'raw'}` },
        field.marker ? el('span', { class: 'marker', title: 'marker bits: what kind of byte this is', text: field.marker }) : null,
        field.marker ? ' ' : null,
        el('span', { class: 'payload', title: 'payload bits: the code point', text: field.payload })));
    });
    return out;
  }

  /** The legend of a layout, from its first field that has marker bits: "110 marker bits,
   * 00011 payload bits" for é, "0 marker bit, 1000001 payload bits" for A. */
  function bitsLegend(fields) {
    const field = (fields || []).find((f) => f.marker) || (fields || [])[0];
    if (!field) return null;
    return el('p', { class: 'muted legend-bits' },
      field.marker ? el('span', { class: 'marker', text: field.marker }) : null,
      field.marker ? ` marker ${field.marker.length === 1 ? 'bit' : 'bits'} (what kind of byte), ` : '',
      el('span', { class: 'payload', text: field.payload }), ' payload bits (the value)');
  }

  function detailRow(term, ...value) {
    return [el('dt', { text: term }), el('dd', {}, ...value)];
  }

  function showDetail(index) {
    const row = unitRows[index];
    const box = $('detail');
    clear(box);
    if (!row) return;
    if (row.malformed) {
      const m = row.malformed;
      box.append(
        el('p', { class: 'glyph bad-text', text: '\uFFFD' }),
        el('p', { class: 'detail-name' }, el('strong', { text: `Malformed: ${m.kind}` })),
        el('p', { text: m.reason }),
        el('dl', {},
          ...detailRow('Byte offset', String(m.offset)),
          ...detailRow('Bytes', el('code', { text: m.hex })),
          ...detailRow('Bits', bitFields(row.bits || [])),
          ...detailRow('Decoded as', 'one U+FFFD REPLACEMENT CHARACTER')),
        bitsLegend(row.bits));
      return;
    }
    const legacy = report && !report.encoding.startsWith('UTF-') && report.kind === 'bytes';
    box.append(
      el('p', { class: 'glyph', text: row.display }),
      el('p', { class: 'detail-name' }, el('strong', { text: row.code_point }), ' ', el('span', { text: row.name }),
        row.name_is_alias ? el('span', { class: 'muted', text: ' (no name: alias or label)' }) : null),
      el('dl', {},
        ...detailRow('Byte offset', String(row.offset)),
        ...detailRow(`Bytes in ${report ? report.encoding : 'the input'}`, el('code', { text: row.hex || '(shared with the previous character)' })),
        ...detailRow('UTF-8 bits', bitFields(row.utf8_layout)),
        ...(legacy ? detailRow('UTF-8', el('code', { text: row.utf8 })) : []),
        ...detailRow('UTF-16 bits', bitFields(row.utf16_layout)),
        ...detailRow('UTF-16BE / LE', el('code', { text: `${row.utf16be} / ${row.utf16le}` })),
        ...detailRow('UTF-32BE', el('code', { text: row.utf32be })),
        ...detailRow('Category', `${row.general_category} (${spaced(row.general_category_name)})`),
        ...detailRow('Script, block', `${spaced(row.script)}, ${spaced(row.block)}`),
        ...detailRow('Plane', `${row.plane.number}: ${row.plane.name}`),
        ...detailRow('Width', `${plural(row.columns, 'column', 'columns')} (East Asian width ${spaced(row.east_asian_width_name)})`)),
      bitsLegend(row.utf8_layout));
  }

  function gridKey(event) {
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let target = null;
    if (event.key in moves) target = focusIndex + moves[event.key];
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = unitEls.length - 1;
    else if (event.key === 'Enter' || event.key === ' ') {
      const unit = event.target.closest('.unit[data-index]');
      if (unit) {
        event.preventDefault();
        focusUnit(Number(unit.dataset.index), { select: true });
      }
      return;
    } else return;
    event.preventDefault();
    focusUnit(Math.max(0, Math.min(unitEls.length - 1, target)));
  }

  // ---------------------------------------------------------------- the other panels

  function renderMalformed(data) {
    const list = $('malformed-list');
    clear(list);
    $('malformed-summary').textContent = data.malformed_total === 0
      ? 'None: every byte belongs to a character.'
      : data.malformed_total > data.malformed.length
        ? `${plural(data.malformed_total, 'sequence', 'sequences')}; the first ${data.malformed.length.toLocaleString('en')} are listed. Choose one to see its bytes.`
        : `${plural(data.malformed_total, 'sequence', 'sequences')}, each replaced by one U+FFFD. Choose one to see its bytes.`;
    for (const m of data.malformed) {
      const button = el('button', { type: 'button', class: 'malformed-item', dataset: { offset: String(m.offset) } },
        el('span', { class: 'offset', text: `byte ${m.offset}` }), ' ',
        el('code', { text: m.hex }), ' ',
        el('strong', { class: 'kind', text: m.kind }), ' ',
        el('span', { class: 'reason', text: m.reason }));
      list.append(el('li', {}, button));
    }
  }

  /** Highlights the unit whose bytes start at `offset`, loading pages until it is in the grid. */
  async function showMalformed(offset) {
    const mine = generation;
    for (let pages = 0; pages < 50; pages++) {
      const index = unitRows.findIndex((r) => r.offset === offset && r.malformed);
      if (index >= 0) {
        focusUnit(index, { select: true });
        return;
      }
      const queued = unitRows.length;
      if (!(await loadMore()) || mine !== generation) return;
      await waitFor(() => unitRows.length > queued || mine !== generation);
    }
  }

  function waitFor(done) {
    return new Promise((resolve) => {
      const check = () => (done() ? resolve() : requestAnimationFrame(check));
      check();
    });
  }

  function bomText(reading) {
    return reading ? `${reading.encoding} mark (${plural(reading.len, 'byte', 'bytes')})` : 'no byte order mark';
  }

  function renderBom(data) {
    const readings = data.bom_readings;
    if (!readings) return;
    $('bom-whatwg').textContent = bomText(readings.whatwg);
    $('bom-unicode').textContent = bomText(readings.unicode);
    let sentence = readings.disagreement || 'Both read these bytes the same way.';
    if (data.kind === 'text') {
      sentence = data.text.startsWith('\uFEFF')
        ? 'The text starts with U+FEFF ZERO WIDTH NO-BREAK SPACE: its UTF-8, EF BB BF, is the UTF-8 byte order mark, which a reader of these bytes removes. As text it is kept, and shown as a character.'
        : `These are the readings of the text's UTF-8. ${sentence}`;
    }
    $('bom-sentence').textContent = sentence;
    $('bom-sentence').className = readings.disagreement ? 'disagree' : '';
  }

  function renderLengths(data) {
    const body = $('lengths').tBodies[0];
    clear(body);
    $('lengths-caption').textContent = data.kind === 'text'
      ? `Of the text (${plural(data.byte_length, 'byte', 'bytes')} of UTF-8), counted six ways:`
      : `Of the decoded text, counted six ways. The input itself is ${plural(data.byte_length, 'byte', 'bytes')} of ${data.encoding}.`;
    body.append(el('tr', { dataset: { key: 'input_bytes' } },
      el('th', { scope: 'row', text: 'Input bytes' }),
      el('td', { class: 'number', text: data.byte_length.toLocaleString('en') }),
      el('td', { class: 'muted', text: data.kind === 'text' ? 'the text as UTF-8' : `as pasted, in ${data.encoding}` })));
    for (const model of data.length_models) {
      const label = `${model.counts[0].toUpperCase()}${model.counts.slice(1)} of the text`;
      body.append(el('tr', { dataset: { key: model.key } },
        el('th', { scope: 'row', text: label }),
        el('td', { class: 'number', text: data.lengths[model.key].toLocaleString('en') }),
        el('td', { class: 'muted', text: model.used_by })));
    }
  }

  function renderNormalization(n) {
    const body = $('normalization').tBodies[0];
    clear(body);
    for (const form of ['nfc', 'nfd', 'nfkc', 'nfkd']) {
      const changed = n.hex_if_changed[form];
      body.append(el('tr', { dataset: { form } },
        el('th', { scope: 'row', text: form.toUpperCase() }),
        el('td', { class: n.is[form] ? 'yes' : 'no', text: n.is[form] ? 'yes' : 'no' }),
        el('td', {}, changed
          ? el('code', { text: n.cut[form] ? `${changed} …` : changed })
          : el('span', { class: 'muted', text: 'the same as the text' }))));
    }
  }

  // ---------------------------------------------------------------- compare

  /** Says the comparison is being read again (it is asked for once the grid is drawn). */
  function comparePending() {
    document.body.dataset.compare = 'busy';
    $('compare-summary').textContent = 'Reading the bytes in every encoding…';
  }

  async function loadCompare(mine, signal) {
    const body = $('compare').tBodies[0];
    comparePending();
    let data;
    try {
      // One character more than a row shows: a longer reading is cut here, with its ellipsis.
      data = await api('/api/compare', reading({ limit: READING_SHOWN + 1 }), signal);
    } catch (e) {
      if (e.name === 'AbortError' || mine !== generation) return;
      $('compare-summary').textContent = `Cannot compare: ${e.message}`;
      clear(body);
      document.body.dataset.compare = 'ready';
      return;
    }
    if (mine !== generation) return;
    clear(body);
    if (data.byte_length === 0) {
      $('compare-summary').textContent = 'No bytes to compare yet.';
      document.body.dataset.compare = 'ready';
      return;
    }
    $('compare-summary').textContent = (data.compared_length < data.byte_length
      ? `The first ${plural(data.compared_length, 'byte', 'bytes')} of ${data.byte_length.toLocaleString('en')}`
      : `${plural(data.byte_length, 'byte', 'bytes')}`)
      + ' read in every encoding, most plausible first. Choose one to make it the current reading.';
    data.readings.forEach((reading, rank) => {
      const shown = cut(reading.text, READING_SHOWN);
      body.append(el('tr', { class: rank >= PHONE_ROWS ? 'later' : null, dataset: { encoding: reading.encoding } },
        el('td', { class: 'number muted', text: String(rank + 1) }),
        el('td', {}, el('button', { type: 'button', class: 'read-as', dataset: { encoding: reading.encoding }, text: reading.encoding })),
        el('td', { class: reading.malformed ? 'number bad-text' : 'number muted', text: String(reading.malformed) }),
        el('td', { class: reading.suspicious ? 'number bad-text' : 'number muted', text: String(reading.suspicious) }),
        readingCell(shown, reading.hidden)));
    });
    const more = data.readings.length > PHONE_ROWS;
    $('compare').classList.toggle('collapsed', more);
    $('compare-all').hidden = !more;
    $('compare-all').textContent = `Show all ${data.readings.length} readings`;
    markCurrentReading();
    document.body.dataset.compare = 'ready';
  }

  /** A compare row's text: hidden characters as marks, never applied (a reading of the bytes
   * may hold a bidi override that would reorder the row). */
  function readingCell(shown, hidden) {
    const cell = el('td', { class: 'reading', 'data-label': 'Text' });
    appendMarked(cell, shown.shown, hidden);
    if (shown.cut) cell.append('…');
    return cell;
  }

  /** Marks the current reading's row; its button is the table's one Tab stop (the arrow keys
   * move between the rows' buttons), so that Tab passes the table in one step. */
  function markCurrentReading() {
    const current = report ? report.encoding : null;
    const buttons = Array.from($('compare').querySelectorAll('button.read-as'));
    const stop = buttons.find((b) => b.dataset.encoding === current) || buttons[0];
    for (const button of buttons) {
      const isCurrent = button.dataset.encoding === current;
      button.closest('tr').classList.toggle('current', isCurrent);
      if (isCurrent) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
      button.tabIndex = button === stop ? 0 : -1;
    }
  }

  /** The compare table's buttons that are shown (a phone shows the first rows only). */
  function compareButtons() {
    return Array.from($('compare').querySelectorAll('button.read-as')).filter((b) => b.getClientRects().length > 0);
  }

  /** Up, Down, Home and End move between the compare table's buttons. */
  function compareKey(event) {
    const moves = { ArrowDown: 1, ArrowUp: -1 };
    const buttons = compareButtons();
    const at = buttons.indexOf(event.target);
    if (at < 0) return;
    let to = null;
    if (event.key in moves) to = at + moves[event.key];
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = buttons.length - 1;
    else return;
    event.preventDefault();
    to = Math.max(0, Math.min(buttons.length - 1, to));
    for (const b of buttons) b.tabIndex = -1;
    buttons[to].tabIndex = 0;
    buttons[to].focus();
  }

  // ---------------------------------------------------------------- encode

  let encodeGeneration = 0;
  let encodedOutput = '';
  /** Whether the output shown stops short: Copy then asks for all of it. */
  let encodedCut = false;

  /** What the encode panel encodes, and how to read it: text input whole (escapes read by the
   * library, as `encode --escapes` reads them), a decoded text as far as the report sent it. */
  function encodedText() {
    if (report.kind !== 'text') return [report.text, 'text'];
    return [state.input, state.mode === 'escapes' ? 'escapes' : 'text'];
  }

  /** The body of an encode request for `text` read in `mode`, with `fields` added. */
  function encodeRequest(text, mode, fields = {}) {
    return bodyWith({
      mode, encoding: $('encode-to').value || 'UTF-8', bom: $('encode-bom').checked, format: $('encode-format').value || 'hex', ...fields,
    }, 'text', text);
  }

  async function loadEncode() {
    const mine = ++encodeGeneration;
    if (!report) return;
    document.body.dataset.encode = 'busy';
    const out = $('encode-output');
    const info = $('encode-info');
    let data;
    try {
      data = await api('/api/encode', encodeRequest(...encodedText(), { limit: TEXT_SHOWN }));
    } catch (e) {
      if (mine !== encodeGeneration) return;
      encodedOutput = '';
      out.textContent = '';
      info.textContent = `Cannot encode: ${e.message}`;
      document.body.dataset.encode = 'ready';
      return;
    }
    if (mine !== encodeGeneration) return;
    encodedOutput = data.output || '';
    encodedCut = data.cut;
    const shown = { shown: encodedOutput, cut: data.cut };
    out.textContent = shown.cut ? `${shown.shown}…` : shown.shown;
    const parts = [`${plural(data.length, 'byte', 'bytes')} in ${data.encoding}.`];
    if (report.kind !== 'text' && report.text_cut) parts.push(`The text encoded is the first ${TEXT_SHOWN.toLocaleString('en')} characters of the reading.`);
    if (data.bom_note) parts.push(`${data.bom_note}.`);
    if (data.format && data.format.of === 'text') parts.push(`The ${data.format.name} format writes the text itself, the same in every encoding.`);
    if (data.unmappable.length) {
      const first = data.unmappable.slice(0, 5).map((u) => `${u.char} (${u.code_point}, character ${u.position})`).join(', ');
      parts.push(`${plural(data.unmappable.length, 'character', 'characters')} cannot be written in ${data.encoding} and became HTML character references: ${first}${data.unmappable.length > 5 ? ', …' : ''}.`);
    }
    for (const c of data.cuts || []) parts.push(c.message);
    if (shown.cut) parts.push('The output is cut here; Copy and Download take all of it.');
    info.textContent = parts.join(' ');
    $('copy-status').textContent = '';
    document.body.dataset.encode = 'ready';
  }

  async function copyOutput() {
    const status = $('copy-status');
    try {
      if (encodedCut && report) {
        status.textContent = 'Encoding all of it…';
        const whole = await api('/api/encode', encodeRequest(...encodedText()));
        encodedOutput = whole.output || '';
        encodedCut = false;
      }
      await navigator.clipboard.writeText(encodedOutput);
      status.textContent = 'Copied.';
    } catch {
      const range = document.createRange();
      range.selectNodeContents($('encode-output'));
      const selection = getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      status.textContent = 'Selected: press Ctrl+C to copy.';
    }
  }

  // ---------------------------------------------------------------- examples

  function renderExamples(list) {
    const box = $('example-list');
    for (const example of list) {
      box.append(el('li', {}, el('button', { type: 'button', class: 'example', dataset: { name: example.name } },
        el('span', { class: 'example-title', text: example.title }),
        el('span', { class: 'example-line', text: example.description }))));
    }
    box.addEventListener('click', (event) => {
      const button = event.target.closest('button.example');
      if (!button) return;
      const example = list.find((e) => e.name === button.dataset.name);
      for (const b of box.querySelectorAll('[aria-pressed]')) b.removeAttribute('aria-pressed');
      button.setAttribute('aria-pressed', 'true');
      const { input, mode, encoding, encode_to: encodeTo } = example.load;
      // The example's own settings, for as long as it is shown; the user's come back after.
      if (!beforeExample) beforeExample = settings();
      Object.assign(state, { input, mode, encoding, format: 'auto', wordOrder: 'auto' });
      if (encodeTo) state.encodeTo = encodeTo;
      $('examples-menu').open = false;
      showState();
      showExample(example);
      refresh();
      $('input').focus();
    });
  }

  function showExample(example) {
    $('example-panel').hidden = false;
    $('example-title').textContent = example.title;
    $('example-description').textContent = example.description;
    $('example-source').textContent = `From: ${example.source} (example ${example.name})`;
    const list = $('example-expected');
    clear(list);
    for (const fact of example.expected) list.append(el('li', { text: fact }));
    $('example-verdict').textContent = example.holds
      ? 'charscope checks these facts against its report: they hold.'
      : 'charscope checks these facts against its report: they do not all hold.';
    $('example-verdict').className = example.holds ? 'holds' : 'bad-text';
  }

  /** The user's settings while an example shows its own (null when none is shown). */
  let beforeExample = null;

  /** Every setting but the input. */
  function settings() {
    const { input, ...rest } = state;
    return rest;
  }

  /** The example is left: a setting the user changed is kept (the example's settings become the
   * user's), while a new input puts the user's own settings back (`restore`). */
  function hideExample({ restore = false } = {}) {
    $('example-panel').hidden = true;
    for (const b of $('example-list').querySelectorAll('[aria-pressed]')) b.removeAttribute('aria-pressed');
    if (beforeExample && restore) {
      Object.assign(state, beforeExample);
      showSettings();
    }
    beforeExample = null;
  }

  // ---------------------------------------------------------------- files: open, drop, download

  /** The largest file the page opens: its base64 stays under the 8 MiB that the API reads. */
  const FILE_MAX = 6 * 1024 * 1024;

  /** Base64 of `bytes`. */
  function base64Of(bytes) {
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(at, at + 0x8000));
    }
    return btoa(binary);
  }

  function fileNote(text) {
    $('file-note').hidden = !text;
    $('file-note').textContent = text;
  }

  /** Reads a file opened or dropped, here in the page (nothing is uploaded): UTF-8 text goes in
   * the box as text, other bytes as base64 (the mode says which). */
  async function openFile(file) {
    const size = plural(file.size, 'byte', 'bytes');
    if (file.size > FILE_MAX) {
      fileNote(`${file.name} is ${size}: the page opens files of up to 6 MiB (the command line reads any size).`);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text = null;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      text = null;
    }
    hideExample({ restore: true });
    Object.assign(state, text === null ? { input: base64Of(bytes), mode: 'base64' } : { input: text, mode: 'text' });
    fileNote(`Opened ${file.name} (${size}), read in this page: ${text === null
      ? 'not UTF-8, so the box holds its bytes in base64'
      : 'UTF-8 text'}.`);
    showState();
    refresh();
  }

  /** The bytes of upper-case hex pairs separated by spaces. */
  function hexBytes(hex) {
    const out = new Uint8Array(hex ? (hex.length + 1) / 3 : 0);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(3 * i, 2), 16);
    return out;
  }

  /** Saves the encoded bytes (all of them) as a file. */
  async function downloadBytes() {
    const status = $('copy-status');
    if (!report) return;
    try {
      status.textContent = 'Encoding all of it…';
      const whole = await api('/api/encode', encodeRequest(...encodedText(), { format: 'hex' }));
      const bytes = hexBytes(whole.hex);
      const link = el('a', {
        href: URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' })),
        download: `charscope-${whole.encoding}.bin`,
      });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      status.textContent = `Saved ${plural(bytes.length, 'byte', 'bytes')} of ${whole.encoding}.`;
    } catch (e) {
      status.textContent = `Cannot save: ${e.message}`;
    }
  }

  // ---------------------------------------------------------------- jump to an offset

  /** Reads "16", "0x10" or "10h" as a byte offset. */
  function parseOffset(text) {
    const t = text.trim().toLowerCase();
    if (/^0x[0-9a-f]+$/.test(t)) return parseInt(t.slice(2), 16);
    if (/^[0-9a-f]+h$/.test(t)) return parseInt(t.slice(0, -1), 16);
    if (/^[0-9]+$/.test(t)) return Number(t);
    return null;
  }

  /** Selects the unit holding the byte at `offset`, loading pages of units until it is there. */
  async function jumpTo(offset) {
    const status = $('jump-status');
    const mine = generation;
    if (!report || offset === null || offset < 0 || offset >= report.byte_length) {
      status.textContent = report && offset !== null
        ? `No byte ${offset}: the input has ${plural(report.byte_length, 'byte', 'bytes')} (0 to ${Math.max(0, report.byte_length - 1)}).`
        : 'Write a byte offset: decimal (16) or hex (0x10).';
      return;
    }
    for (let pages = 0; pages < 200; pages++) {
      const index = unitRows.findIndex((r) => offset >= r.offset && offset < r.offset + Math.max(1, r.length));
      if (index >= 0) {
        focusUnit(index, { select: true });
        status.textContent = `Byte ${offset} (0x${offset.toString(16).toUpperCase()}) is in the unit at offset ${unitRows[index].offset}.`;
        return;
      }
      const last = unitRows[unitRows.length - 1];
      if (last && offset < last.offset) break; // a byte order mark, shown apart
      const queued = unitRows.length;
      if (!(await loadMore()) || mine !== generation) break;
      await waitFor(() => unitRows.length > queued || mine !== generation);
    }
    status.textContent = `Byte ${offset} belongs to no character shown (the byte order mark is shown apart).`;
  }

  // ---------------------------------------------------------------- wiring

  let timer = null;

  /** Reads the input once typing pauses: longer pauses for large inputs, so that typing in them
   * does not read and draw everything again at every key. A reading still drawing stops. */
  function schedule() {
    clearTimeout(timer);
    generation++;
    timer = setTimeout(refresh, state.input.length > LARGE_INPUT ? LARGE_DEBOUNCE : DEBOUNCE);
  }

  function wire() {
    $('input').addEventListener('paste', paste);
    $('edit-all').addEventListener('click', () => {
      const box = $('input');
      boxShowsPart = false;
      box.readOnly = false;
      box.classList.remove('part');
      box.value = state.input;
      $('large-input').hidden = true;
      box.focus();
    });
    $('clear-input').addEventListener('click', () => {
      state.input = '';
      hideExample({ restore: true });
      showInputBox();
      refresh();
      $('input').focus();
    });
    $('input').addEventListener('input', (event) => {
      state.input = event.target.value;
      hideExample({ restore: true });
      fileNote('');
      schedule();
    });
    for (const radio of document.querySelectorAll('input[name="mode"]')) {
      radio.addEventListener('change', () => {
        state.mode = radio.value;
        hideExample();
        refresh();
      });
    }
    $('encoding').addEventListener('change', (event) => {
      state.encoding = event.target.value;
      hideExample();
      refresh();
    });
    $('dump-format').addEventListener('change', (event) => {
      state.format = event.target.value;
      refresh();
    });
    $('word-order').addEventListener('change', (event) => {
      state.wordOrder = event.target.value;
      refresh();
    });
    // The examples menu closes with Escape (focus back on its button) or a click elsewhere.
    const menu = $('examples-menu');
    menu.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      menu.querySelector('summary').focus();
    });
    document.addEventListener('click', (event) => {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
    $('jump').addEventListener('submit', (event) => {
      event.preventDefault();
      jumpTo(parseOffset($('jump-offset').value));
    });
    // The skip link moves focus to the results without touching the address (whose fragment
    // holds the input).
    $('skip').addEventListener('click', (event) => {
      event.preventDefault();
      $('results').focus();
      $('results').scrollIntoView({ block: 'start' });
    });
    wireGrid();
    $('more').addEventListener('click', loadMore);
    $('malformed-list').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-offset]');
      if (button) showMalformed(Number(button.dataset.offset));
    });
    $('compare').addEventListener('click', (event) => {
      const button = event.target.closest('button.read-as');
      if (!button) return;
      state.encoding = button.dataset.encoding;
      showState();
      hideExample();
      refresh();
    });
    wireEncode();
    wireCompare();
    wireFiles();
    window.addEventListener('hashchange', () => {
      if (!addressHasState() && location.hash) return;
      const wanted = readAddress();
      const same = (keys) => keys.every((k) => wanted[k] === state[k]);
      if (same(Object.keys(wanted))) return;
      const reread = !same(READING);
      Object.assign(state, wanted);
      hideExample();
      showState();
      if (reread) refresh();
      else loadEncode();
    });
  }

  /** The byte grid: a click, a hover or focus shows a unit; the arrow keys walk it. */
  function wireGrid() {
    const grid = $('grid');
    grid.addEventListener('keydown', gridKey);
    grid.addEventListener('click', (event) => {
      const unit = event.target.closest('.unit[data-index]');
      if (unit) focusUnit(Number(unit.dataset.index), { select: true });
    });
    grid.addEventListener('mouseover', (event) => {
      const unit = event.target.closest('.unit[data-index]');
      if (unit && performance.now() > hoverQuietUntil) showDetail(Number(unit.dataset.index));
    });
    grid.addEventListener('focusin', (event) => {
      const unit = event.target.closest('.unit[data-index]');
      if (!unit) return;
      if (Number(unit.dataset.index) !== focusIndex) focusUnit(Number(unit.dataset.index));
      else showDetail(focusIndex);
    });
  }

  /** The encode panel: its settings go to the address, and the output is read again. */
  function wireEncode() {
    $('encode-to').addEventListener('change', bomChoice);
    for (const id of ['encode-to', 'encode-format', 'encode-bom']) {
      $(id).addEventListener('change', () => {
        state.encodeTo = $('encode-to').value;
        state.encodeFormat = $('encode-format').value;
        state.encodeBom = $('encode-bom').checked;
        writeAddress();
        loadEncode();
      });
    }
    $('copy').addEventListener('click', copyOutput);
  }

  /** The compare table: the arrow keys, "Show all" and the skip link. */
  function wireCompare() {
    $('compare').addEventListener('keydown', compareKey);
    $('compare-all').addEventListener('click', () => {
      $('compare').classList.remove('collapsed');
      $('compare-all').hidden = true;
    });
    $('skip-compare').addEventListener('click', (event) => {
      event.preventDefault();
      $('encode-to').focus();
      $('encode-panel').scrollIntoView({ block: 'start' });
    });
  }

  /** Files: opened with the button, dropped on the input, and the bytes downloaded. */
  function wireFiles() {
    $('download').addEventListener('click', downloadBytes);
    $('open-file').addEventListener('click', () => $('file').click());
    $('file').addEventListener('change', (event) => {
      const [file] = event.target.files;
      if (file) openFile(file);
      event.target.value = '';
    });
    const area = document.querySelector('.input-area');
    area.addEventListener('dragover', (event) => {
      if (!event.dataTransfer || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      area.classList.add('dropping');
    });
    area.addEventListener('dragleave', () => area.classList.remove('dropping'));
    area.addEventListener('drop', (event) => {
      area.classList.remove('dropping');
      const [file] = (event.dataTransfer && event.dataTransfer.files) || [];
      if (!file) return;
      event.preventDefault();
      openFile(file);
    });
  }

  async function start() {
    document.body.dataset.transport = transport.kind;
    if (transport.kind === 'worker') {
      $('footer').textContent = 'charscope runs in this browser (WebAssembly): nothing you paste or open leaves it.';
    }
    wire();
    if (addressHasState()) Object.assign(state, readAddress());
    try {
      const [list, formats, examples] = await Promise.all([api('/api/encodings'), api('/api/formats'), api('/api/examples')]);
      fillEncodings(list);
      fillFormats(formats);
      renderExamples(examples);
    } catch (e) {
      showError(`the page could not load its lists: ${e.message}`);
    }
    showState();
    await refresh();
    document.body.dataset.ready = 'true';
  }

  start();
})();
