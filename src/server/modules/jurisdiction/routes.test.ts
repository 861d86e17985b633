import { readdirSync, readFileSync } from 'node:fs';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jurisdictionSentence, POSTAL_CODE_MAX_LENGTH } from '../../../domain/jurisdiction/jurisdiction.ts';
import { JURISDICTION_MESSAGES as M } from '../../../domain/jurisdiction/messages.ts';
import { TULARE_JURISDICTION } from '../../../domain/jurisdiction/testing.ts';
import { USER_MESSAGES as U } from '../../../domain/users/messages.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { JURISDICTION_RATE_LIMIT } from './routes.ts';
import { jurisdictionRules } from './tables.ts';
import { hasCountiesFor } from './zip-counties.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const lookUp = (country: string, postalCode: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    url: `/api/v1/jurisdiction?country=${country}&postalCode=${encodeURIComponent(postalCode)}`,
    remoteAddress,
  });

async function found(country: string, postalCode: string) {
  const res = await lookUp(country, postalCode);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ isSuccess: true, statusCode: 200, message: M.found });
  return body.data;
}

describe('GET /api/v1/jurisdiction: California, split by county', () => {
  it('sends a Tulare County ZIP to San Francisco, by post through VFS', async () => {
    const data = await found('US', '93277');
    expect(data).toEqual(TULARE_JURISDICTION);
    expect(jurisdictionSentence(data)).toBe(
      'Your file goes to the Consulate General in San Francisco (Tulare County), through the VFS centre in San Francisco, by post.',
    );
  });

  it('sends a Kern County ZIP of the same 932 prefix to Los Angeles, from the day its centre opened', async () => {
    const data = await found('US', '93215-0001');
    expect(data).toMatchObject({
      postalCode: '93215-0001',
      area: { kind: 'county', name: 'Kern' },
      mission: { city: 'Los Angeles' },
      postalAddress: '800 South Figueroa Street, Suite 1210, Los Angeles, CA 90017',
      effectiveFrom: '2025-12-15',
    });
    const before = await t.app.services.jurisdiction.resolve('US', '93215', new Date('2025-12-14T12:00:00Z'));
    expect(before.ok && before.value.mission.city).toBe('San Francisco');
  });

  it('answers 404, not the rest of the state’s rule, for a California ZIP whose county is unknown', async () => {
    const res = await lookUp('US', '93299');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 404, message: M.unknown });
  });

  it('keeps a county map for every state the table splits', async () => {
    const split = await t.database.db
      .selectDistinct({ country: jurisdictionRules.country, region: jurisdictionRules.region })
      .from(jurisdictionRules)
      .where(isNotNull(jurisdictionRules.area));
    for (const { region } of split.filter((r) => r.country === 'US')) {
      expect(hasCountiesFor(region), region).toBe(true);
    }
  });
});

describe('GET /api/v1/jurisdiction: states whose sources disagree', () => {
  it.each([
    ['82001', 'WY', 'Seattle', '2024-07-12'],
    ['80202', 'CO', 'Houston', '2020-11-02'],
    ['87102', 'NM', 'Los Angeles', '2025-12-15'],
    ['19801', 'DE', 'Washington', '2020-11-02'],
  ])('%s (%s) goes to %s, the pick the decision record explains', async (zip, region, city, effectiveFrom) => {
    const data = await found('US', zip);
    expect(data).toMatchObject({ region, area: null, mission: { city }, effectiveFrom });
  });

  it('names the Embassy for Delaware, and New England’s consulate in Boston', async () => {
    expect((await found('US', '19801')).mission).toEqual({
      kind: 'embassy',
      name: 'Embassy of India, Washington',
      city: 'Washington',
    });
    expect((await found('US', '02108')).mission.city).toBe('Boston');
  });

  it('keeps each disagreement in the row’s note for staff, never in the answer', async () => {
    const rows = await t.database.db.select().from(jurisdictionRules);
    for (const region of ['WY', 'CO', 'NM', 'DE']) {
      const latest = rows
        .filter((r) => r.region === region)
        .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
      expect(latest?.note, region).toMatch(/Sources disagree/);
    }
    expect(JSON.stringify(await found('US', '82001'))).not.toMatch(/disagree|note/i);
  });
});

