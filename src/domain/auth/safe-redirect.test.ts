import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect, sameOriginPath } from './safe-redirect.ts';

/** How a browser resolves a Location value on this site: the host it would go to. */
function hostTheBrowserVisits(location: string): string {
  return new URL(location, 'https://sevadocs.example/signin').host;
}

describe('sameOriginPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(sameOriginPath('/dashboard')).toBe('/dashboard');
    expect(sameOriginPath('/profile?tab=orders#top')).toBe('/profile?tab=orders#top');
    expect(sameOriginPath('/oci-card/oci-card-for-minor/us')).toBe('/oci-card/oci-card-for-minor/us');
    expect(sameOriginPath('/a/../package-form')).toBe('/package-form');
  });

  const hostile: [string, string][] = [
    ['tab after the slash (the reported bypass)', '/\t/evil.example/phish'],
    ['newline after the slash', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['tab inside the double slash', '/\t\t/evil.example'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/phish'],
    ['backslash', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash then slash', '/\\/evil.example'],
    ['dot segment making a double slash', '/.//evil.example'],
    ['dot-dot segment making a double slash', '/x/..//evil.example'],
    ['absolute http', 'http://evil.example'],
    ['absolute https', 'https://evil.example/path'],
    ['scheme without slashes', 'https:evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['javascript, mixed case, leading space', ' JaVaScRiPt:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['leading space then double slash', ' //evil.example'],
    ['protocol-relative with credentials', '//@evil.example'],
    ['relative word', 'evil.example'],
    ['empty', ''],
  ];
  it.each(hostile)('refuses %s', (_name, target) => {
    expect(sameOriginPath(target)).toBeNull();
    expect(safeRedirect(target)).toBe('/');
  });

  it('keeps encodings that stay on this site harmless (percent-encoded, never decoded into a host)', () => {
    for (const target of ['/%2F%2Fevil.example', '/%09/evil.example', '/%5Cevil.example', '/\u3000/evil.example']) {
      const path = sameOriginPath(target);
      expect(path, target).not.toBeNull();
      expect(path?.startsWith('/')).toBe(true);
      expect(path?.startsWith('//')).toBe(false);
      expect(hostTheBrowserVisits(path as string)).toBe('sevadocs.example');
    }
  });

  it('refuses values that are not strings or are absurdly long', () => {
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(['/dashboard'])).toBeNull();
    expect(sameOriginPath(`/${'a'.repeat(5000)}`)).toBeNull();
  });

  it('never gives a value that leaves the site or breaks a Location header, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc
            .array(fc.constantFrom('/', '\\', '\t', '\n', '.', '%2F', '%09', 'evil.example', ':', '@', ' ', '\u3000'), {
              maxLength: 8,
            })
            .map((parts) => parts.join('')),
        ),
        (target) => {
          const path = safeRedirect(target);
          expect(path.startsWith('/')).toBe(true);
          expect(path.startsWith('//')).toBe(false);
          // Visible ASCII only: nothing a header or the browser's parser could reinterpret.
          expect(/^[\x21-\x7e]*$/.test(path)).toBe(true);
          expect(hostTheBrowserVisits(path)).toBe('sevadocs.example');
        },
      ),
      { numRuns: 2000 },
    );
  });
});
