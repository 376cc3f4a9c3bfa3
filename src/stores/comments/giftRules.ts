import { GIFT_COUNT_MAX } from '../../../types/api/comments';
import { ErrorCode } from '../../../types/envelope';
import type { MessageKey } from '../../i18n';
import { postErrorKey } from './commentRules';

/**
 * Gift and emotion rules of the client (spec part 3 §3 Gift, Emotion; §9): the quantity
 * 1..GIFT_COUNT_MAX, the total in integer cents, the cooldown left in whole seconds, the
 * refusals' wording (giftPrecreate's answer as the pay step takes it: pay/paidFlow.ts precreatedPrepay).
 */

/** Quick picks of the quantity beside the stepper. */
export const GIFT_COUNT_PICKS = [1, 10, 66, GIFT_COUNT_MAX] as const;

/** Any typed quantity as 1..GIFT_COUNT_MAX (not a number → 1). */
export function clampCount(v: unknown): number {
  const n = Math.floor(Number(v));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, GIFT_COUNT_MAX);
}

/** price × count in integer cents. */
export const totalCents = (priceCents: number, count: number): number => Math.round(priceCents) * clampCount(count);

/** Whole seconds until `untilMs` (0 once passed): the disabled button's countdown. */
export const secondsLeft = (untilMs: number | undefined, nowMs: number): number => (untilMs && untilMs > nowMs ? Math.ceil((untilMs - nowMs) / 1000) : 0);

/** The wording of a refused gift, emotion or gift order. */
export function giftErrorKey(code: number | undefined): MessageKey {
  switch (code) {
    case ErrorCode.GIFT_COOLDOWN:
      return 'gifts.cooldownNotice';
    case ErrorCode.GIFT_TRADE_UNPAID:
      return 'pay.noRecord';
    case ErrorCode.GIFT_TRADE_REFUNDED:
      return 'gifts.refunded';
    case ErrorCode.GIFT_NO_REFUNDS:
      return 'gifts.unavailable';
    case ErrorCode.GIFT_TRADE_UNKNOWN:
    case ErrorCode.GIFT_TRADE_MISMATCH:
    case ErrorCode.GIFT_TRADE_USED:
    case ErrorCode.GIFT_TRADE_REQUIRED:
      return 'gifts.tradeError';
    default:
      return postErrorKey(code);
  }
}

/** A paid post refused for good: the order is done with (used, refunded), so the next send pays again. */
export const tradeSpent = (code: number | undefined): boolean => code === ErrorCode.GIFT_TRADE_USED || code === ErrorCode.GIFT_TRADE_REFUNDED;
