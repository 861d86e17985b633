/**
 * Where a `?redirect=` (or any caller-supplied destination) may send a visitor: a path of this
 * site and nothing else. The target is judged the way the browser will read it — by the WHATWG
 * URL parser against this site's origin, which drops tabs and newlines, turns `\` into `/`, and
 * resolves `.` segments — so `/\t/evil.example`, `/\\evil.example` or `/.//evil.example` cannot
 * pass as a path and then be followed to another host (docs/decisions/0035).
 */

/** Any fixed origin will do: only whether the target stays on it matters. */
const PROBE_ORIGIN = 'https://site.invalid';
const MAX_TARGET_LENGTH = 2048;

/**
 * The same-origin path, query and fragment `target` names, normalised and safe to put in a
 * `Location` header or to navigate to; null for anything else (another origin, another scheme,
 * a protocol-relative address, control characters, an over-long or non-string value).
 */
export function sameOriginPath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_TARGET_LENGTH) return null;
  // Only a path: a full URL, even of this site, or a relative word like 'profile' is not asked for.
  if (!target.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(target, `${PROBE_ORIGIN}/`);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // '/.//evil.example' parses to the path '//evil.example', which a browser reads as a host.
  if (path.startsWith('//')) return null;
  return path;
}

/** `target` when it is a same-origin path (normalised), otherwise `fallback` (home by default). */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return sameOriginPath(target) ?? fallback;
}