describe('GET /api/v1/jurisdiction: Canada', () => {
  it('sends an Ottawa FSA to the High Commission and a Toronto FSA to the consulate: Ontario is split', async () => {
    expect(await found('CA', 'k1a0b1')).toMatchObject({
      postalCode: 'K1A 0B1',
      region: 'ON',
      area: { kind: 'fsa', name: 'K1A' },
      place: 'Ontario, K1A',
      mission: { kind: 'high_commission', name: 'High Commission of India, Ottawa', city: 'Ottawa' },
      centre: { provider: 'BLS International', city: null },
    });
    expect(await found('CA', 'M5V 2T6')).toMatchObject({
      area: { kind: 'fsa', name: 'M5V' },
      mission: { kind: 'consulate_general', city: 'Toronto' },
    });
  });

  it.each([
    ['V6C 1Z7', 'BC', 'Vancouver'],
    ['T2P 1J9', 'AB', 'Vancouver'],
    ['H3B 4W8', 'QC', 'Ottawa'],
    ['R3C 4T3', 'MB', 'Toronto'],
  ])('sends %s (%s) to %s by province', async (code, region, city) => {
    expect(await found('CA', code)).toMatchObject({ region, area: null, mission: { city } });
  });
});

describe('GET /api/v1/jurisdiction: bad and unknown codes', () => {
  it.each([
    ['US', '9327', U.zipInvalid],
    ['US', 'K1A 0B1', U.zipInvalid],
    ['CA', 'K1A', U.canadianPostalInvalid],
    ['CA', '93277', U.canadianPostalInvalid],
    ['MX', '01000', U.countryInvalid],
    ['US', '9'.repeat(POSTAL_CODE_MAX_LENGTH + 1), M.codeTooLong],
  ])('answers 400 to %s %s with the field’s message', async (country, code, message) => {
    const res = await lookUp(country, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, statusCode: 400, message });
  });

  it('answers 400 without a code, and 404 to a ZIP of no state we serve', async () => {
    const none = await t.app.inject({ url: '/api/v1/jurisdiction?country=US' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(M.codeRequired);
    const military = await lookUp('US', '09001');
    expect(military.statusCode).toBe(404);
    expect(military.json().message).toBe(M.unknown);
  });

  it('answers 404 for American Samoa and the Northern Mariana Islands, not Hawaii’s or Guam’s consulate', async () => {
    // No row names their mission (decision 0105's sources list Guam and Hawaii only): never a guess.
    for (const zip of ['96799', '96950']) {
      const res = await lookUp('US', zip);
      expect(res.statusCode, zip).toBe(404);
      expect(res.json().message).toBe(M.unknown);
    }
    expect(await found('US', '96813')).toMatchObject({ region: 'HI', mission: { city: 'San Francisco' } });
    expect(await found('US', '96910')).toMatchObject({ region: 'GU', mission: { city: 'San Francisco' } });
  });

  it('limits look-ups per client address', async () => {
    for (let i = 0; i < JURISDICTION_RATE_LIMIT.max; i++) {
      expect((await lookUp('US', '10001', '203.0.113.7')).statusCode).toBe(200);
    }
    const over = await lookUp('US', '10001', '203.0.113.7');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ isSuccess: false, statusCode: 429, message: M.rateLimited });
    expect((await lookUp('US', '10001', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the table’s rows', () => {
  it('say in their notes that the unverified rows were searched again, and still stand', async () => {
    const rows = await t.database.db.select().from(jurisdictionRules);
    const unverified = rows.filter(
      (r) => r.missionCity === 'Boston' || (r.country === 'CA' && (r.region === 'ON' || r.region === 'MB')),
    );
    expect(unverified).toHaveLength(8);
    for (const row of unverified)
      expect(row.note, `${row.region} ${row.area}`).toMatch(/Checked again 29 Nov 2026:.*UNVERIFIED\.$/);
    expect((await found('US', '02108')).effectiveFrom).toBe('2025-12-15');
    expect((await found('CA', 'K7L 3N6')).mission.city).toBe('Ottawa');
  });

  it('are loaded by a migration holding seed.sql as written', () => {
    const seed = readFileSync(new URL('./seed.sql', import.meta.url), 'utf8');
    const folder = new URL('../../db/migrations/', import.meta.url);
    const migrations = readdirSync(folder).filter((name) => name.endsWith('.sql'));
    expect(migrations.some((name) => readFileSync(new URL(name, folder), 'utf8').includes(seed.trim()))).toBe(true);
  });
});
