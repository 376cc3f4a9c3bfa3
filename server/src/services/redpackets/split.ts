import crypto from 'node:crypto';
import {
  RED_PACKET_MAX_NUMBER_DIGITS,
  RED_PACKET_MAX_TOTAL_CENTS,
  RED_PACKET_MESSAGES,
  RED_PACKET_MIN_SHARE_CENTS,
  RedPacketError,
  type RedPacketType
} from '../../../../types/api/redpackets';
import { AppError } from '../../errors';

/** A refusal of the send form: its stable code, the spec's message, HTTP 400, the field in data. */
const refuse = (key: keyof typeof RedPacketError & keyof typeof RED_PACKET_MESSAGES, field: string) =>
  new AppError(RedPacketError[key], RED_PACKET_MESSAGES[key], { field }, 400);

/**
 * The send form's yuan amount in cents, exactly (no floating point): digits with at most two
 * decimals, above zero, at most 200 yuan. '-1', '1.005', 'abc', '' are AMOUNT_INVALID; '200.01' is AMOUNT_MAX.
 */
export function parseAmountCents(raw: string): number {
  const s = raw.trim();
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw refuse('AMOUNT_INVALID', 'amount');
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) throw refuse('AMOUNT_INVALID', 'amount');
  if (cents > RED_PACKET_MAX_TOTAL_CENTS) throw refuse('AMOUNT_MAX', 'amount');
  return cents;
}

/** The quantity as typed: digits only, 1 to 5 of them, not zero. */
export function parseNumber(raw: string): number {
  const s = raw.trim();
  if (!new RegExp(`^\\d{1,${RED_PACKET_MAX_NUMBER_DIGITS}}$`).test(s) || Number(s) === 0) throw refuse('NUMBER_INVALID', 'number');
  return Number(s);
}

/** Each share at least 1 yuan: the total covers number × 1 yuan. */
export function checkShareMinimum(amountCents: number, number: number): void {
  if (amountCents < number * RED_PACKET_MIN_SHARE_CENTS) throw refuse('SHARE_MIN', 'number');
}

/** A uniform integer in [min, max]. */
export type RandomInt = (min: number, max: number) => number;
const cryptoInt: RandomInt = (min, max) => crypto.randomInt(min, max + 1);

/**
 * The shares of a packet in cents, summing exactly to `total`, each at least
 * RED_PACKET_MIN_SHARE_CENTS (the spec: each single packet is at least 1 yuan); a total under
 * number × 1 yuan cannot be split (create refuses it first with SHARE_MIN).
 * normal: even (the cents that do not divide go one each to the first shares).
 * luck: every share gets the 1 yuan floor, and what is above the floors is dealt by the
 * double-mean draw: each share's extra uniform in [0, 2 × the mean extra left − 1], never more
 * than is left; the last share takes the rest.
 */
export function splitShares(total: number, number: number, type: RedPacketType, rand: RandomInt = cryptoInt): number[] {
  const floor = RED_PACKET_MIN_SHARE_CENTS;
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(number) || number < 1 || total < number * floor) {
    throw new Error(`cannot split ${total} cents into ${number} shares of at least ${floor} cents`);
  }
  if (type === 'normal') {
    const base = Math.floor(total / number);
    const extra = total - base * number;
    return Array.from({ length: number }, (_, i) => base + (i < extra ? 1 : 0));
  }
  const shares: number[] = [];
  let left = total - number * floor;
  for (let k = number; k > 1; k--) {
    const max = Math.max(0, Math.min(Math.floor((left * 2) / k) - 1, left));
    const extra = rand(0, max);
    shares.push(floor + extra);
    left -= extra;
  }
  shares.push(floor + left);
  return shares;
}
