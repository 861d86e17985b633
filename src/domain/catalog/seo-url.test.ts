import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChosenPackage } from './package-choice.ts';
import { type ParameterChoices, SERVICE_PARAMETERS, type ServiceParameter } from './parameters.ts';
import {
  buildServicePath,
  FALLBACK_SERVICE_SLUG,
  isCountriesSegment,
  normalizeCountry,
  parseServicePath,
  type ServiceLocation,
  type ServiceUrlContext,
  servicePackagesHref,
  serviceUrlSlug,
  slugify,
} from './seo-url.ts';

/** Splits a built URL into the path and query the codec reads. */
function parseUrl(url: string, context: ServiceUrlContext): ServiceLocation | null {
  const [path = '', search = ''] = url.split('?');
  return parseServicePath(path, search, context);
}

const OCI: ServiceUrlContext = {
  parameters: ['applyingFrom'],
  packageSlugs: ['new-oci-card', 'oci-reissue', 'minor'],
};
const VISA: ServiceUrlContext = {
  parameters: ['citizenship', 'destination'],
  packageSlugs: ['e-tourist-30-days', 'e-business'],
};
const ALL: ServiceUrlContext = { parameters: ['applyingFrom', 'citizenship', 'destination'] };

describe('slugify (SPEC.md §2 slug rule)', () => {
  it.each([
    ['OCI Card', 'oci-card'],
    ['Renunciation of Indian Passport', 'renunciation-of-indian-passport'],
    ['Power of Attorney / Attestation', 'power-of-attorney-attestation'],
    ['e-Visa  --  India', 'e-visa-india'],
    ['Visa (Tourist) & Business: 2026!', 'visa-tourist-business-2026'],
    ['Apostille/Attestation', 'apostille-attestation'],
    [' Café ', 'caf'],
    ['', FALLBACK_SERVICE_SLUG],
    ['!!!', FALLBACK_SERVICE_SLUG],
    ['/ - /', FALLBACK_SERVICE_SLUG],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('is idempotent and always yields a lowercase, hyphen-separated slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });

  it('derives the service slug from the name when the service has none', () => {
    expect(serviceUrlSlug({ slug: 'oci-card', name: 'Anything' })).toBe('oci-card');
    expect(serviceUrlSlug({ slug: '', name: 'Indian Passport Renewal' })).toBe('indian-passport-renewal');
    expect(serviceUrlSlug({ slug: null, name: '***' })).toBe('passport-services');
  });
});

describe('parseServicePath', () => {
  it('reads a bare service path', () => {
    expect(parseServicePath('/oci-card', '', OCI)).toEqual({ serviceSlug: 'oci-card', packageSlug: null, choices: {} });
  });

  it('reads a single code as the one parameter the service has', () => {
    expect(parseServicePath('/oci-card/ca', '', OCI)?.choices).toEqual({ applyingFrom: 'CA' });
  });

  it('reads a single code as the destination when the service has several parameters', () => {
    expect(parseServicePath('/indian-visa/in', '', VISA)?.choices).toEqual({ destination: 'IN' });
  });

  it('reads codes in the order applyingFrom, citizenship, destination', () => {
    expect(parseServicePath('/x/us-ca-in', '', ALL)?.choices).toEqual({
      applyingFrom: 'US',
      citizenship: 'CA',
      destination: 'IN',
    });
    expect(parseServicePath('/indian-visa/us-in', '', VISA)?.choices).toEqual({ citizenship: 'US', destination: 'IN' });
  });

  it('tells a package slug from a countries segment', () => {
    expect(parseServicePath('/oci-card/new-oci-card', '', OCI)).toEqual({
      serviceSlug: 'oci-card',
      packageSlug: 'new-oci-card',
      choices: {},
    });
    expect(parseServicePath('/oci-card/minor/us', '', OCI)).toEqual({
      serviceSlug: 'oci-card',
      packageSlug: 'minor',
      choices: { applyingFrom: 'US' },
    });
    // Codes-looking package slugs cannot be told apart: no such page.
    expect(parseServicePath('/oci-card/us/ca', '', OCI)).toBeNull();
  });

  it('reads an unknown country written as its lowercased, hyphenated name', () => {
    expect(parseServicePath('/oci-card/united-kingdom', '', OCI)?.choices).toEqual({ applyingFrom: 'united-kingdom' });
    expect(parseServicePath('/oci-card/new-oci-card/Kosovo', '', OCI)?.choices).toEqual({ applyingFrom: 'kosovo' });
    // Without the package list, a second segment that is not codes is a package.
    expect(parseServicePath('/oci-card/united-kingdom', '', { parameters: ['applyingFrom'] })?.packageSlug).toBe(
      'united-kingdom',
    );
  });

  it('merges citizenship, applyingFrom and destination from the query; the query wins', () => {
    expect(parseServicePath('/indian-visa', '?citizenship=ca&destination=IN&utm_source=x', VISA)?.choices).toEqual({
      citizenship: 'CA',
      destination: 'IN',
    });
    expect(parseServicePath('/indian-visa/us-in', 'citizenship=CA', VISA)?.choices).toEqual({
      citizenship: 'CA',
      destination: 'IN',
    });
    expect(
      parseServicePath('/oci-card', new URLSearchParams({ applyingFrom: 'United Kingdom' }), OCI)?.choices,
    ).toEqual({ applyingFrom: 'united-kingdom' });
  });

  it('drops choices for parameters the service does not have', () => {
    expect(parseServicePath('/oci-card', 'destination=IN&applyingFrom=us', OCI)?.choices).toEqual({
      applyingFrom: 'US',
    });
    expect(parseServicePath('/photo-enhancement/us', '', { parameters: [] })?.choices).toEqual({});
  });

  it('normalises the service and package segments with the slug rule', () => {
    expect(parseServicePath('/OCI%20Card/New-OCI-Card/CA', '', OCI)).toEqual({
      serviceSlug: 'oci-card',
      packageSlug: 'new-oci-card',
      choices: { applyingFrom: 'CA' },
    });
  });

  it('rejects paths with no segment, more than three, or bad escapes', () => {
    expect(parseServicePath('/', '', OCI)).toBeNull();
    expect(parseServicePath('/a/b/c/d', '', OCI)).toBeNull();
    expect(parseServicePath('/oci-card/%E0%A4%A', '', OCI)).toBeNull();
  });
});

describe('buildServicePath', () => {
  it('writes codes lowercased in the path, in URL order', () => {
    expect(buildServicePath({ serviceSlug: 'oci-card', packageSlug: null, choices: { applyingFrom: 'CA' } }, OCI)).toBe(
      '/oci-card/ca',
    );
    expect(
      buildServicePath(
        { serviceSlug: 'indian-visa', packageSlug: 'e-business', choices: { destination: 'IN', citizenship: 'US' } },
        VISA,
      ),
    ).toBe('/indian-visa/e-business/us-in');
  });

  it('puts choices the path could not carry back unchanged in the query', () => {
    // One of two parameters that is not the destination: a single code would read as destination.
    expect(
      buildServicePath({ serviceSlug: 'indian-visa', packageSlug: null, choices: { citizenship: 'US' } }, VISA),
    ).toBe('/indian-visa?citizenship=US');
    // A country name beside another country.
    expect(
      buildServicePath(
        { serviceSlug: 'indian-visa', packageSlug: null, choices: { citizenship: 'kosovo', destination: 'IN' } },
        VISA,
      ),
    ).toBe('/indian-visa?citizenship=kosovo&destination=IN');
  });

  it('writes a lone unknown country as its name', () => {
    expect(
      buildServicePath(
        { serviceSlug: 'oci-card', packageSlug: null, choices: { applyingFrom: 'united-kingdom' } },
        OCI,
      ),
    ).toBe('/oci-card/united-kingdom');
  });

  it('normalises query values: codes to capitals, names to slugs, empty values dropped', () => {
    expect(normalizeCountry('in')).toBe('IN');
    expect(normalizeCountry(' U.S. ')).toBe('US');
    expect(normalizeCountry('Côte d’Ivoire')).toBe('cte-divoire');
    expect(normalizeCountry('  ')).toBeNull();
  });
});

/* Arbitraries of valid locations: slugs, codes, country names and service contexts. */
const slugArb = fc.stringMatching(/^[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,3}$/);
const packageSlugArb = slugArb.filter((s) => !isCountriesSegment(s));
const codeArb = fc.stringMatching(/^[A-Z]{2}$/);
const nameArb = slugArb.filter((s) => !/^[a-z]{2}$/.test(s));
const valueArb = fc.oneof({ weight: 3, arbitrary: codeArb }, { weight: 1, arbitrary: nameArb });
const parametersArb = fc
  .subarray([...SERVICE_PARAMETERS])
  .chain((subset) => fc.shuffledSubarray(subset, { minLength: subset.length }));

const contextArb: fc.Arbitrary<ServiceUrlContext> = fc.record(
  {
    parameters: parametersArb,
    packageSlugs: fc.uniqueArray(packageSlugArb, { maxLength: 4 }),
  },
  { requiredKeys: ['parameters'] },
);

function locationArb(context: ServiceUrlContext): fc.Arbitrary<ServiceLocation> {
  const packages = context.packageSlugs;
  const packageArb =
    packages === undefined
      ? fc.option(packageSlugArb)
      : packages.length
        ? fc.option(fc.constantFrom(...packages))
        : fc.constant(null);
  const choiceEntries = context.parameters.map((p) => fc.option(valueArb).map((v) => [p, v] as const));
  return fc.record({
    serviceSlug: slugArb,
    packageSlug: packageArb,
    choices: fc.tuple(...choiceEntries).map((entries) => {
      const choices: ParameterChoices = {};
      for (const [parameter, value] of entries) if (value !== null) choices[parameter as ServiceParameter] = value;
      return choices;
    }),
  });
}

const cases = contextArb.chain((context) => fc.tuple(fc.constant(context), locationArb(context)));

/* Arbitrary URLs, most of them nonsense: mixed case, codes, names, escapes, junk query. */
const segmentArb = fc.oneof(
  slugArb,
  codeArb,
  fc.stringMatching(/^[a-zA-Z]{2}(-[a-zA-Z]{2}){0,3}$/),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('New OCI Card', '%20', 'US!', 'u.s', '-', 'Kosovo'),
);
const queryArb = fc
  .array(
    fc.tuple(
      fc.constantFrom('applyingFrom', 'citizenship', 'destination', 'utm_source', 'page'),
      fc.oneof(codeArb, nameArb, fc.string({ maxLength: 8 }), fc.constantFrom('us', ' ', 'Côte d’Ivoire')),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());
const urlArb = fc.tuple(fc.array(segmentArb, { minLength: 0, maxLength: 4 }), queryArb);

describe('the codec round-trips (fast-check)', () => {
  it('parse(build(x)) = x for every valid location', () => {
    fc.assert(
      fc.property(cases, ([context, location]) => {
        expect(parseUrl(buildServicePath(location, context), context)).toEqual(location);
      }),
      { numRuns: 2000 },
    );
  });

  it('build(parse(url)) is canonical: building what it parses back gives the same URL', () => {
    fc.assert(
      fc.property(contextArb, urlArb, (context, [segments, search]) => {
        const parsed = parseServicePath(`/${segments.join('/')}`, search, context);
        if (parsed === null) return;
        const canonical = buildServicePath(parsed, context);
        const again = parseUrl(canonical, context);
        expect(again).toEqual(parsed);
        expect(again && buildServicePath(again, context)).toBe(canonical);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('servicePackagesHref', () => {
  it('leads from a chosen package to its service page at the same countries, where another package is chosen', () => {
    const choice = {
      service: { name: 'Passport Renewal', slug: 'passport-renewal', parameters: ['applyingFrom'] },
      pkg: { slug: 'adult-renewal', choices: { applyingFrom: 'CA' } },
    } as unknown as ChosenPackage;
    const href = servicePackagesHref(choice);
    const url = new URL(href, 'https://x.test');
    expect(parseServicePath(url.pathname, url.search, { parameters: ['applyingFrom'] })).toEqual({
      serviceSlug: 'passport-renewal',
      packageSlug: null,
      choices: { applyingFrom: 'CA' },
    });
  });
});
