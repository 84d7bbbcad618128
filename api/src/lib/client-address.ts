import { isIPv4, isIPv6 } from 'node:net';

/**
 * What a per-address limit counts a client under. IPv4 as it is. IPv6 by its /64: a home or a
 * server is handed a whole /64 and can take a new address for every request, so the full address
 * would never be limited. An IPv4-mapped IPv6 address (`::ffff:203.0.113.5`, what a dual-stack
 * socket reports for an IPv4 client) is that IPv4 address. Anything else is returned unchanged.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0]!; // a zone index (fe80::1%eth0) says nothing about the client
  if (!isIPv6(bare)) return ip;
  const groups = hextets(bare);
  const [a, b, c, d, e, f, g, h] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return `${g! >> 8}.${g! & 0xff}.${h! >> 8}.${h! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((n) => n.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function hextets(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [o1, o2, o3, o4] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((o1 << 8) | o2).toString(16)}:${((o3 << 8) | o4).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((x) => parseInt(x, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
