/**
 * The Nardy Mini App: a live board in Telegram, made for a phone first. Every action is one
 * request to the bot's own API (the same use cases as the chat's buttons); the page redraws from
 * the state the server returns and follows the game through a server-sent events stream.
 *
 * On a phone held upright the board is turned (board.ts) so that each point is a thumb wide; the
 * names, pips, score, dice and whose turn are text and pictures around it, never inside it.
 */
import { boardSize, drawBoard, type Shape } from './board.js';
import './style.css';
import type { BoardData, GameState, GamesList, Palette, PuzzleAnswer, PuzzleView, StepChoice } from './state.js';
import { haptic, onLayoutChange, openLink, setBack, start, telegramDark } from './telegram.js';

const $ = (id: string): HTMLElement => document.getElementById(id)!;
const SVG = 'http://www.w3.org/2000/svg';

onLayoutChange(() => {
  if (state || document.body.dataset.view === 'puzzle') fitBoard(shapeNow());
});
const launch = start();
const query = new URLSearchParams(location.search);
// A watch link's start parameter (w_<game>_<token>) opens that game read-only.
const watchLink = /^w_([0-9a-z]{10})_([0-9A-Za-z]{12})$/.exec(launch.startParam ?? '');
let gameId: string | null = query.get('g') ?? (watchLink ? watchLink[1]! : launch.startParam) ?? null;
if (gameId && !/^[0-9a-z]{10}$/.test(gameId)) gameId = null;
const watchToken = watchLink ? watchLink[2]! : query.get('w');
const gameQuery = (id: string): string => `g=${encodeURIComponent(id)}${watchToken ? `&w=${encodeURIComponent(watchToken)}` : ''}`;

let state: GameState | null = null;
let selected: string | null = null;
let resignMenu = false;
let busy = false;
let words: Record<string, string> = {};
let stream: { id: string; abort: AbortController } | null = null;
const w = (key: string): string => words[key] ?? '';

// ---- Talking to the bot -------------------------------------------------------------------------

