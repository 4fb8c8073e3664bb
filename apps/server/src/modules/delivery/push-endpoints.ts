/**
 * Which addresses a subscription may name. The server POSTs to the endpoint a browser gave it, so
 * an unchecked endpoint would let anyone signed in make the server call any address (SSRF):
 * only the push services in PUSH_ENDPOINT_HOSTS are taken, over https on its port; plain http only for a
 * loopback host that is listed by name (a test's local push service), never by a wildcard.
 */

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function hostMatches(hostname: string, entry: string) {
  if (entry.startsWith('*.')) return hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1;
  return hostname === entry;
}

export function allowedPushEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const hostname = url.hostname.toLowerCase();
  // Push services listen on 443 (URL keeps no port for it): another port of a listed host is not one.
  if (url.protocol === 'https:') return url.port === '' && hosts.some((entry) => hostMatches(hostname, entry));
  if (url.protocol === 'http:') return LOOPBACK.test(hostname) && hosts.includes(hostname);
  return false;
}
