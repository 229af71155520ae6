/**
 * Telegram Mini App launch data (`initData`), verified as Telegram documents it: the data-check
 * string (every field but `hash`, as key=value, sorted, joined by newlines) signed with
 * HMAC-SHA256 under the key HMAC-SHA256("WebAppData", bot token); `auth_date` not older than a
 * day (nor from the future). Anything else is refused with the reason.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Launch data older than this is refused. */
export const INIT_DATA_MAX_AGE_S = 86_400;
/** Real launch data is a few hundred bytes; a header this long is not one. */
export const INIT_DATA_MAX_BYTES = 4096;

export interface WebAppUser {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string | null;
  readonly username: string | null;
  readonly languageCode: string | null;
}

export interface InitData {
  readonly user: WebAppUser;
  readonly authDate: number;
  /** The `startapp` parameter of a direct link (a game id), if any. */
  readonly startParam: string | null;
}

export type InitDataCheck = { readonly ok: true; readonly data: InitData } | { readonly ok: false; readonly reason: 'missing' | 'malformed' | 'bad-signature' | 'expired' | 'no-user' };

export function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** Sign launch data (tests, and the bench's clients, play the Telegram client with this). */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const hash = createHmac('sha256', secretKey(botToken)).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

export function verifyInitData(raw: string | null | undefined, botToken: string, nowS: number = Math.floor(Date.now() / 1000)): InitDataCheck {
  if (!raw) return { ok: false, reason: 'missing' };
  if (raw.length > INIT_DATA_MAX_BYTES) return { ok: false, reason: 'malformed' };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const hash = params.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'malformed' };
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) return { ok: false, reason: 'malformed' };
  const check = keys
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${params.get(k)}`)
    .join('\n');
  const want = createHmac('sha256', secretKey(botToken)).update(check).digest();
  if (!timingSafeEqual(want, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'bad-signature' };
  const authDate = Number(params.get('auth_date'));
  if (!Number.isSafeInteger(authDate)) return { ok: false, reason: 'malformed' };
  if (nowS - authDate > INIT_DATA_MAX_AGE_S || authDate - nowS > 300) return { ok: false, reason: 'expired' };
  let user: unknown;
  try {
    user = JSON.parse(params.get('user') ?? 'null');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof user !== 'object' || user === null) return { ok: false, reason: 'no-user' };
  const u = user as Record<string, unknown>;
  if (typeof u.id !== 'number' || !Number.isSafeInteger(u.id) || u.id <= 0) return { ok: false, reason: 'no-user' };
  const start = params.get('start_param');
  return {
    ok: true,
    data: {
      user: {
        id: u.id,
        firstName: typeof u.first_name === 'string' ? u.first_name.slice(0, 64) : '',
        lastName: typeof u.last_name === 'string' ? u.last_name.slice(0, 64) : null,
        username: typeof u.username === 'string' ? u.username.slice(0, 64) : null,
        languageCode: typeof u.language_code === 'string' ? u.language_code.slice(0, 16) : null },
      authDate,
      startParam: start && /^[0-9A-Za-z_]{1,64}$/.test(start) ? start : null,
    },
  };
}
