import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_MESSAGES } from '../../../domain/applications/package-applicants.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser } from '../auth/testing.ts';
import { packagePrices, packages } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';
import { ADULT, apiCall, MINOR, seededPackage, startApplication, startBody } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A start body for a seeded passport renewal package from `applyingFrom`, with `members`. */
async function renewal(packageSlug: string, members: object[], applyingFrom = 'US') {
  const { pkg } = await seededPackage(t.app, 'indian-passport-renewal', packageSlug, { applyingFrom });
  return startBody(t.app, { packageId: pkg.id, choices: { applyingFrom }, members });
}

describe("a package's price is for adults or for children: a member of the other kind would pay the wrong government fee", () => {
  it('refuses to start a minor renewal with an adult, or an adult or Tatkal renewal with a child, at the member', async () => {
    const user = await createSignedInUser(t.app);
    for (const [slug, members, index, name] of [
      ['minor', [MINOR, ADULT], 1, ADULT.fullName],
      ['adult-36-pages', [ADULT, MINOR], 1, MINOR.fullName],
      ['tatkal', [MINOR], 0, MINOR.fullName],
    ] as const) {
      const res = await apiCall(t.app, 'POST', '/application/order', user.token, await renewal(slug, [...members]));
      expect(res.statusCode, slug).toBe(400);
      const message = slug === 'minor' ? APPLICANT_MESSAGES.minorsOnly(name) : APPLICANT_MESSAGES.adultsOnly(name);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[`members.${index}.dateOfBirth`]).toBe(message);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.email, user.email))).toEqual([]);
  });

  it("refuses a 16-year-old on Canada's minor renewal (under 15), and takes a 10-year-old", async () => {
    const user = await createSignedInUser(t.app);
    const sixteen = { fullName: 'Kabir Sharma', dateOfBirth: '2010-06-01', relationship: 'Child' };
    const refused = await apiCall(
      t.app,
      'POST',
      '/application/order',
      user.token,
      await renewal('minor', [sixteen], 'CA'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(APPLICANT_MESSAGES.tooOld('Kabir Sharma', 15));
    const taken = await apiCall(t.app, 'POST', '/application/order', user.token, await renewal('minor', [MINOR], 'CA'));
    expect(taken.statusCode).toBe(201);
  });

  it("takes a 16-year-old on Canada's adult renewal (a minor's fee there is for under 15), and refuses a 10-year-old", async () => {
    const user = await createSignedInUser(t.app);
    const sixteen = { fullName: 'Kabir Sharma', dateOfBirth: '2010-06-01', relationship: 'Child' };
    const taken = await apiCall(
      t.app,
      'POST',
      '/application/order',
      user.token,
      await renewal('adult-36-pages', [ADULT, sixteen], 'CA'),
    );
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().data.members.map((m: { kind: string }) => m.kind)).toEqual(['Adult', 'Minor']);
    const refused = await apiCall(
      t.app,
      'POST',
      '/application/order',
      user.token,
      await renewal('adult-36-pages', [MINOR], 'CA'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['members.0.dateOfBirth']).toBe(APPLICANT_MESSAGES.tooYoung(MINOR.fullName, 15));
  });

  it('refuses to add an adult to a minor renewal, or to change a child’s date of birth to an adult’s, and keeps the member', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, await renewal('minor', [MINOR]));
    const added = await apiCall(t.app, 'POST', `/application/order/${order.displayId}/members`, user.token, {
      ...ADULT,
      relationship: 'Parent',
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors.dateOfBirth).toBe(APPLICANT_MESSAGES.minorsOnly(ADULT.fullName));
    const memberId = order.members[0]?.id;
    const changed = await apiCall(
      t.app,
      'PUT',
      `/application/order/${order.displayId}/members/${memberId}`,
      user.token,
      {
        ...MINOR,
        dateOfBirth: '1990-01-01',
      },
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors.dateOfBirth).toBe(APPLICANT_MESSAGES.minorsOnly(MINOR.fullName));
    const members = (await apiCall(t.app, 'GET', `/application/order/${order.displayId}/members`, user.token)).json()
      .data;
    expect(members.map((m: { dateOfBirth: string }) => m.dateOfBirth)).toEqual([MINOR.dateOfBirth]);
  });

  it('takes anyone on a package the catalog does not bind to an age (a new OCI card costs the same)', async () => {
    const user = await createSignedInUser(t.app);
    const order = await startApplication(t.app, user.token, { members: [ADULT, MINOR] });
    expect(order.members.map((m) => m.kind)).toEqual(['Adult', 'Minor']);
  });
});

describe('an install seeded before packages said who they are for', () => {
  it("gets the seed's rules from migrations 0045 and 0047", async () => {
    const rules = async () => ({
      kinds: await t.database.db
        .select({ id: packages.id, kinds: packages.applicantKinds })
        .from(packages)
        .orderBy(packages.id),
      ages: await t.database.db
        .select({
          id: packagePrices.id,
          underAge: packagePrices.applicantUnderAge,
          fromAge: packagePrices.applicantFromAge,
        })
        .from(packagePrices)
        .orderBy(packagePrices.id),
    });
    const seeded = await rules();
    expect(seeded.kinds.filter((p) => p.kinds !== null)).toHaveLength(5);
    expect(seeded.ages.filter((p) => p.underAge !== null)).toHaveLength(1);
    expect(seeded.ages.filter((p) => p.fromAge !== null)).toHaveLength(1);
    await t.database.db.update(packages).set({ applicantKinds: null });
    await t.database.db.update(packagePrices).set({ applicantUnderAge: null, applicantFromAge: null });
    for (const file of ['0045_package_applicants.sql', '0047_package_applicant_from_age.sql']) {
      const migration = await readFile(new URL(`../../db/migrations/${file}`, import.meta.url), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) {
        if (statement.includes('UPDATE')) await t.database.executeSql(statement);
      }
    }
    expect(await rules()).toEqual(seeded);
  });
});
