// Push webhooks are URLs chosen by clients: without a check, a client could make the agent
// POST into its own network (SSRF). Loopback, private, link-local, unique-local, CGNAT,
// multicast and unspecified addresses are refused unless allow-listed — whether written
// literally, reached through a DNS name, or (since redirects are never followed) a redirect.

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unique-local' | 'shared' | 'multicast' | 'unspecified' | 'reserved';

function ipv4ToInt(ip: string): number | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
}

const inV4 = (n: number, base: string, bits: number): boolean => {
  const b = ipv4ToInt(base)!;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (n & mask) === (b & mask);
};

function classifyV4(n: number): AddressClass {
  if (inV4(n, '127.0.0.0', 8)) return 'loopback';
  if (inV4(n, '10.0.0.0', 8) || inV4(n, '172.16.0.0', 12) || inV4(n, '192.168.0.0', 16)) return 'private';
  if (inV4(n, '169.254.0.0', 16)) return 'link-local';
  if (inV4(n, '100.64.0.0', 10)) return 'shared';
  if (inV4(n, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(n, '224.0.0.0', 4)) return 'multicast';
  if (inV4(n, '240.0.0.0', 4) || inV4(n, '192.0.0.0', 24) || inV4(n, '198.18.0.0', 15)) return 'reserved';
  return 'public';
}

/** Expands an IPv6 address into 8 numbers; undefined when it is not one. */
function parseV6(ip: string): number[] | undefined {
  let s = ip
    .replace(/^\[|\]$/g, '')
    .split('%')[0]
    .toLowerCase();
  // A trailing dotted IPv4 (::ffff:127.0.0.1) becomes its two hex words first.
  const v4 = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (v4) {
    const n = ipv4ToInt(v4[2]);
    if (n === undefined) return undefined;
    s = `${v4[1]}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/.test(s)) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const words = (text: string): number[] => (text === '' ? [] : text.split(':').map((w) => (/^[0-9a-f]{1,4}$/.test(w) ? parseInt(w, 16) : NaN)));
  const head = words(halves[0]);
  const tail = halves.length === 2 ? words(halves[1]) : [];
  if ([...head, ...tail].some(Number.isNaN)) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const fill = 8 - head.length - tail.length;
  return fill < 1 ? undefined : [...head, ...new Array<number>(fill).fill(0), ...tail];
}

export function classifyAddress(ip: string): AddressClass | undefined {
  const v4 = ipv4ToInt(ip);
  if (v4 !== undefined) return classifyV4(v4);
  const w = parseV6(ip);
  if (!w) return undefined;
  if (w.every((x) => x === 0)) return 'unspecified';
  if (w.slice(0, 7).every((x) => x === 0) && w[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96) embed an IPv4 address.
  const embedded =
    (w[0] === 0 && w[1] === 0 && w[2] === 0 && w[3] === 0 && w[4] === 0 && (w[5] === 0xffff || w[5] === 0)) || (w[0] === 0x64 && w[1] === 0xff9b);
  if (embedded) return classifyV4(((w[6] << 16) | w[7]) >>> 0);
  if ((w[0] & 0xfe00) === 0xfc00) return 'unique-local';
  if ((w[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((w[0] & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((w[0] & 0xff00) === 0xff00) return 'multicast';
  if (w[0] === 0x2001 && w[1] === 0x0db8) return 'reserved';
  return 'public';
}

export const isIpLiteral = (host: string): boolean => classifyAddress(host) !== undefined;

/** Allow-list entries: a host name, an IP address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
export function isAllowListed(hostOrIp: string, allow: readonly string[]): boolean {
  const host = hostOrIp.replace(/^\[|\]$/g, '').toLowerCase();
  for (const raw of allow) {
    const entry = raw.trim().toLowerCase();
    if (entry === host) return true;
    const [base, bitsText] = entry.split('/');
    if (bitsText === undefined) continue;
    const bits = Number(bitsText);
    const n = ipv4ToInt(host);
    const b = ipv4ToInt(base);
    if (n !== undefined && b !== undefined && bits >= 0 && bits <= 32 && inV4(n, base, bits)) return true;
    const hw = parseV6(host);
    const bw = parseV6(base);
    if (hw && bw && bits >= 0 && bits <= 128) {
      let ok = true;
      for (let i = 0; i < 8 && ok; i++) {
        const take = Math.max(0, Math.min(16, bits - i * 16));
        const mask = take === 0 ? 0 : (0xffff << (16 - take)) & 0xffff;
        ok = (hw[i] & mask) === (bw[i] & mask);
      }
      if (ok) return true;
    }
  }
  return false;
}

/** Why an address may not be a push target, or undefined when it may. */
export function refusal(address: string, hostname: string, allow: readonly string[]): string | undefined {
  const kind = classifyAddress(address);
  if (kind === undefined || kind === 'public') return undefined;
  if (isAllowListed(hostname, allow) || isAllowListed(address, allow)) return undefined;
  const via = hostname.replace(/^\[|\]$/g, '') === address ? '' : ` (${hostname} resolves to it)`;
  return `${address} is a ${kind} address${via}; push notifications to it are refused unless listed in server.push.allowPrivateTargets`;
}
