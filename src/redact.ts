/**
 * Secrets never leave the process: one redaction for every line the process writes about itself
 * (logs, start-up failures). It hides
 *   - a bot token in any form Telegram's URLs carry it (`bot123456:AAE...`), whoever wrote it
 *     (a fetch error quoting the request URL, a proxy's HTML page);
 *   - the password of any URL (`redis://bob:pw@host`, `https://u:p@proxy`);
 *   - each secret named at start (the token, Redis passwords, the webhook secret), also where it
 *     appears JSON-escaped or URL-encoded.
 */

/** What stands in for a secret. */
export const HIDDEN = '***';

const TOKEN = /\b(bot)?\d{5,}:[A-Za-z0-9_-]{20,}/g;
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:@/"'<>]*):([^\s@/"'<>]+)@/gi;

export type Redact = (text: string) => string;

export function redactor(secrets: ReadonlyArray<string | null | undefined> = []): Redact {
  const forms = new Set<string>();
  for (const s of secrets) {
    // Too short to be a secret worth the name, and replacing it would mangle ordinary words.
    if (!s || s.length < 6) continue;
    // A bot token's secret half is the secret, with or without the bot's id before it.
    const half = /^\d+:(.{16,})$/.exec(s)?.[1];
    for (const x of half ? [s, half] : [s]) {
      forms.add(x);
      forms.add(JSON.stringify(x).slice(1, -1));
      forms.add(encodeURIComponent(x));
    }
  }
  const exact = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text.replace(TOKEN, (_m, bot: string | undefined) => `${bot ?? ''}${HIDDEN}`).replace(URL_PASSWORD, (_m, scheme: string, user: string) => `${scheme}${user}:${HIDDEN}@`);
    for (const s of exact) if (out.includes(s)) out = out.split(s).join(HIDDEN);
    return out;
  };
}

/** The secrets of a configuration's URLs: the passwords (and users) they carry. */
export function urlSecrets(...urls: ReadonlyArray<string | null | undefined>): string[] {
  const out: string[] = [];
  for (const u of urls) {
    if (!u) continue;
    try {
      const parsed = new URL(u);
      if (parsed.password) out.push(parsed.password, decodeURIComponent(parsed.password));
    } catch {
      // Not a URL: nothing to take from it.
    }
  }
  return out;
}
