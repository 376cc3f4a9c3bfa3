import qrcode from 'qrcode-generator';

/**
 * A QR code of `text` as an SVG data URL, generated locally (no QR service):
 * error correction M, a 4-module quiet zone, black on white.
 */
export function qrSvgDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 8, margin: 32, scalable: true });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A QR code of `text` as its modules (error correction M): `dark(r, c)` for 0 ≤ r, c < count. */
export function qrMatrix(text: string): { count: number; dark: (r: number, c: number) => boolean } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return { count: qr.getModuleCount(), dark: (r, c) => qr.isDark(r, c) };
}
