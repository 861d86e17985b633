import { asc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInput } from '../../../domain/applications/members.ts';
import { POSTING_ADDRESS_TEXT as T } from '../../../domain/applications/posting-address.ts';
import type { Jurisdiction } from '../../../domain/jurisdiction/jurisdiction.ts';
import { addressConflict } from '../../../domain/jurisdiction/proof-of-address.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createSignedInUser, signIn } from '../auth/testing.ts';
import { storedMissionAddress } from './order-mission.ts';
import { type ApplicationRow, createApplicationsRepository } from './repository.ts';
import { ADULT, apiCall, completeOciAnswers, MINOR, moveOrderTo, startApplication } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const us = (zipCode: string) => ({ addressCountry: 'US', zipCode });

/** `otherPackage`: a package of another service than the seeded OCI one, with the choices it asks. */
async function orderOf(
  startWith = [ADULT, MINOR],
  applyingFrom = 'US',
  otherPackage?: { id: number; choices: object },
) {
  const user = await createSignedInUser(t.app);
  const order = await startApplication(t.app, user.token, {
    members: startWith,
    choices: { applyingFrom, ...otherPackage?.choices },
    ...(otherPackage ? { packageId: otherPackage.id } : {}),
  });
  const ref = order.displayId;
  // A fresh session for each save: autosave allows one write per member per second per session.
  const save = async (memberId: number, answers: object) => {
    const token = await signIn(t.app, user.email, user.password);
    const res = await apiCall(t.app, 'PUT', `/application/order/${ref}/members/${memberId}/form`, token, {
      answers,
      currentStep: 1,
    });
    expect(res.statusCode).toBe(200);
  };
  const mission = async (): Promise<Jurisdiction | null> =>
    (await apiCall(t.app, 'GET', `/application/order/${ref}`, user.token)).json().data.mission;
  const members = async (method: 'POST' | 'PUT' | 'DELETE', path: string, member?: object) => {
    const res = await apiCall(t.app, method, `/application/order/${ref}/members${path}`, user.token, member);
    expect(res.statusCode).toBeLessThan(300);
    return res.json().data;
  };
  const review = async (memberId: number) =>
    apiCall(t.app, 'POST', `/application/order/${ref}/members/${memberId}/form/review`, user.token);
  const form = async (memberId: number) =>
    (await apiCall(t.app, 'GET', `/application/order/${ref}/members/${memberId}/form`, user.token)).json().data;
  const postingAddress = async () =>
    (await apiCall(t.app, 'GET', `/application/order/${ref}`, user.token)).json().data.postingAddress;
  return {
    orderId: order.id,
    ref,
    email: user.email,
    ids: order.members.map((m: { id: number }) => m.id),
    save,
    mission,
    postingAddress,
    members,
    review,
    form,
  };
}

const SECOND_ADULT: MemberInput = { fullName: 'Rohan Sharma', dateOfBirth: '1983-02-03', relationship: 'Spouse' };

