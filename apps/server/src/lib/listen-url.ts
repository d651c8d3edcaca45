import type { AddressInfo } from 'node:net';

/**
 * The URL this process can be reached at on the address it listens on: a wildcard address
 * (0.0.0.0, ::) becomes loopback, an IPv6 host is bracketed. Undefined before it listens.
 */
export function listenUrlOf(address: AddressInfo | string | null): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const unspecified = address.address === '0.0.0.0' || address.address === '::';
  const host = unspecified ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
