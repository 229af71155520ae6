/**
 * Telegram's side of the page, through its own Mini App SDK (@telegram-apps/sdk): launch data,
 * theme, viewport (expanded to the full height; the board is turned on an upright phone rather
 * than asking for Telegram's full screen, whose safe areas would take more height than its header
 * does), safe areas (respected when a client opens the page full screen), the back button and
 * haptics. Outside
 * Telegram (a plain browser) nothing here throws: the page reads its launch data from the address
 * as Telegram passes it, and the client's calls become no-ops.
 */
import {
  backButton,
  bindThemeParamsCssVars,
  bindViewportCssVars,
  expandViewport,
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  init,
  isTMA,
  miniAppReady,
  mountBackButton,
  mountMiniAppSync,
  mountThemeParamsSync,
  mountViewport,
  viewportState,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  isThemeParamsDark,
} from '@telegram-apps/sdk';

let inTelegram = false;

/** A call of the client's that it refused: an older client, or no client at all (expected, so only for debugging). */
const refused = (e: unknown): void => console.debug('Telegram client call refused:', e);

/** Run a call of the client's; a client that lacks it (or no client at all) is not an error. */
function safely(f: () => unknown): void {
  try {
    const r = f();
    if (r && typeof (r as Promise<unknown>).catch === 'function') (r as Promise<unknown>).catch(refused);
  } catch (e) {
    refused(e);
  }
}

export interface Launch {
  /** The signed launch data, sent with every request (empty: not opened from Telegram). */
  readonly initData: string;
  readonly startParam: string | null;
  readonly platform: string;
}

/** The page's layout hears here of Telegram's viewport changing (height, safe areas, full screen). */
let layoutChanged: () => void = () => undefined;
export function onLayoutChange(f: () => void): void {
  layoutChanged = f;
}

export function start(): Launch {
  let initData = '';
  let startParam: string | null = null;
  let platform = 'unknown';
  try {
    inTelegram = isTMA();
  } catch (e) {
    refused(e);
    inTelegram = false;
  }
  if (inTelegram) {
    try {
      // Custom styles would arrive as an inline <style>, which the page's policy refuses.
      init({ acceptCustomStyles: false });
      const lp = retrieveLaunchParams();
      initData = retrieveRawInitData() ?? '';
      startParam = lp.tgWebAppStartParam ?? lp.tgWebAppData?.start_param ?? null;
      platform = lp.tgWebAppPlatform;
    } catch (e) {
      refused(e);
      inTelegram = false;
    }
  }
  if (!initData) {
    // Launch data as Telegram passes it in the address, kept for reloads within the session.
    const hash = new URLSearchParams(location.hash.slice(1));
    initData = hash.get('tgWebAppData') ?? sessionStorage.getItem('nardy-init') ?? '';
    platform = hash.get('tgWebAppPlatform') ?? platform;
    try {
      startParam ??= new URLSearchParams(initData).get('start_param');
    } catch {
      startParam = null;
    }
  }
  if (initData) sessionStorage.setItem('nardy-init', initData);
  startParam ??= new URLSearchParams(location.search).get('tgWebAppStartParam');
  if (inTelegram) {
    safely(() => mountMiniAppSync());
    safely(() => {
      mountThemeParamsSync();
      bindThemeParamsCssVars();
    });
    safely(() => expandViewport());
    safely(async () => {
      await mountViewport();
      bindViewportCssVars();
      // Safe areas and heights arrive as CSS variables: the board is fitted again on each change.
      viewportState.sub(() => requestAnimationFrame(() => layoutChanged()));
      layoutChanged();
    });
    safely(() => mountBackButton());
    safely(() => miniAppReady());
  }
  return { initData, startParam, platform };
}

/** Telegram's theme, when it gave one: is it dark? (null: no theme, outside Telegram) */
export function telegramDark(): boolean | null {
  if (!inTelegram) return null;
  try {
    return isThemeParamsDark() ?? null;
  } catch {
    return null;
  }
}

let backHandler: (() => void) | null = null;
/** Telegram's back button: shown with a handler, hidden with null (the client is told only of a change). */
export function setBack(handler: (() => void) | null): void {
  if (!inTelegram) return;
  safely(() => {
    const wasShown = backHandler !== null;
    if (backHandler) backButton.offClick(backHandler);
    backHandler = handler;
    if (handler) backButton.onClick(handler);
    if (handler && !wasShown) backButton.show();
    if (!handler && wasShown) backButton.hide();
  });
}

export function haptic(kind: 'tap' | 'done' | 'refused'): void {
  if (!inTelegram) return;
  safely(() => {
    if (kind === 'tap') hapticFeedbackImpactOccurred('light');
    else hapticFeedbackNotificationOccurred(kind === 'done' ? 'success' : 'error');
  });
}

/** Open a t.me link: in Telegram, its own way (the chat opens); elsewhere, a new tab. */
export function openLink(url: string): void {
  if (inTelegram) {
    try {
      openTelegramLink(url);
      return;
    } catch (e) {
      refused(e);
    }
  }
  window.open(url, '_blank', 'noopener');
}
