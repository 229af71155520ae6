/**
 * Makes assets/ai/met.json, the match equity table the bot's cube decisions use, from the
 * Kazaross XG2 table that GNU Backgammon ships (apt-get install gnubg-data): a published table
 * of facts whose notice permits copying with the notice kept, which the JSON carries.
 * Usage: npx tsx scripts/make-met.ts [/usr/share/gnubg/met/Kazaross-XG2.xml]
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? '/usr/share/gnubg/met/Kazaross-XG2.xml';
const xml = readFileSync(file, 'utf8');
const notice = /<!--([\s\S]*?)-->/.exec(xml)![1]!.replace(/\$Id[^$]*\$/, '').trim().replace(/\s+\n/g, '\n').replace(/\n{3,}/g, '\n\n');
const rows = (section: string): number[][] => {
  const body = new RegExp(`<${section}[^>]*>([\\s\\S]*?)</${section}>`).exec(xml)![1]!;
  return [...body.matchAll(/<row>([\s\S]*?)<\/row>/g)].map((m) => [...m[1]!.matchAll(/<me>([\d.]+)<\/me>/g)].map((x) => Number(x[1])));
};
const pre = rows('pre-crawford-table');
const post = rows('post-crawford-table')[0]!;
if (pre.length !== 25 || pre.some((r) => r.length !== 25) || post.length !== 25) throw new Error('unexpected table shape');
const out = {
  name: 'Kazaross XG2 25 point MET',
  source: 'GNU Backgammon, met/Kazaross-XG2.xml',
  notice,
  /** preCrawford[i][j]: the chance that a player i+1 away wins against one j+1 away (a row of 1-away is the Crawford game). */
  preCrawford: pre,
  /** postCrawford[j]: the chance that the trailer, j+1 away, wins after the Crawford game against a leader 1 away. */
  postCrawford: post,
};
writeFileSync(new URL('../assets/ai/met.json', import.meta.url), JSON.stringify(out, null, 1) + '\n');
console.log('wrote assets/ai/met.json');
