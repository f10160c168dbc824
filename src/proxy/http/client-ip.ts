/**
 * Who a request comes from, for the rate limit: the client's IP address, and
 * the key its bucket is kept under. An IPv6 client usually holds a whole /64
 * (privacy addresses change every few hours, and any host can pick a new one
 * at will), so IPv6 is counted per /64; an IPv4 address reached over a
 * dual-stack socket (`::ffff:192.0.2.1`) is the IPv4 address it carries.
 */

/**
 * The client's IP: from `ipHeader` when the operator trusts a proxy in front
 * (the last `x-forwarded-for` entry is the one that proxy added), else the
 * socket's address. Requests with neither share one bucket.
 */
export function clientIp(
  request: Request,
  remoteAddress: string | undefined,
  ipHeader: string | undefined,
): string {
  if (ipHeader) {
    const value = request.headers.get(ipHeader);
    const last = value?.split(',').pop()?.trim();
    if (last) return last;
  }
  return remoteAddress || 'unknown';
}

const HEXTET = /^[0-9a-f]{1,4}$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight hextets of an IPv6 address as numbers, or `undefined` if it is not one. */
function hextets(address: string): number[] | undefined {
  let text = address;
  // A trailing dotted IPv4 (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.1`) is its last two hextets.
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const bytes = dotted[2].split('.').map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    const high = ((bytes[0] << 8) | bytes[1]).toString(16);
    const low = ((bytes[2] << 8) | bytes[3]).toString(16);
    text = `${dotted[1]}${high}:${low}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] === '' ? [] : halves[0].split(':');
  const tail = halves.length === 2 && halves[1] !== '' ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  // `::` stands for at least one zero hextet; without it there must be eight.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!all.every((part) => HEXTET.test(part))) return undefined;
  return all.map((part) => parseInt(part, 16));
}

/**
 * The rate limit's key for a client IP: an IPv4 address as is (also when it
 * comes IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address as its /64 prefix
 * (`2001:db8:1:2::/64`: its first four hextets once `::` is expanded).
 * Anything else (`unknown`, a header's odd value) is its own key, lower-cased.
 */
export function clientKey(ip: string): string {
  // `[2001:db8::1]:443` and a zone (`fe80::1%eth0`) say nothing about who the client is.
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[([^\]]*)\](?::\d+)?$/, '$1')
    .replace(/%.*$/, '');
  if (IPV4.test(address)) return address;
  const parts = hextets(address);
  if (!parts) return address;
  const mapped = parts.slice(0, 5).every((part) => part === 0) && parts[5] === 0xffff;
  if (mapped) return [parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff].join('.');
  return `${parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
