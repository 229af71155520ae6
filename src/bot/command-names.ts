/** Commands as people type them: capitals, and near misses. */

/**
 * A command typed with capitals (/Play, /PLAY@nardy_bot) is the command: its name is lowercased
 * in the message before the commands are matched (Telegram's own menu sends lowercase).
 */
export function lowerCommand(message: { text?: string; entities?: ReadonlyArray<{ type: string; offset: number; length: number }> } | undefined): void {
  const e = message?.entities?.[0];
  const text = message?.text;
  if (!text || !e || e.type !== 'bot_command' || e.offset !== 0) return;
  const cmd = text.slice(0, e.length);
  const at = cmd.indexOf('@');
  const name = at < 0 ? cmd : cmd.slice(0, at);
  if (name === name.toLowerCase()) return;
  (message as { text: string }).text = name.toLowerCase() + text.slice(name.length);
}

/** The known command nearest a mistyped one (at most two letters off), for "did you mean". */
export function nearestCommand(typed: string, known: readonly string[]): string | null {
  const word = typed.replace(/^\//, '').split('@')[0]!.toLowerCase();
  if (!word || word.length > 32) return null;
  let best: string | null = null;
  let bestD = 3;
  for (const k of known) {
    const d = editDistance(word, k);
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** Every command's name (the private chat's and the groups'). */
export const COMMAND_NAMES = ['start', 'play', 'rules', 'settings', 'resign', 'cancel', 'fair', 'stats', 'top', 'export', 'help', 'tournament', 'find', 'watch', 'games', 'puzzle', 'daily'] as const;
