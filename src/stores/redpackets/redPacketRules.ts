import {
  BIND_CAPTCHA_LENGTH,
  BIND_PHONE_DIGITS,
  RED_PACKET_MAX_NUMBER_DIGITS,
  RED_PACKET_MAX_TOTAL_CENTS,
  RED_PACKET_MIN_SHARE_CENTS,
  RED_PACKET_LIVE_DELAY_MS,
  type RedPacketAskStatus,
  type RedPacketStatus
} from '../../../types/api/redpackets';
import type { MessageKey } from '../../i18n';

/**
 * Red packet rules of the client (spec part 3 §4, §5, §9): the send form's checks in integer
 * cents, the phone sign-up's checks, what the open modal shows for a status, and the delays.
 */

/** Spec part 3 §9: the open delay. */
export const RED_PACKET_OPEN_DELAY_MS = 500;
/** Spec part 3 §9: the got-packet cache is cleared after 2,592,000,000 ms (30 days). */
export const GOT_CACHE_MAX_AGE_MS = 2_592_000_000;
/** Phone sign-up: 60 s between SMS codes, 2 s debounce of the send tap. */
export const SMS_COUNTDOWN_S = 60;
export const SMS_DEBOUNCE_MS = 2000;
/** The send button's debounce. */
export const SEND_DEBOUNCE_MS = 1000;

/** Yuan as typed ('12', '12.5', '12.50') → integer cents; null for anything else (1.005, letters, negative). */
export function yuanToCents(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Integer cents → '12.50' (no floating point). */
export function centsToYuan(cents: number): string {
  const c = Math.max(0, Math.trunc(cents));
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

/** The quantity: digits only, 1 to 5 of them, not zero; null otherwise. */
export function parseNumber(text: string): number | null {
  const s = text.trim();
  if (!new RegExp(`^\\d{1,${RED_PACKET_MAX_NUMBER_DIGITS}}$`).test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

export type SendCheck = { ok: true; cents: number; number: number } | { ok: false; error: MessageKey };

/** The send form's checks, in the spec's order: quantity, amount, 200 yuan at most, 1 yuan a packet at least. */
export function checkSend(numberText: string, amountText: string): SendCheck {
  const number = parseNumber(numberText);
  if (number === null) return { ok: false, error: 'redpacket.numberInvalid' };
  const cents = yuanToCents(amountText);
  if (cents === null || cents <= 0) return { ok: false, error: 'redpacket.amountInvalid' };
  if (cents > RED_PACKET_MAX_TOTAL_CENTS) return { ok: false, error: 'redpacket.max200' };
  if (cents < number * RED_PACKET_MIN_SHARE_CENTS) return { ok: false, error: 'redpacket.shareMin' };
  return { ok: true, cents, number };
}

export type PhoneCheck = { ok: true } | { ok: false; error: MessageKey };

export function checkPhone(phone: string): PhoneCheck {
  return new RegExp(`^\\d{${BIND_PHONE_DIGITS}}$`).test(phone.trim()) ? { ok: true } : { ok: false, error: 'redpacket.phoneInvalid' };
}

/** Spec part 3 §5: phone exactly 11 digits, name required, captcha exactly 4 characters. */
export function checkSignup(phone: string, name: string, code: string): PhoneCheck {
  const p = checkPhone(phone);
  if (!p.ok) return p;
  if (!name.trim()) return { ok: false, error: 'redpacket.nameRequired' };
  if (code.trim().length !== BIND_CAPTCHA_LENGTH) return { ok: false, error: 'redpacket.captchaInvalid' };
  return { ok: true };
}

/** The modal's status: '' until the server said, then its status (or the ask's). */
export type PacketViewStatus = '' | RedPacketStatus | RedPacketAskStatus;
export type PacketView = 'loading' | 'tooSlow' | 'details' | 'open';

/** Spec part 3 §4: empty at first; end or close → the too-slow view; done → 'View details'; otherwise Open. */
export function packetView(status: PacketViewStatus): PacketView {
  if (status === '') return 'loading';
  if (status === 'end' || status === 'close') return 'tooSlow';
  if (status === 'done') return 'details';
  return 'open';
}

/** 1 to 5 s at random (RED_PACKET_LIVE_DELAY_MS) for a live red packet message. */
export function liveDelayMs(random: () => number): number {
  const { min, max } = RED_PACKET_LIVE_DELAY_MS;
  return Math.round(min + Math.min(Math.max(random(), 0), 1) * (max - min));
}
