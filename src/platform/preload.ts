import Taro from '@tarojs/taro';

const done = new Map<string, Promise<void>>();
const MAX_REMEMBERED = 200;

/**
 * Fetch and decode an image ahead of use, so showing it later is immediate.
 * Browsers: an off-screen Image and decode(). Mini-program: getImageInfo, which
 * downloads it into the image cache. Rejects when the image cannot be loaded.
 */
export function preloadImage(url: string): Promise<void> {
  const known = done.get(url);
  if (known) return known;
  let p: Promise<void>;
  if (process.env.TARO_ENV === 'h5') {
    p = new Promise<void>((resolve, reject) => {
      if (typeof Image === 'undefined') return resolve();
      const img = new Image();
      img.onload = () => {
        if (typeof img.decode === 'function') img.decode().then(resolve, () => resolve());
        else resolve();
      };
      img.onerror = () => reject(new Error(`image failed to load: ${url}`));
      img.src = url;
    });
  } else {
    p = Taro.getImageInfo({ src: url }).then(() => undefined);
  }
  p = p.catch((e) => {
    done.delete(url);
    throw e;
  });
  if (done.size > MAX_REMEMBERED) done.clear();
  done.set(url, p);
  return p;
}