describe('the order’s mission, stored when the deciding member’s address is saved', () => {
  it('follows the adult’s ZIP across California’s county split (932: Tulare, then Kern)', async () => {
    const { ids, save, mission } = await orderOf();
    expect(await mission()).toBeNull();
    await save(ids[0] ?? 0, us('93277'));
    expect(await mission()).toMatchObject({
      postalCode: '93277',
      area: { kind: 'county', name: 'Tulare' },
      place: 'Tulare County',
      mission: { name: 'Consulate General of India, San Francisco' },
      centre: { provider: 'VFS Global', city: 'San Francisco' },
      submissionMode: 'post',
      postalAddress: '228 Grant Avenue, 5th Floor, San Francisco, CA 94108',
      sourceUrl: expect.stringMatching(/^https?:\/\//),
      effectiveFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await save(ids[0] ?? 0, us('93301'));
    expect(await mission()).toMatchObject({ place: 'Kern County', mission: { city: 'Los Angeles' } });
  });

  it('is never stored for an e-Visa, filed online on the official portal: no mission receives it', async () => {
    const { rows } = await t.database.executeSql(
      `select p.id from packages p join services s on s.id = p.service_id where s.slug = 'indian-visa' order by p.id limit 1`,
    );
    const { ids, save, mission } = await orderOf([ADULT], 'US', {
      id: (rows[0] as { id: number }).id,
      choices: { citizenship: 'US', destination: 'IN' },
    });
    await save(ids[0] ?? 0, us('93277'));
    expect(await mission()).toBeNull();
  });

  it('is not moved by another member’s address', async () => {
    const { ids, save, mission } = await orderOf();
    await save(ids[0] ?? 0, us('93277'));
    await save(ids[1] ?? 0, { addressCountry: 'CA', postalCode: 'M5V 2T6' });
    expect(await mission()).toMatchObject({ mission: { city: 'San Francisco' } });
  });

  it('is decided by a child’s address when no adult applies, and by a Canadian FSA', async () => {
    const { ids, save, mission } = await orderOf([MINOR], 'CA');
    await save(ids[0] ?? 0, { addressCountry: 'CA', postalCode: 'K1A 0B1' });
    expect(await mission()).toMatchObject({ area: { kind: 'fsa', name: 'K1A' }, mission: { city: 'Ottawa' } });
  });

  it('is never one of the other country than the order was priced for: its fees and checklist are not that country’s', async () => {
    const { ids, save, mission } = await orderOf([MINOR]);
    await save(ids[0] ?? 0, us('94107'));
    await save(ids[0] ?? 0, { addressCountry: 'CA', postalCode: 'K1A 0B1' });
    expect(await mission()).toBeNull();
  });

  it('is cleared, never guessed, when the address no longer resolves', async () => {
    const { ids, save, mission } = await orderOf();
    await save(ids[0] ?? 0, us('93277'));
    await save(ids[0] ?? 0, us('00001'));
    expect(await mission()).toBeNull();
    await save(ids[0] ?? 0, {});
    expect(await mission()).toBeNull();
  });
});

describe('the order’s mission, following a change of who decides', () => {
  it('goes to the next adult’s consulate when the deciding adult is removed', async () => {
    const { ids, save, mission, members } = await orderOf([ADULT, SECOND_ADULT]);
    await save(ids[0] ?? 0, us('94107'));
    await save(ids[1] ?? 0, us('10001'));
    expect(await mission()).toMatchObject({ mission: { city: 'San Francisco' } });
    await members('DELETE', `/${ids[0]}`);
    expect(await mission()).toMatchObject({ postalCode: '10001', mission: { city: 'New York' } });
  });

  it('follows an adult whose date of birth makes them a child, and back', async () => {
    const { ids, save, mission, members } = await orderOf([ADULT, SECOND_ADULT]);
    await save(ids[0] ?? 0, us('94107'));
    await save(ids[1] ?? 0, us('10001'));
    await members('PUT', `/${ids[0]}`, { ...MINOR, relationship: 'Self' });
    expect(await mission()).toMatchObject({ mission: { city: 'New York' } });
    await members('PUT', `/${ids[0]}`, ADULT);
    expect(await mission()).toMatchObject({ mission: { city: 'San Francisco' } });
  });

  it('is the joining adult’s to decide on an order of children: cleared until their address is saved', async () => {
    const { ids, save, mission, members } = await orderOf([MINOR]);
    await save(ids[0] ?? 0, us('94107'));
    expect(await mission()).toMatchObject({ mission: { city: 'San Francisco' } });
    const adult = await members('POST', '', ADULT);
    expect(await mission()).toBeNull();
    await save(adult.id, us('10001'));
    expect(await mission()).toMatchObject({ mission: { city: 'New York' } });
  });

  it('stays put when the change leaves the same member deciding', async () => {
    const { ids, save, mission, members } = await orderOf([ADULT, SECOND_ADULT]);
    await save(ids[0] ?? 0, us('94107'));
    await members('POST', '', MINOR);
    await members('PUT', `/${ids[1]}`, { ...SECOND_ADULT, fullName: 'Rohan K Sharma' });
    await members('DELETE', `/${ids[1]}`);
    expect(await mission()).toMatchObject({ mission: { city: 'San Francisco' } });
  });
});

describe('the posting address our team confirmed, when the order’s mission is stored again', () => {
  const SAN_FRANCISCO_LINES = [
    'VFS Global',
    'for the Consulate General of India, San Francisco',
    '228 Grant Avenue, 5th Floor',
    'San Francisco, CA 94108',
  ];

  /** A paid order (Forms incomplete) whose deciding adult lives in Tulare County (San Francisco's), its address confirmed at `at`. */
  async function confirmedOrder(members = [ADULT], at = '2026-12-01T10:00:00.000Z') {
    const order = await orderOf(members);
    await moveOrderTo(t.app, order.orderId, 'Forms incomplete');
    await order.save(order.ids[0] ?? 0, us('93277'));
    await confirmAt(order.orderId, at);
    return order;
  }

  const confirmAt = (orderId: number, at: string) =>
    createApplicationsRepository(t.database.db).setPostingAddress(orderId, {
      postingAddress: SAN_FRANCISCO_LINES,
      postingAddressConfirmedAt: new Date(at),
      postingAddressConfirmedById: null,
      postingAddressConfirmedByEmail: 'staff@sevadocs.test',
    });

  const withdrawalsOf = (orderId: number) =>
    t.database.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.key, `order-posting-address-withdrawn:${orderId}:%`))
      .orderBy(asc(outboundEmails.id));

  it('stands for another code of the same mission, whose new answer is stored', async () => {
    const { orderId, ids, save, mission, postingAddress } = await confirmedOrder();
    const confirmed = { lines: SAN_FRANCISCO_LINES, confirmedAt: '2026-12-01T10:00:00.000Z' };
    // San Francisco County: another county and place, the same consulate, centre and postal address.
    await save(ids[0] ?? 0, us('94107'));
    expect(await mission()).toMatchObject({
      postalCode: '94107',
      area: { kind: 'county', name: 'San Francisco' },
      mission: { city: 'San Francisco' },
    });
    expect(await postingAddress()).toEqual(confirmed);
    expect(await withdrawalsOf(orderId)).toEqual([]);
  });

  it('goes when the file goes elsewhere, and the customer is told once not to post to it', async () => {
    const { orderId, ref, email, ids, save, mission, postingAddress } = await confirmedOrder();
    // Kern County is Los Angeles': San Francisco's centre is not where this file goes now.
    await save(ids[0] ?? 0, us('93301'));
    expect(await mission()).toMatchObject({ mission: { city: 'Los Angeles' } });
    expect(await postingAddress()).toBeNull();
    const [told, ...more] = await withdrawalsOf(orderId);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      to: email,
      purpose: 'order-posting-address-withdrawn',
      key: `order-posting-address-withdrawn:${orderId}:2026-12-01T10:00:00.000Z`,
      subject: T.withdrawnSubject(ref),
    });
    expect(told?.subject).toBe(`Do not post to the address we sent (order ${ref})`);
    expect(told?.text).toContain(T.withdrawnIntro('Consulate General of India, Los Angeles'));
    expect(told?.text).toContain(T.withdrawnNext);
    expect(told?.text).toContain(`${T.withdrawnLines}: \n${SAN_FRANCISCO_LINES.join('\n')}\n`);
    expect(told?.text).toContain(`/service-order?orderId=${ref}`);

    // Back to San Francisco: nothing confirmed now, nothing to withdraw.
    await save(ids[0] ?? 0, us('93277'));
    expect(await withdrawalsOf(orderId)).toHaveLength(1);
    // Confirmed again, then moved to New York: that confirmation is withdrawn in its own e-mail.
    await confirmAt(orderId, '2026-12-03T09:00:00.000Z');
    await save(ids[0] ?? 0, us('10001'));
    const mails = await withdrawalsOf(orderId);
    expect(mails.map((m) => m.key)).toEqual([
      `order-posting-address-withdrawn:${orderId}:2026-12-01T10:00:00.000Z`,
      `order-posting-address-withdrawn:${orderId}:2026-12-03T09:00:00.000Z`,
    ]);
    expect(mails[1]?.text).toContain(T.withdrawnIntro('Consulate General of India, New York'));
  });

  it('goes when the answers no longer tell the mission, and the e-mail says so', async () => {
    const { orderId, ids, save, mission, postingAddress } = await confirmedOrder();
    await save(ids[0] ?? 0, us('00001'));
    expect(await mission()).toBeNull();
    expect(await postingAddress()).toBeNull();
    const [told] = await withdrawalsOf(orderId);
    expect(told?.text).toContain(T.withdrawnIntro(null));
  });

  it('goes, told, when a change of who decides moves the file to another mission', async () => {
    const { orderId, ids, save, mission, postingAddress, members } = await confirmedOrder([ADULT, SECOND_ADULT]);
    await save(ids[1] ?? 0, us('10001'));
    expect(await postingAddress()).not.toBeNull();
    // The first adult's date of birth corrected to a child's: the second adult, in New York's area, decides.
    await members('PUT', `/${ids[0]}`, { ...MINOR, relationship: 'Self' });
    expect(await mission()).toMatchObject({ mission: { city: 'New York' } });
    expect(await postingAddress()).toBeNull();
    const [told] = await withdrawalsOf(orderId);
    expect(told?.text).toContain(T.withdrawnIntro('Consulate General of India, New York'));
  });
});

