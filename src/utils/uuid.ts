/** A random RFC 4122 version-4 UUID (the mini-program has no crypto.randomUUID). */
export function uuid4(random: () => number = Math.random): string {
  const b = Array.from({ length: 16 }, () => Math.floor(random() * 256) & 0xff);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
