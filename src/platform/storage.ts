import Taro from '@tarojs/taro';

/** Device storage (localStorage in browsers, wx storage in the mini-program). */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const v = Taro.getStorageSync(key);
    return v === '' || v === undefined || v === null ? fallback : (v as T);
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    Taro.setStorageSync(key, value);
  } catch {
    /* storage full or denied: settings stay for this visit only */
  }
}

export function removeStored(key: string): void {
  try {
    Taro.removeStorageSync(key);
  } catch {
    /* nothing stored */
  }
}
