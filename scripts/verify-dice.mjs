#!/usr/bin/env node
// Check the dice of one game yourself, with nothing but Node (no code of this bot):
//   node scripts/verify-dice.mjs <server seed> <k> <commitment> <client seed> <game id> <rolls>
// <rolls>: the game's rolls as digits, two per roll ("6531..."), as /fair shows them.
// Exit code 0 and "ok" when the seed belongs to the commitment and gives every roll.
import { createHash, createHmac } from 'node:crypto';

const [seed, kText, commit, client, gameId, rolls = ''] = process.argv.slice(2);
if (!seed || !kText || !commit || client === undefined || !gameId) {
  console.error('usage: node scripts/verify-dice.mjs <server seed> <k> <commitment> <client seed> <game id> [rolls]');
  process.exit(2);
}
const k = Number(kText);
// 1. SHA-256 of the seed's 32 bytes, k times, is the commitment shown before the match.
let x = Buffer.from(seed, 'hex');
for (let i = 0; i < k; i++) x = createHash('sha256').update(x).digest();
if (x.toString('hex') !== commit.toLowerCase()) {
  console.log('the seed does not lead to the commitment');
  process.exit(1);
}
// 2. Roll n is HMAC-SHA256(seed, "<client>:<game id>:<k>:<n>"); bytes below 252 give dice (byte % 6 + 1).
function roll(n) {
  for (let round = 0; ; round++) {
    const msg = `${client}:${gameId}:${k}:${n}` + (round ? `:${round}` : '');
    const faces = [...createHmac('sha256', Buffer.from(seed, 'hex')).update(msg).digest()].filter((b) => b < 252).map((b) => (b % 6) + 1);
    if (faces.length >= 2) return `${faces[0]}${faces[1]}`;
  }
}
for (let n = 0; 2 * n < rolls.length; n++) {
  if (roll(n) !== rolls.slice(2 * n, 2 * n + 2)) {
    console.log(`roll ${n} does not match: the seed gives ${roll(n)}, the game had ${rolls.slice(2 * n, 2 * n + 2)}`);
    process.exit(1);
  }
}
console.log(`ok: the seed belongs to the commitment and gives all ${rolls.length / 2} rolls`);