async function api<T>(path: string, body?: unknown): Promise<{ status: number; data: T | null }> {
  const res = await fetch(`api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-telegram-init-data': launch.initData, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  let data: T | null = null;
  try {
    data = (await res.json()) as T;
  } catch {
    data = null;
  }
  return { status: res.status, data };
}

let toastTimer = 0;
function toast(text: string | null | undefined): void {
  if (!text) return;
  const el = $('toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (el.hidden = true), 4000);
}

function banner(text: string): void {
  const el = $('banner');
  el.textContent = text;
  el.hidden = !text;
}

function button(label: string, onClick: () => void, kind = ''): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (kind) b.className = kind;
  b.disabled = busy;
  b.addEventListener('click', onClick);
  return b;
}

// ---- Shape and theme ----------------------------------------------------------------------------

/** Upright and narrow: the turned board; otherwise the board as the chat draws it. */
function shapeNow(): Shape {
  return window.innerWidth < 760 && window.innerHeight > window.innerWidth ? 'tall' : 'wide';
}

function applyTheme(): void {
  const dark = state ? state.theme === 'dark' : (telegramDark() ?? window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false);
  document.documentElement.classList.toggle('dark', !!dark);
}

// ---- The game -----------------------------------------------------------------------------------

function diceSvg(value: number, used: boolean): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 10 10');
  svg.setAttribute('class', used ? 'die used' : 'die');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', String(value));
  const face = document.createElementNS(SVG, 'rect');
  for (const [k, v] of Object.entries({ x: '0.4', y: '0.4', width: '9.2', height: '9.2', rx: '1.8', class: 'face' })) face.setAttribute(k, v);
  svg.append(face);
  const d = 2.6;
  const spots: Record<number, Array<[number, number]>> = {
    1: [[0, 0]],
    2: [[-d, -d], [d, d]],
    3: [[-d, -d], [0, 0], [d, d]],
    4: [[-d, -d], [d, -d], [-d, d], [d, d]],
    5: [[-d, -d], [d, -d], [0, 0], [-d, d], [d, d]],
    6: [[-d, -d], [d, -d], [-d, 0], [d, 0], [-d, d], [d, d]],
  };
  for (const [dx, dy] of spots[value] ?? []) {
    const c = document.createElementNS(SVG, 'circle');
    c.setAttribute('cx', String(5 + dx));
    c.setAttribute('cy', String(5 + dy));
    c.setAttribute('r', '0.95');
    c.setAttribute('class', 'pip');
    svg.append(c);
  }
  return svg;
}

/** The dice beside the status: the roll on the board, the used ones faded. */
function drawDice(board: BoardData | null = state?.board ?? null): void {
  const box = $('dice');
  box.replaceChildren();
  const d = board?.dice;
  if (!d) return;
  const [a, b] = d.values;
  const left = [...d.remaining];
  if (a === b) {
    // Doubles: two dice, and how many of the four moves are left.
    box.append(diceSvg(a, left.length === 0), diceSvg(a, left.length === 0));
    const n = document.createElement('span');
    n.className = 'moves-left';
    n.textContent = `×${left.length}`;
    box.append(n);
  } else {
    for (const v of [a, b]) {
      const j = left.indexOf(v);
      if (j >= 0) left.splice(j, 1);
      box.append(diceSvg(v, j < 0));
    }
  }
  box.dataset.side = d.side;
}

function playerChip(el: HTMLElement, i: 0 | 1): void {
  const p = state!.players[i];
  el.replaceChildren();
  el.className = `player ${p.side}${p.toAct ? ' to-act' : ''}`;
  const disc = document.createElement('span');
  disc.className = 'disc';
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = p.name;
  const facts = document.createElement('span');
  facts.className = 'facts';
  facts.textContent = [p.pips, ...(state!.board.off[p.side] > 0 ? [p.off] : []), ...(p.score !== null ? [`★ ${p.score}`] : [])].join(' · ');
  el.append(disc, name, facts);
  ownedCube(el, state!.board.cube, p.side);
}

/** An owned cube beside its owner's name. */
function ownedCube(el: HTMLElement, cube: BoardData['cube'], side: string | null): void {
  if (cube && side !== null && cube.owner === side && !cube.offered) {
    const c = document.createElement('span');
    c.className = 'cube';
    c.textContent = String(cube.value);
    el.append(c);
  }
}

function render(): void {
  if (!state) return;
  const st = state;
  document.documentElement.lang = st.lang;
  applyTheme();
  document.title = w('webapp-title') || 'Nardy';
  $('list').hidden = true;
  $('game').hidden = false;
  const shape = shapeNow();
  document.body.dataset.shape = shape;
  playerChip($('far'), 0);
  playerChip($('near'), 1);
  drawCentreCube(st.board.cube);
  drawBoardNow(shape);
  drawZones();
  drawDice();
  drawControls();
  $('hint').textContent = st.watching ? w('webapp-watching') : st.steps.length ? (selected ? st.status : w('webapp-pick')) : st.status;
  $('hint').classList.toggle('over', st.finished || st.board.result !== null);
  drawNews();
  fitBoard(shape);
  setBack(() => void showList());
  const c = st.choices;
  const mine = st.steps.length > 0 || c.roll || c.take || c.accept || c.done || c.undo || c.next;
  Object.assign(document.body.dataset, { game: st.id, v: String(st.v), mine: mine ? '1' : '0', finished: st.finished ? '1' : '0', watching: st.watching ? '1' : '0' });
}

let zonesOfBoard: ReturnType<typeof drawBoard> | null = null;
function drawBoardNow(shape: Shape, board: BoardData = state!.board, palette: Palette = state!.palette): void {
  const d = drawBoard(board, palette, shape);
  zonesOfBoard = d;
  const holder = $('board');
  // Only numbers and colours checked against a pattern go into the drawing (board.ts).
  holder.innerHTML = `<svg xmlns="${SVG}" viewBox="0 0 ${d.width} ${d.height}" preserveAspectRatio="xMidYMid meet" role="img" font-family="DejaVu Sans, system-ui, sans-serif">${d.body}</svg>`;
  $('zones').setAttribute('viewBox', `0 0 ${d.width} ${d.height}`);
}

/**
 * The board as large as the screen allows: upright, the players above it and the status and
 * buttons below it stay on the screen with it (the news may scroll); wide, the players above it.
 */
function fitBoard(shape: Shape): void {
  const { width, height } = boardSize(shape);
  const wrap = $('board-wrap');
  const h = (id: string): number => $(id).getBoundingClientRect().height;
  const app = getComputedStyle($('app'));
  wrap.style.width = wrap.style.height = '0px';
  const padding = parseFloat(app.paddingTop) + parseFloat(app.paddingBottom);
  const gap = 4;
  let availW: number;
  let availH: number;
  if (shape === 'tall') {
    // Upright: the status and the buttons share one row under the board (#side wraps them).
    availW = $('game').clientWidth;
    const dock = Math.max(44, $('controls').getBoundingClientRect().bottom - $('side').getBoundingClientRect().top);
    availH = window.innerHeight - padding - h('players') - dock - 2 * gap - 2;
  } else {
    availW = $('game').clientWidth - $('side').getBoundingClientRect().width - 12;
    availH = window.innerHeight - padding - h('players') - 6 - 2;
  }
  const scale = Math.max(0.5, Math.min(availW / width, availH / height));
  wrap.style.width = `${Math.floor(width * scale)}px`;
  wrap.style.height = `${Math.floor(height * scale)}px`;
}

const targetsOf = (zone: string): StepChoice[] => (state ? state.steps.filter((s) => s.from === zone) : []);

/** A checker on the bar must enter first: it is picked up without a tap. */
function autoSelect(): void {
  if (!state || selected) return;
  const froms = new Set(state.steps.map((s) => s.from));
  if (froms.size === 1 && froms.has('bar')) selected = 'bar';
}

function drawZones(): void {
  const layer = $('zones');
  layer.replaceChildren();
  if (!state || !zonesOfBoard) return;
  autoSelect();
  const froms = new Set(state.steps.map((s) => s.from));
  const targets = new Set(selected ? targetsOf(selected).map((s) => s.to) : []);
  if (selected === 'bar') {
    const b = zonesOfBoard.bar;
    const r = document.createElementNS(SVG, 'rect');
    for (const [k, v] of Object.entries({ x: b.x, y: b.y, width: b.w, height: b.h, rx: 1.5 })) r.setAttribute(k, String(v));
    r.setAttribute('class', 'sel bar');
    layer.append(r);
  }
  for (const z of zonesOfBoard.zones) {
    const r = document.createElementNS(SVG, 'rect');
    for (const [k, v] of Object.entries({ x: z.x, y: z.y, width: z.w, height: z.h, rx: 1.5 })) r.setAttribute(k, String(v));
    r.dataset.zone = z.id;
    if (selected === z.id) r.classList.add('sel');
    else if (targets.has(z.id)) r.classList.add('target');
    else if (!selected && froms.has(z.id)) r.classList.add('from');
    layer.append(r);
  }
}

/** The buttons: what the seat may do now; resigning and the list of games behind "⋯" while a game goes on. */
function drawControls(): void {
  const box = $('controls');
  box.replaceChildren();
  if (!state) return;
  const c = state.choices;
  const L = state.labels;
  const back = (): void => {
    resignMenu = false;
    moreMenu = false;
    drawControls();
  };
  if (resignMenu && c.resign.length) {
    for (const level of c.resign) box.append(button(L[`resign${level}`] ?? '', () => void act(`R${level}`), 'danger'));
    box.append(button(w('btn-back'), back, 'secondary'));
    return done(0);
  }
  if (moreMenu) {
    if (c.resign.length) box.append(button(w('btn-resign'), () => ((resignMenu = true), (moreMenu = false), drawControls()), 'secondary'));
    box.append(button(w('webapp-list'), () => void showList(), 'secondary list'));
    box.append(button(w('btn-back'), back, 'secondary'));
    return done(0);
  }
  let main = 0;
  const add = (label: string, onClick: () => void, kind = ''): void => {
    box.append(button(label, onClick, kind));
    main++;
  };
  if (c.roll) add(w('btn-roll'), () => void act('r'));
  if (c.double) add(L.double ?? '', () => void act('D'), 'secondary');
  if (c.take) add(L.take ?? '', () => void act('t'));
  if (c.drop) add(L.drop ?? '', () => void act('p'), 'secondary');
  if (c.accept) add(L.accept ?? '', () => void act('a'));
  if (c.decline) add(w('btn-decline-resign'), () => void act('x'), 'secondary');
  if (c.undo) add(w('btn-undo'), () => void act('u'), 'secondary');
  if (c.done) add(w('btn-done'), () => void act('d'));
  if (c.next) add(w('btn-next-game'), () => void act('n'));
  if (c.rematch === 'offer') add(w('btn-rematch'), () => void act('m'));
  if (c.rematch === 'accept') add(w('btn-rematch-accept'), () => void act('m'));
  if (state.rematched) add(w('webapp-open-new'), () => void openNewest());
  // After the match: the review and the export, in the bot's chat.
  if (state.after?.review) add(w('btn-review'), () => openLink(state!.after!.review!), 'secondary');
  if (state.after?.export) add(w('btn-export'), () => openLink(state!.after!.export!), 'secondary');
  if (!state.watching) {
    if (state.finished || !c.resign.length) box.append(button(w('webapp-list'), () => void showList(), 'secondary list'));
    else {
      const more = button('⋯', () => ((moreMenu = true), drawControls()), 'secondary more');
      more.setAttribute('aria-label', w('webapp-more'));
      box.append(more);
    }
  }
  done(main);
  function done(n: number): void {
    // With buttons to press, the upright phone's one row shows them (the hint goes below).
    document.body.dataset.buttons = String(n);
  }
}
let moreMenu = false;

/** What happened, the match and the cube in words, and (once per game) how the other side numbers its plays. */
function drawNews(): void {
  const st = state!;
  const box = $('news');
  box.replaceChildren();
  const head = document.createElement('p');
  head.className = 'title';
  head.textContent = [st.title, st.cubeLine].filter(Boolean).join(' · ');
  box.append(head);
  if (st.choices.rematch === 'waiting') {
    const p = document.createElement('p');
    p.textContent = w('webapp-rematch-waiting');
    box.append(p);
  }
  if (st.after) {
    const p = document.createElement('p');
    p.textContent = w('webapp-after');
    box.append(p);
  }
  for (const line of st.news) {
    const p = document.createElement('p');
    p.textContent = line;
    box.append(p);
  }
  const key = `nardy-numbering-${st.id}`;
  let seen = false;
  try {
    seen = localStorage.getItem(key) === '1';
    if (st.numbering && !seen) localStorage.setItem(key, '1');
  } catch {
    seen = false;
  }
  if (st.numbering && (!seen || numberingShownFor === st.id)) {
    numberingShownFor = st.id;
    const p = document.createElement('p');
    p.className = 'note';
    p.textContent = st.numbering;
    box.append(p);
  }
}
/** The game whose numbering note this page is showing (it stays until the page leaves the game). */
let numberingShownFor: string | null = null;

// ---- Input --------------------------------------------------------------------------------------

function zoneAt(x: number, y: number): string | null {
  const el = document.elementFromPoint(x, y) as (Element & { dataset?: DOMStringMap }) | null;
  return el?.dataset?.zone ?? null;
}

function tap(zone: string | null): void {
  if (!state || busy || !zone) return;
  if (selected && zone !== selected) {
    const step = targetsOf(selected).find((s) => s.to === zone);
    if (step) {
      selected = null;
      return void act(`s${String(step.step[0]).padStart(2, '0')}${String(step.step[1]).padStart(2, '0')}`);
    }
  }
  selected = zone !== selected && targetsOf(zone).length ? zone : null;
  if (selected) haptic('tap');
  drawZones();
  $('hint').textContent = state.steps.length && !selected ? w('webapp-pick') : state.status;
}

let down: string | null = null;
function onDown(e: PointerEvent): void {
  down = zoneAt(e.clientX, e.clientY);
  if (down && state && down !== selected && targetsOf(down).length && !(selected && targetsOf(selected).some((s) => s.to === down))) {
    // Pressing a checker picks it up at once (then a drag or a tap puts it down).
    selected = down;
    haptic('tap');
    drawZones();
    down = '__picked';
  }
}
function onUp(e: PointerEvent): void {
  const zone = zoneAt(e.clientX, e.clientY);
  if (down === '__picked') {
    down = null;
    if (zone && zone !== selected) tap(zone);
    return;
  }
  down = null;
  if (zone) tap(zone);
  else if (selected && selected !== 'bar') {
    selected = null;
    drawZones();
  }
}

// ---- Actions ------------------------------------------------------------------------------------

interface ActAnswer {
  readonly ok?: boolean;
  readonly result?: string;
  readonly message?: string;
  readonly next?: string | null;
  readonly state?: GameState;
}

/** One press, as the short code a chat button carries (the server's one parser). */
async function act(code: string): Promise<void> {
  if (!state || busy) return;
  busy = true;
  drawControls();
  try {
    const { status, data } = await api<ActAnswer>('act', { g: state.id, v: state.v, act: code });
    if (!data) return toast(w('webapp-offline'));
    if (data.message && (!data.ok || code === 'm')) toast(data.message);
    haptic(data.ok ? 'done' : 'refused');
    if (data.next) {
      gameId = data.next;
      state = null;
      busy = false;
      return void (await load());
    }
    if (data.state) state = data.state;
    else if (status === 404 || status === 403) state = null;
    resignMenu = false;
    moreMenu = false;
    selected = null;
  } catch (e) {
    console.debug('a request of the page failed:', e);
    toast(w('webapp-offline'));
  } finally {
    busy = false;
    if (state) render();
    else if (!gameId) void showList();
  }
}

async function openNewest(): Promise<void> {
  const { data } = await api<GamesList>('games');
  const other = (data?.games ?? []).filter((g) => g.id !== gameId).sort((a, b) => b.updatedAt - a.updatedAt)[0];
  if (!other) return toast(w('webapp-no-games'));
  gameId = other.id;
  state = null;
  await load();
}

// ---- The list of games and a new game -----------------------------------------------------------

let level = 'medium';
async function showList(): Promise<void> {
  stream?.abort.abort();
  stream = null;
  const { status, data } = await api<GamesList & { message?: string }>('games');
  if (status === 401 || !data) return refuse(data?.message);
  words = { ...words, ...data.words };
  document.documentElement.lang = data.lang;
  state = null;
  gameId = null;
  applyTheme();
  setBack(null);
  const list = $('list');
  list.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = data.games.length ? w('webapp-games') : w('webapp-no-games');
  list.append(h);
  for (const g of data.games) {
    list.append(
      button(g.title, () => {
        gameId = g.id;
        void load();
      }, 'game'),
    );
  }
  // A puzzle: find the best play.
  list.append(button(w('webapp-puzzle'), () => void showPuzzle(), 'puzzle'));
  // A new game against the bot, right here (its board also comes to the bot's chat).
  const h2 = document.createElement('h2');
  h2.textContent = w('webapp-new-game');
  list.append(h2);
  const levels = document.createElement('div');
  levels.className = 'levels';
  levels.setAttribute('role', 'radiogroup');
  levels.setAttribute('aria-label', w('webapp-level'));
  if (!data.levels.some((l) => l.id === level)) level = data.levels[0]?.id ?? 'medium';
  for (const l of data.levels) {
    const b = button(l.label, () => {
      level = l.id;
      for (const x of levels.querySelectorAll('button')) x.setAttribute('aria-checked', String(x === b));
    }, 'level');
    b.setAttribute('role', 'radio');
    b.setAttribute('aria-checked', String(l.id === level));
    levels.append(b);
  }
  const label = document.createElement('p');
  label.className = 'label';
  label.textContent = w('webapp-level');
  list.append(label, levels);
  const variants = document.createElement('div');
  variants.className = 'variants';
  variants.append(button(w('webapp-new-short'), () => void newGame('short'), 'new'), button(w('webapp-new-long'), () => void newGame('long'), 'new'));
  list.append(variants);
  document.title = w('webapp-title') || 'Nardy';
  $('game').hidden = true;
  list.hidden = false;
  document.body.dataset.view = 'list';
}

async function newGame(variant: 'short' | 'long'): Promise<void> {
  if (busy) return;
  busy = true;
  toast(w('webapp-starting'));
  try {
    const { data } = await api<ActAnswer>('new', { variant, level });
    if (!data?.next) return toast(data?.message ?? w('webapp-offline'));
    toast(data.message);
    haptic('done');
    gameId = data.next;
    busy = false;
    await load();
  } catch (e) {
    console.debug('a request of the page failed:', e);
    toast(w('webapp-offline'));
  } finally {
    busy = false;
  }
}

// ---- Puzzles ------------------------------------------------------------------------------------

let puzzle: PuzzleView | null = null;

/** The puzzle on the person's board (or a new one), or the next one. */
async function showPuzzle(next = false): Promise<void> {
  stream?.abort.abort();
  stream = null;
  const { status, data } = await api<PuzzleView & { message?: string }>('puzzle', next ? { act: 'next' } : undefined);
  if (status === 401 || !data) return refuse(data?.message);
  puzzle = data;
  words = { ...words, ...data.words };
  state = null;
  gameId = null;
  document.documentElement.lang = data.lang;
  document.body.dataset.view = 'puzzle';
  drawPuzzle(data.board, null);
}

/** The cube in the middle (64 while nobody has doubled) or being offered; an owned cube is drawn beside its owner (ownedCube). */
function drawCentreCube(cube: BoardData['cube']): void {
  const centre = $('centre-cube');
  centre.hidden = !(cube && (cube.owner === null || cube.offered));
  if (cube) centre.textContent = String(cube.offered || cube.value > 1 ? cube.value : 64);
  centre.classList.toggle('offered', !!cube?.offered);
}

function drawPuzzle(board: BoardData, answer: PuzzleAnswer | null): void {
  const p = puzzle!;
  $('list').hidden = true;
  $('game').hidden = false;
  const shape = shapeNow();
  document.body.dataset.shape = shape;
  // The players' chips tell the problem: its title; whose play and the roll.
  const [head, ...rest] = p.title.split('\n');
  for (const [id, text] of [['far', head ?? ''], ['near', rest.join(' ')]] as const) {
    const el = $(id);
    el.replaceChildren();
    el.className = 'player';
    const t = document.createElement('span');
    t.className = 'facts';
    t.textContent = text;
    el.append(t);
  }
  // A cube problem: the mover's own cube beside the question, or the cube in the middle.
  ownedCube($('near'), board.cube, board.turn);
  drawCentreCube(board.cube);
  drawBoardNow(shape, board, p.palette);
  $('zones').replaceChildren();
  drawDice(board);
  const box = $('controls');
  box.replaceChildren();
  if (answer) {
    box.append(button(w('puzzle-next'), () => void showPuzzle(true)), button(w('webapp-list'), () => void showList(), 'secondary list'));
    document.body.dataset.buttons = '1';
  } else {
    p.answers.forEach((label, n) => box.append(button(label, () => void answerPuzzle(n), 'answer')));
    document.body.dataset.buttons = String(p.answers.length);
  }
  $('hint').textContent = answer ? answer.lines[0] ?? '' : '';
  $('hint').classList.toggle('over', !!answer);
  const news = $('news');
  news.replaceChildren();
  for (const line of answer ? answer.lines.slice(1) : rest) {
    const el = document.createElement('p');
    el.textContent = line;
    news.append(el);
  }
  setBack(() => void showList());
  fitBoard(shape);
}

async function answerPuzzle(n: number): Promise<void> {
  if (!puzzle || busy) return;
  busy = true;
  try {
    const { data } = await api<PuzzleAnswer>('puzzle', { act: 'answer', id: puzzle.id, n });
    if (!data) return toast(w('webapp-offline'));
    toast(data.message);
    haptic(data.result === 'solved' ? 'done' : 'refused');
    busy = false;
    if (data.result === 'stale' || !data.board) return void (await showPuzzle());
    drawPuzzle(data.board, data);
  } catch (e) {
    console.debug('a request of the page failed:', e);
    toast(w('webapp-offline'));
  } finally {
    busy = false;
  }
}

/** Not opened from Telegram, or the launch data expired: said in the person's language. */
function refuse(message?: string): void {
  $('game').hidden = true;
  const list = $('list');
  list.replaceChildren();
  const p = document.createElement('p');
  p.className = 'refusal';
  p.textContent = message ?? w('webapp-unauthorized');
  list.append(p);
  list.hidden = false;
  document.body.dataset.view = 'refused';
}

async function load(): Promise<void> {
  if (!gameId) return void (await showList());
  const { status, data } = await api<GameState & { message?: string }>(`state?${gameQuery(gameId)}`);
  if (status === 401) return refuse(data?.message);
  if (status !== 200 || !data) {
    toast(data?.message);
    gameId = null;
    return void (await showList());
  }
  state = data;
  words = { ...words, ...data.words };
  selected = null;
  resignMenu = false;
  document.body.dataset.view = 'game';
  render();
  follow();
}

/** Follow the game: a new version from the stream, and the page asks for the state. */
function follow(): void {
  const id = gameId;
  if (!id || stream?.id === id) return;
  stream?.abort.abort();
  const abort = new AbortController();
  stream = { id, abort };
  void (async () => {
    while (!abort.signal.aborted && gameId === id) {
      try {
        const res = await fetch(`api/events?${gameQuery(id)}`, { headers: { 'x-telegram-init-data': launch.initData }, signal: abort.signal, cache: 'no-store' });
        if (res.status === 401 || res.status === 403 || res.status === 404) return;
        if (res.status === 429) {
          // Too many live streams open: look again later, not at once.
          const wait = Math.min(120, Number(res.headers.get('retry-after')) || 30) * 1000;
          await res.body?.cancel().catch((e: unknown) => console.debug('closing a refused events stream:', e));
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        banner('');
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const chunk = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const m = /(?:^|\n)event: v\ndata: (\d+)/.exec(chunk);
            if (m && state && state.id === id && Number(m[1]) > state.v && !busy) await refresh();
          }
        }
      } catch (e) {
        if (abort.signal.aborted) return;
        console.debug('the events stream broke (it is opened again):', e);
        banner(w('webapp-offline'));
      }
      await new Promise((r) => setTimeout(r, 1500));
      // Whatever was missed while the stream was down.
      if (!abort.signal.aborted && state?.id === id) await refresh().catch((e: unknown) => console.debug('catching up after the events stream failed (the next try follows):', e));
    }
  })();
}

async function refresh(): Promise<void> {
  if (!gameId) return;
  const { status, data } = await api<GameState>(`state?${gameQuery(gameId)}`);
  if (status !== 200 || !data || (state && data.v <= state.v)) return;
  state = data;
  selected = null;
  resignMenu = false;
  moreMenu = false;
  render();
}

// ---- Start --------------------------------------------------------------------------------------

applyTheme();
const wrap = $('board-wrap');
wrap.addEventListener('pointerdown', onDown);
wrap.addEventListener('pointerup', onUp);
let lastShape = shapeNow();
window.addEventListener('resize', () => {
  const now = shapeNow();
  if (!state) {
    if (puzzle && document.body.dataset.view === 'puzzle' && now !== document.body.dataset.shape) void showPuzzle();
    else if (puzzle && document.body.dataset.view === 'puzzle') fitBoard(now);
    return;
  }
  if (now !== lastShape) {
    lastShape = now;
    render();
  } else fitBoard(now);
});
if (!launch.initData) {
  // Said in the language the server reads from the browser (no launch data to read it from).
  void api<{ message?: string }>('games').then(({ data }) => refuse(data?.message));
} else void load();
