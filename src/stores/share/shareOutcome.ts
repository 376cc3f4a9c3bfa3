import type { MessageKey } from '../../i18n';
import type { ShareContent, ShareOutcome } from '../../platform/share';

/** 'Copyed' shows for 1 s (spec). */
export const COPIED_TOAST_MS = 1000;

export interface ShareSteps {
  share: (content: ShareContent) => Promise<ShareOutcome>;
  toast: (key: MessageKey, ms?: number) => void;
  /** In WeChat: show the hint at its ··· menu (`copied`: the link was copied as well). */
  menuHint: (copied: boolean) => void;
}

/**
 * Share through the platform and tell the visitor what happened: the system share sheet,
 * the link copied ('Copyed', 1 s), the hint at WeChat's ··· menu, or a failure toast.
 */
export async function shareAndTell(content: ShareContent, steps: ShareSteps): Promise<ShareOutcome> {
  let outcome: ShareOutcome;
  try {
    outcome = await steps.share(content);
  } catch {
    outcome = 'failed';
  }
  if (outcome === 'menu' || outcome === 'menu-copied') steps.menuHint(outcome === 'menu-copied');
  else if (outcome === 'copied') steps.toast('share.Copyed', COPIED_TOAST_MS);
  else if (outcome === 'failed') steps.toast('share.copyFailed');
  return outcome;
}
