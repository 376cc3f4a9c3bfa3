import Taro from '@tarojs/taro';

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

/** The system's loading toast (a spinner with `title`, the page stays usable underneath only in browsers). */
export function showLoading(title: string): void {
  try {
    void Promise.resolve(Taro.showLoading({ title, mask: true })).catch(() => undefined);
  } catch {
    /* no loading toast here: the caller's own state still shows the work */
  }
}

export function hideLoading(): void {
  try {
    void Promise.resolve(Taro.hideLoading()).catch(() => undefined);
  } catch {
    /* nothing shown */
  }
}

/** Call a phone number: the system dialler (mini-program), a tel: link in browsers. */
export function callPhone(phone: string): void {
  const number = phone.replace(/[^\d+]/g, '');
  if (!number) return;
  if (process.env.TARO_ENV === 'h5') {
    window.location.href = `tel:${number}`;
    return;
  }
  void Promise.resolve(Taro.makePhoneCall({ phoneNumber: number })).catch(() => undefined);
}

/**
 * Show a place on a map: WeChat's location view in the mini-program; in browsers, the
 * Amap marker page (it opens the map app on phones).
 */
export function openMapPlace(place: { name: string; latitude: number; longitude: number; address?: string }): void {
  if (process.env.TARO_ENV === 'h5') {
    window.location.href = mapPlaceUrl(place);
    return;
  }
  void Promise.resolve(Taro.openLocation({ latitude: place.latitude, longitude: place.longitude, name: place.name, address: place.address ?? '', scale: 16 })).catch(() => undefined);
}

/** The Amap (Gaode) marker page for a place. */
export function mapPlaceUrl(place: { name: string; latitude: number; longitude: number }): string {
  return `https://uri.amap.com/marker?position=${place.longitude},${place.latitude}&name=${encodeURIComponent(place.name)}&coordinate=wgs84&callnative=1`;
}
