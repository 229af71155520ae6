// Nardy Mini App: a live board. Every action is one request to the bot's own API (the same use
// cases as the chat's buttons); the page redraws from the state the server returns and follows
// the game's changes through a server-sent events stream. No third-party script: Telegram's
// launch data is read from the address (#tgWebAppData=…) and events go through postEvent.

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// ---- Telegram ---------------------------------------------------------------------------------

const launch = new URLSearchParams(location.hash.slice(1));
const initData = launch.get('tgWebAppData') || sessionStorage.getItem('nardy-init') || '';
if (initData) sessionStorage.setItem('nardy-init', initData);
const query = new URLSearchParams(location.search);

function startParam() {
  const fromQuery = query.get('tgWebAppStartParam');
  if (fromQuery) return fromQuery;
  try {
    return new URLSearchParams(initData).get('start_param');
  } catch {
    return null;
  }
}

/** Tell the Telegram client (mobile: a proxy object; web: the parent frame). */
function postEvent(type, data = {}) {
  try {
    if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, JSON.stringify(data));
    else if (window.external && 'notify' in window.external) window.external.notify(JSON.stringify({ eventType: type, eventData: data }));
    else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), '*');
  } catch {
    /* outside Telegram */
  }
}

function applyTheme() {
  let params = {};
  try {
    params = JSON.parse(launch.get('tgWebAppThemeParams') || '{}');
  } catch {
    params = {};
  }
  const root = document.documentElement;
  const set = (name, value) => value && /^#[0-9a-fA-F]{3,8}$/.test(value) && root.style.setProperty(name, value);
  set('--bg', params.bg_color);
  set('--text', params.text_color);
  set('--hint', params.hint_color);
  set('--button', params.button_color);
  set('--button-text', params.button_text_color);
  set('--secondary', params.secondary_bg_color);
}

// ---- State ------------------------------------------------------------------------------------

// A watch link's start parameter (w_<game>_<token>) opens that game read-only.
const watchLink = /^w_([0-9a-z]{10})_([0-9A-Za-z]{12})$/.exec(startParam() || '');
let gameId = query.get('g') || (watchLink ? watchLink[1] : startParam()) || null;
const watchToken = watchLink ? watchLink[2] : query.get('w');
/** The game's query: its id, and the watch token when watching by link. */
const gameQuery = (id) => `g=${encodeURIComponent(id)}${watchToken ? `&w=${encodeURIComponent(watchToken)}` : ''}`;
let state = null;
let selected = null;
let resignMenu = false;
let busy = false;
let words = {};
let stream = null;

