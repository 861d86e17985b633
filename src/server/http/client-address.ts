import { isIPv6 } from 'node:net';

/**
 * The address a limit counts a client by: an IPv4 address as it is, an IPv6 one by its /64.
 * A subscriber (a home, a phone, a rented server) is given a whole /64 and can take a new address
 * in it for every request; counted one address at a time, one client could make as many guesses,
 * sign-ups or resets as it liked. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`, a dual-stack
 * socket) is the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  // An IPv4 tail (`64:ff9b::192.0.2.1`) fills the last two groups.
  const right = tail ? tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
