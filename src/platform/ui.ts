import Taro from '@tarojs/taro';

/** The page title: the browser tab in H5, the navigation bar in the mini-program. */
export function setTitle(title: string): void {
  if (process.env.TARO_ENV === 'h5') document.title = title;
  else void Taro.setNavigationBarTitle({ title }).catch(() => undefined);
}

/** The document's language (H5 `<html lang>`), for screen readers, fonts and translation; the mini-program has no document. */
export function setDocumentLang(lang: string): void {
  if (process.env.TARO_ENV === 'h5' && typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Secondary pages draw their own title bar with a back control in browsers; the
 * mini-program shows its native navigation bar instead.
 */
export function drawsOwnTitleBar(): boolean {
  return process.env.TARO_ENV === 'h5';
}

export function toast(title: string, ms = 2000): void {
  void Taro.showToast({ title, icon: 'none', duration: ms }).catch(() => undefined);
}