async function api(path, body) {
  const res = await fetch(`api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-telegram-init-data': initData, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  return { status: res.status, data };
}

let toastTimer = 0;
function toast(text) {
  const el = $('toast');
  if (!text) return;
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), 3500);
}

function banner(text) {
  const el = $('banner');
  el.textContent = text || '';
  el.hidden = !text;
}

// ---- Drawing ----------------------------------------------------------------------------------

function render() {
  if (!state) return;
  document.documentElement.lang = state.lang;
  document.documentElement.classList.toggle('dark', state.theme === 'dark');
  document.title = words['webapp-title'] || 'Nardy';
  $('title').textContent = `${state.names.white} — ${state.names.black}`;
  $('list').hidden = true;
  $('game').hidden = false;
  // The picture is the server's SVG (the same drawing as the chat's PNG), never script.
  $('board').innerHTML = state.svg;
  drawZones();
  drawControls();
  $('news').textContent = state.caption;
  $('hint').textContent = state.watching ? words['webapp-watching'] || '' : state.steps.length ? words['webapp-pick'] || '' : '';
  // What the page shows, for whoever watches it (tests, the bench's clients).
  const c = state.choices;
  const mine = state.steps.length > 0 || c.roll || c.take || c.accept || c.done || c.undo || c.next;
  Object.assign(document.body.dataset, { game: state.id, v: String(state.v), mine: mine ? '1' : '0', finished: state.finished ? '1' : '0', watching: state.watching ? '1' : '0' });
}

function targetsOf(zone) {
  return state.steps.filter((s) => s.from === zone);
}

function drawZones() {
  const layer = $('zones');
  layer.setAttribute('viewBox', `0 0 ${state.size.width} ${state.size.height}`);
  layer.replaceChildren();
  const froms = new Set(state.steps.map((s) => s.from));
  const targets = new Set(selected ? targetsOf(selected).map((s) => s.to) : []);
  for (const z of state.zones) {
    const r = document.createElementNS(SVG, 'rect');
    r.setAttribute('x', z.x);
    r.setAttribute('y', z.y);
    r.setAttribute('width', z.w);
    r.setAttribute('height', z.h);
    r.setAttribute('rx', 8);
    r.dataset.zone = z.id;
    if (selected === z.id) r.classList.add('sel');
    else if (targets.has(z.id)) r.classList.add('target');
    else if (!selected && froms.has(z.id)) r.classList.add('from');
    layer.append(r);
  }
}

function button(label, onClick, kind = '') {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (kind) b.className = kind;
  b.disabled = busy;
  b.addEventListener('click', onClick);
  return b;
}

function drawControls() {
  const box = $('controls');
  box.replaceChildren();
  const c = state.choices;
  const L = state.labels;
  if (resignMenu && c.resign.length) {
    for (const level of c.resign) box.append(button(L[`resign${level}`], () => act({ type: 'resign', level }), 'danger'));
    box.append(button(words['btn-back'], () => ((resignMenu = false), drawControls()), 'secondary'));
    return;
  }
  if (c.roll) box.append(button(words['btn-roll'], () => act({ type: 'roll' })));
  if (c.double) box.append(button(L.double, () => act({ type: 'double' }), 'secondary'));
  if (c.take) box.append(button(L.take, () => act({ type: 'take' })));
  if (c.drop) box.append(button(L.drop, () => act({ type: 'drop' }), 'secondary'));
  if (c.accept) box.append(button(L.accept, () => act({ type: 'accept' })));
  if (c.decline) box.append(button(words['btn-decline-resign'], () => act({ type: 'decline' }), 'secondary'));
  if (c.undo) box.append(button(words['btn-undo'], () => act({ type: 'undo' }), 'secondary'));
  if (c.done) box.append(button(words['btn-done'], () => act({ type: 'done' })));
  if (c.next) box.append(button(words['btn-next-game'], () => act({ type: 'next' })));
  if (c.rematch === 'offer') box.append(button(words['btn-rematch'], () => act({ type: 'rematch' })));
  if (c.rematch === 'accept') box.append(button(words['btn-rematch-accept'], () => act({ type: 'rematch' })));
  if (c.rematch === 'waiting') {
    const p = document.createElement('p');
    p.className = 'hint';
    p.textContent = words['webapp-rematch-waiting'];
    box.append(p);
  }
  if (state.rematched) box.append(button(words['webapp-open-new'], () => openNewest()));
  if (c.resign.length) box.append(button(words['btn-resign'], () => ((resignMenu = true), drawControls()), 'secondary'));
}

// ---- Input ------------------------------------------------------------------------------------

function zoneAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el && el.dataset && el.dataset.zone ? el.dataset.zone : null;
}

function tap(zone) {
  if (!state || busy) return;
  if (selected && zone !== selected) {
    const step = targetsOf(selected).find((s) => s.to === zone);
    if (step) {
      selected = null;
      return void act({ type: 'step', step: step.step });
    }
  }
  selected = zone && zone !== selected && targetsOf(zone).length ? zone : null;
  drawZones();
}

let down = null;
function onDown(e) {
  down = zoneAt(e.clientX, e.clientY);
  if (down && down !== selected && state && targetsOf(down).length && !(selected && targetsOf(selected).some((s) => s.to === down))) {
    // Pressing a checker picks it up at once (then a drag or a tap puts it down).
    selected = down;
    drawZones();
    down = '__picked';
  }
}
function onUp(e) {
  const zone = zoneAt(e.clientX, e.clientY);
  if (down === '__picked') {
    down = null;
    if (zone && zone !== selected) tap(zone);
    return;
  }
  down = null;
  if (zone) tap(zone);
  else if (selected) (selected = null), drawZones();
}

// ---- Actions ----------------------------------------------------------------------------------

const pad2 = (n) => String(n).padStart(2, '0');

/** An action as the short code a chat button carries (the server's one parser: src/app/table/intent.ts). */
function codeOf(action) {
  switch (action.type) {
    case 'step': return `s${pad2(action.step[0])}${pad2(action.step[1])}`;
    case 'resign': return `R${action.level}`;
    default: return { roll: 'r', undo: 'u', done: 'd', double: 'D', take: 't', drop: 'p', accept: 'a', decline: 'x', next: 'n', rematch: 'm' }[action.type];
  }
}

async function act(action) {
  if (!state || busy) return;
  busy = true;
  drawControls();
  try {
    const { status, data } = await api('act', { g: state.id, v: state.v, act: codeOf(action) });
    if (!data) return toast(words['webapp-offline']);
    if (data.message && (!data.ok || action.type === 'rematch')) toast(data.message);
    if (data.next) {
      gameId = data.next;
      state = null;
      return void (await load());
    }
    if (data.state) state = data.state;
    else if (status === 404 || status === 403) state = null;
    resignMenu = false;
    selected = null;
    postEvent('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'light' });
  } catch {
    toast(words['webapp-offline']);
  } finally {
    busy = false;
    render();
  }
}

async function openNewest() {
  const { data } = await api('games');
  const other = (data?.games || []).filter((g) => g.id !== gameId).sort((a, b) => b.updatedAt - a.updatedAt)[0];
  if (!other) return toast(words['webapp-no-games']);
  gameId = other.id;
  state = null;
  await load();
}

async function showList() {
  const { status, data } = await api('games');
  if (status === 401) return unauthorized();
  words = data?.words || words;
  const list = $('list');
  list.replaceChildren();
  const h = document.createElement('p');
  h.textContent = (data?.games || []).length ? words['webapp-games'] : words['webapp-no-games'];
  list.append(h);
  for (const g of data?.games || []) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = g.title;
    b.addEventListener('click', () => {
      gameId = g.id;
      void load();
    });
    list.append(b);
  }
  $('title').textContent = words['webapp-title'] || 'Nardy';
  $('game').hidden = true;
  list.hidden = false;
}

function unauthorized() {
  $('game').hidden = true;
  const list = $('list');
  list.replaceChildren();
  const p = document.createElement('p');
  p.textContent = words['webapp-unauthorized'] || 'Open this board from Telegram.';
  list.append(p);
  list.hidden = false;
}

async function load() {
  if (!gameId) return void (await showList());
  const { status, data } = await api(`state?${gameQuery(gameId)}`);
  if (status === 401) return unauthorized();
  if (status !== 200 || !data) {
    if (data?.message) toast(data.message);
    gameId = null;
    return void (await showList());
  }
  state = data;
  words = data.words;
  selected = null;
  render();
  follow();
}

/** Follow the game: a new version from the stream, and the page asks for the state. */
function follow() {
  const id = gameId;
  if (stream?.id === id) return;
  stream?.abort.abort();
  const abort = new AbortController();
  stream = { id, abort };
  (async () => {
    while (!abort.signal.aborted && gameId === id) {
      try {
        const res = await fetch(`api/events?${gameQuery(id)}`, { headers: { 'x-telegram-init-data': initData }, signal: abort.signal, cache: 'no-store' });
        if (res.status === 401 || res.status === 403 || res.status === 404) return;
        if (res.status === 429) {
          // Too many live streams open: look again later, not at once.
          const wait = Math.min(120, Number(res.headers.get('retry-after')) || 30) * 1000;
          await res.body?.cancel().catch(() => undefined);
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        banner('');
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const chunk = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const m = /(?:^|\n)event: v\ndata: (\d+)/.exec(chunk);
            if (m && state && state.id === id && Number(m[1]) > state.v && !busy) await refresh();
          }
        }
      } catch {
        if (abort.signal.aborted) return;
        banner(words['webapp-offline']);
      }
      await new Promise((r) => setTimeout(r, 1500));
      // Whatever was missed while the stream was down.
      if (!abort.signal.aborted && state?.id === id) await refresh().catch(() => undefined);
    }
  })();
}

async function refresh() {
  if (!gameId) return;
  const { status, data } = await api(`state?${gameQuery(gameId)}`);
  if (status !== 200 || !data || (state && data.v < state.v)) return;
  if (state && data.v === state.v) return;
  state = data;
  selected = null;
  resignMenu = false;
  render();
}

// ---- Start ------------------------------------------------------------------------------------

applyTheme();
postEvent('web_app_ready');
postEvent('web_app_expand');
const wrap = document.getElementById('board-wrap');
wrap.addEventListener('pointerdown', onDown);
wrap.addEventListener('pointerup', onUp);
if (!initData) unauthorized();
else void load();
