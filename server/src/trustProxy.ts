import net from 'node:net';

/**
 * TRUST_PROXY: which peers may tell us the client's address (X-Forwarded-For,
 * -Host, -Proto). `false` (default): none, req.ip is the socket's peer; `true`:
 * every peer; a number: that many proxy hops in front of the server; a list:
 * the proxies' IPs / CIDRs (or proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 100;

function isIpOrCidr(v: string): boolean {
  if (NAMED_RANGES.has(v)) return true;
  const slash = v.indexOf('/');
  if (slash < 0) return net.isIP(v) !== 0;
  const ip = v.slice(0, slash);
  const bits = v.slice(slash + 1);
  const family = net.isIP(ip);
  if (!family || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Parse TRUST_PROXY; a value that is none of the accepted forms is a start error. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || /^(false|off|no)$/i.test(v)) return false;
  if (/^(true|on|yes)$/i.test(v)) return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY hop count must be at most ${MAX_HOPS}, got ${hops}`);
    return hops === 0 ? false : hops;
  }
  const list = v.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !isIpOrCidr(s));
  if (bad.length) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses / CIDR ranges, got ${bad.map((b) => `"${b}"`).join(', ')}`
    );
  }
  return list;
}

/**
 * Fastify's `trustProxy` option. A hop count becomes a function: Fastify 5 turns
 * a bare number into "trust nobody", while a hop count means the address
 * `hops` entries back in X-Forwarded-For (the first hop is the socket's peer).
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address: string, hop: number) => hop < tp;
  return tp;
}