describe('a member whose own address another mission serves', () => {
  /** SECOND_ADULT's complete answers, living at `address`. */
  const answersAt = (address: object) => ({
    ...completeOciAnswers('Adult', 7, SECOND_ADULT.dateOfBirth),
    addressCountry: 'US',
    addressCity: 'Somewhere',
    usState: 'CA',
    ...address,
  });

  it('is refused at the review, at the ZIP, naming both missions, and taken once the address is in the order’s area', async () => {
    const { ids, save, mission, review } = await orderOf([ADULT, SECOND_ADULT]);
    await save(ids[0] ?? 0, us('90012'));
    expect(await mission()).toMatchObject({ mission: { city: 'Los Angeles' } });
    await save(ids[1] ?? 0, answersAt({ usState: 'TX', zipCode: '77002' }));
    const refused = await review(ids[1] ?? 0);
    expect(refused.statusCode).toBe(400);
    const message = `Rohan Sharma’s ${addressConflict(
      { country: 'US', postalCode: '77002' },
      await t.app.services.jurisdiction.resolve('US', '77002').then((r) => (r.ok ? r.value : null)),
      await mission(),
      ADULT.fullName,
    )}`;
    expect(message).toContain('Consulate General of India, Houston');
    expect(message).toContain(`from ${ADULT.fullName}’s address`);
    expect(refused.json()).toMatchObject({ message, errors: { zipCode: message } });
    // The order's mission stays the deciding adult's.
    expect(await mission()).toMatchObject({ mission: { city: 'Los Angeles' } });

    await save(ids[1] ?? 0, answersAt({ zipCode: '90017' }));
    const taken = await review(ids[1] ?? 0);
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('loses the review when a later save moves them to another mission’s area, as the review would refuse it', async () => {
    const { ids, save, review, form } = await orderOf([ADULT, SECOND_ADULT]);
    await save(ids[0] ?? 0, us('90012'));
    await save(ids[1] ?? 0, answersAt({ zipCode: '90017' }));
    expect((await review(ids[1] ?? 0)).statusCode).toBe(200);
    await save(ids[1] ?? 0, answersAt({ usState: 'TX', zipCode: '77002' }));
    expect((await form(ids[1] ?? 0)).reviewDetails).toBeNull();
  });
});

describe('a member reviewed before the order’s mission moved away from their address', () => {
  const answersAt = (address: object, kind: 'Adult' | 'Minor', dateOfBirth: string) => ({
    ...completeOciAnswers(kind, 7, dateOfBirth),
    addressCountry: 'US',
    addressCity: 'Somewhere',
    usState: 'CA',
    ...address,
  });
  const HOUSTON = { usState: 'TX', zipCode: '77002' };

  it('goes back to their form when the adult who joined later lives in another mission’s area', async () => {
    const { ids, save, mission, members, review, form } = await orderOf([MINOR]);
    const child = ids[0] ?? 0;
    await save(child, answersAt(HOUSTON, 'Minor', MINOR.dateOfBirth));
    expect((await review(child)).statusCode).toBe(200);
    const adult = await members('POST', '', ADULT);
    await save(adult.id, answersAt({ zipCode: '90012' }, 'Adult', ADULT.dateOfBirth));
    expect(await mission()).toMatchObject({ mission: { city: 'Los Angeles' } });
    const after = await form(child);
    expect(after.reviewDetails).toBeNull();
    expect(after.answers).toMatchObject({ zipCode: '77002' });
    // Reviewing again says why.
    const refused = await review(child);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.zipCode).toContain('Consulate General of India, Houston');
  });

  it('goes back to their form when removing the deciding adult hands the order to another mission', async () => {
    const { ids, save, mission, members, review, form } = await orderOf([ADULT, SECOND_ADULT, MINOR]);
    const [first = 0, second = 0, child = 0] = ids;
    await save(first, answersAt(HOUSTON, 'Adult', ADULT.dateOfBirth));
    await save(child, answersAt(HOUSTON, 'Minor', MINOR.dateOfBirth));
    expect((await review(child)).statusCode).toBe(200);
    await save(second, answersAt({ zipCode: '90012' }, 'Adult', SECOND_ADULT.dateOfBirth));
    expect(await mission()).toMatchObject({ mission: { city: 'Houston' } });
    await members('DELETE', `/${first}`);
    expect(await mission()).toMatchObject({ mission: { city: 'Los Angeles' } });
    expect((await form(child)).reviewDetails).toBeNull();
  });

  it('keeps their review when the mission moves but their address is still its area', async () => {
    const { ids, save, mission, members, review, form } = await orderOf([MINOR]);
    const child = ids[0] ?? 0;
    await save(child, answersAt({ zipCode: '90017' }, 'Minor', MINOR.dateOfBirth));
    expect((await review(child)).statusCode).toBe(200);
    const adult = await members('POST', '', ADULT);
    await save(adult.id, answersAt({ zipCode: '90012' }, 'Adult', ADULT.dateOfBirth));
    expect(await mission()).toMatchObject({ mission: { city: 'Los Angeles' } });
    expect((await form(child)).reviewDetails).not.toBeNull();
  });
});

describe('storedMissionAddress', () => {
  const app = (mission: Partial<Jurisdiction> | null, serviceSlug = 'oci-card') =>
    ({
      serviceSlug,
      mission: mission && {
        country: 'US',
        mission: { kind: 'consulate_general', name: 'Consulate General of India, Los Angeles', city: 'Los Angeles' },
        ...mission,
      },
    }) as ApplicationRow;

  it('addresses the centre the papers are posted to, for the mission, the city line kept whole', async () => {
    const lines = await storedMissionAddress(
      {} as never,
      app({
        centre: { provider: 'VFS Global', city: 'Los Angeles' },
        postalAddress: '800 South Figueroa Street, Suite 1210, Los Angeles, CA 90017',
      }),
    );
    expect(lines).toEqual([
      'VFS Global',
      'for the Consulate General of India, Los Angeles',
      '800 South Figueroa Street',
      'Suite 1210',
      'Los Angeles, CA 90017',
    ]);
  });

  it('is null for a US power of attorney, which goes to the mission itself, not to the centre', async () => {
    const vfs = {
      centre: { provider: 'VFS Global', city: 'Los Angeles' },
      postalAddress: '800 South Figueroa Street, Suite 1210, Los Angeles, CA 90017',
    } as const;
    expect(await storedMissionAddress({} as never, app(vfs, 'power-of-attorney'))).toBeNull();
    expect(await storedMissionAddress({} as never, app(vfs, 'indian-passport-renewal'))).toHaveLength(5);
  });

  it('is the address our team confirmed before the mission’s own, where our sources give one or none', async () => {
    const confirmed = ['Embassy of India', 'Consular Wing', '2536 Massachusetts Avenue NW', 'Washington, DC 20008'];
    const withConfirmed = (row: ApplicationRow) => ({ ...row, postingAddress: confirmed });
    const vfs = {
      centre: { provider: 'VFS Global', city: 'Los Angeles' },
      postalAddress: '800 South Figueroa Street, Suite 1210, Los Angeles, CA 90017',
    } as const;
    expect(await storedMissionAddress({} as never, withConfirmed(app({ postalAddress: null })))).toEqual(confirmed);
    expect(await storedMissionAddress({} as never, withConfirmed(app(vfs)))).toEqual(confirmed);
    expect(await storedMissionAddress({} as never, withConfirmed(app(vfs, 'power-of-attorney')))).toEqual(confirmed);
  });

  it('is null without a mission or without its postal address', async () => {
    expect(await storedMissionAddress({} as never, app(null))).toBeNull();
    expect(await storedMissionAddress({} as never, app({ postalAddress: null }))).toBeNull();
  });
});
