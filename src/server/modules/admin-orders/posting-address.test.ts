import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTING_ADDRESS_MESSAGES as M, POSTING_ADDRESS_TEXT } from '../../../domain/applications/posting-address.ts';
import { MISSION_ADDRESS_MISSING } from '../../../domain/applications/print-pack.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { pdfPageLines } from '../../test/pdf-text.ts';
import {
  apiCall,
  eVisaOrder,
  missionOrder,
  moveOrderTo,
  ordersWithoutAPaidMissionFile,
} from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { createSignedInUser, signIn } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';

let t: TestApp;
let staff: { token: string; email: string; id: number };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaffUser(t.app, t.database.db, 'staff');
}, 60_000);
afterAll(() => t.close());

const CENTRE = [
  'VFS Global',
  'for the Embassy of India, Washington DC',
  '1025 Vermont Avenue NW, Suite 700',
  'Washington, DC 20005',
];
const CORRECTED = [
  'VFS Global',
  'for the Embassy of India, Washington DC',
  '1025 Vermont Ave NW, Suite 702',
  'Washington, DC 20005',
];

/** `mission`: the mission the desk's form was filled for (these orders have none until an address is saved). */
const confirm = (token: string, ref: string, lines: unknown, mission: string | null = null) =>
  apiCall(t.app, 'PUT', `/admin/orders/${ref}/posting-address`, token, { lines, mission });

/** Staff move the order on the desk. */
const toStatus = (ref: string, status: string) =>
  apiCall(t.app, 'POST', `/admin/orders/${ref}/status`, staff.token, { status });

const mailsOf = (orderId: number) =>
  t.database.db
    .select()
    .from(outboundEmails)
    .where(like(outboundEmails.key, `order-posting-address:${orderId}:%`))
    .orderBy(asc(outboundEmails.id));

const auditOf = (ref: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, ref), eq(auditLog.action, 'order.posting-address')))
    .orderBy(asc(auditLog.id));

/** The mailing label's page of a member's print pack as staff download it, as its drawn lines and one text. */
async function labelOf(ref: string, memberId: number) {
  const res = await apiCall(t.app, 'GET', `/admin/orders/${ref}/members/${memberId}/print-pack`, staff.token);
  expect(res.statusCode, res.body).toBe(200);
  const lines = (await pdfPageLines(res.rawPayload)).at(-1) ?? [];
  return { lines, text: lines.join(' ') };
}

describe('PUT /admin/orders/{ref}/posting-address', () => {
  it('answers a visitor 401 and a customer 403 before reading the body', async () => {
    const { customer, order } = await missionOrder(t.app);
    // A body the route would refuse (400) is never read: the role is checked on arrival.
    expect((await confirm('', order.displayId, 'not lines')).statusCode).toBe(401);
    const refused = await confirm(customer.token, order.displayId, 'not lines');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have access to this page.');
    expect(await mailsOf(order.id)).toEqual([]);
  });

  it('refuses lines a label cannot print, naming the line', async () => {
    const { order } = await missionOrder(t.app);
    const cases: [lines: unknown, field: string, message: string][] = [
      [['VFS Global'], 'lines', M.tooFewLines],
      [Array.from({ length: 9 }, (_, i) => `Line ${i + 1}`), 'lines', M.tooManyLines],
      [['VFS Global', '   ', 'Washington, DC 20005'], 'lines.1', M.emptyLine(2)],
      [['VFS Global', 'x'.repeat(101)], 'lines.1', M.lineTooLong(2)],
      [['VFS Global', 'Suite\t700'], 'lines.1', M.controlCharacter(2)],
      ['VFS Global', 'lines', M.linesRequired],
    ];
    for (const [lines, field, message] of cases) {
      const res = await confirm(staff.token, order.displayId, lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
    }
    expect(M.emptyLine(2)).toBe('Line 2 is empty: fill it in or remove it');
    expect(await mailsOf(order.id)).toEqual([]);
    expect(await auditOf(order.displayId)).toEqual([]);
  });

  it('refuses an e-Visa (filed online), a photo order and an unpaid order', async () => {
    const { online, photoRef, unpaid } = await ordersWithoutAPaidMissionFile(t.app);
    for (const [ref, message] of [
      [online.displayId, M.notPosted],
      [photoRef, M.notAnApplication],
      [unpaid.displayId, M.notPaid],
    ] as const) {
      const res = await confirm(staff.token, ref, CENTRE);
      expect(res.statusCode, ref).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect((await confirm(staff.token, 'DOC-00000001', CENTRE)).statusCode).toBe(404);
    expect(await mailsOf(online.id)).toEqual([]);
  });

  it('stores it with who and when: the label prints it, the customer’s order carries it, one e-mail and one audit entry', async () => {
    const { customer, order, memberId } = await missionOrder(t.app);
    // No address known yet: the label says to wait, and the order page has nothing to show.
    expect((await labelOf(order.displayId, memberId)).text).toContain(MISSION_ADDRESS_MISSING);
    const before = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(before.json().data.postingAddress).toBeNull();

    // Lines are stored trimmed; the same address again (a double submit) changes and sends nothing.
    const res = await confirm(
      staff.token,
      order.displayId,
      CENTRE.map((line) => ` ${line} `),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.confirmed,
      data: { lines: CENTRE, confirmedBy: staff.email },
    });
    const { confirmedAt } = res.json().data;
    const again = await confirm(staff.token, order.displayId, CENTRE);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: M.unchanged, data: { lines: CENTRE, confirmedAt } });

    const label = await labelOf(order.displayId, memberId);
    const to = label.lines.indexOf('To');
    expect(label.lines.slice(to, to + 5)).toEqual(['To', ...CENTRE]);
    expect(label.text).not.toContain(MISSION_ADDRESS_MISSING);

    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(page.json().data.postingAddress).toEqual({ lines: CENTRE, confirmedAt });
    // The desk reads the same order, so its form starts from what was confirmed; it also says who
    // confirmed it, which the customer's order leaves out.
    const desk = await apiCall(t.app, 'GET', `/admin/orders/${order.displayId}`, staff.token);
    expect(desk.json().data.service.order.postingAddress).toEqual({ lines: CENTRE, confirmedAt });
    expect(desk.json().data.service.postingAddress).toEqual({ lines: CENTRE, confirmedAt, confirmedBy: staff.email });

    const mails = await mailsOf(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: customer.email,
      purpose: 'order-posting-address',
      subject: POSTING_ADDRESS_TEXT.mailSubject(order.displayId),
    });
    expect(mails[0]?.text).toContain(`Post to: \n${CENTRE.join('\n')}\n`);
    expect(mails[0]?.text).toContain(`/service-order?orderId=${order.displayId}`);
    expect(mails[0]?.text).not.toContain('correction');

    expect(await auditOf(order.displayId)).toEqual([
      expect.objectContaining({ actorId: staff.id, actorEmail: staff.email, before: null, after: { lines: CENTRE } }),
    ]);
  });

  it('e-mails a changed address as a correction, and a return to the first one too', async () => {
    const { customer, order, memberId } = await missionOrder(t.app);
    expect((await confirm(staff.token, order.displayId, CENTRE)).statusCode).toBe(200);
    const changed = await confirm(staff.token, order.displayId, CORRECTED);
    expect(changed.json()).toMatchObject({ message: M.confirmed, data: { lines: CORRECTED } });

    const mails = await mailsOf(order.id);
    expect(mails.map((m) => m.subject)).toEqual([
      POSTING_ADDRESS_TEXT.mailSubject(order.displayId),
      POSTING_ADDRESS_TEXT.correctionSubject(order.displayId),
    ]);
    expect(mails[1]?.text).toContain(POSTING_ADDRESS_TEXT.correctionIntro);
    expect(mails[1]?.text).toContain(CORRECTED.join('\n'));
    expect(mails[1]?.to).toBe(customer.email);
    const label = await labelOf(order.displayId, memberId);
    expect(label.lines).toEqual(expect.arrayContaining(CORRECTED));
    expect(label.lines).not.toContain(CENTRE[2]);

    // Back to the first address: a change again, told again.
    expect((await confirm(staff.token, order.displayId, CENTRE)).json().message).toBe(M.confirmed);
    expect(await mailsOf(order.id)).toHaveLength(3);
    expect((await auditOf(order.displayId)).map((a) => [a.before, a.after])).toEqual([
      [null, { lines: CENTRE }],
      [{ lines: CENTRE }, { lines: CORRECTED }],
      [{ lines: CORRECTED }, { lines: CENTRE }],
    ]);
  });
});

describe('the posting address and the order’s stage', () => {
  const remarksOf = async (userId: number) =>
    (await t.app.services.notifications.list(userId, { page: 1, limit: 20 })).notifications.map((n) => n.remark);

  it('confirmed In review, says to wait for our “ready to send”; corrected at Submitted, to post; each in the bell too', async () => {
    const { customer, order } = await missionOrder(t.app);
    await moveOrderTo(t.app, order.id, 'Order pending');
    expect((await toStatus(order.displayId, 'In review')).statusCode).toBe(200);
    expect((await confirm(staff.token, order.displayId, CENTRE)).statusCode).toBe(200);
    const [first] = await mailsOf(order.id);
    expect(first?.text).toContain(POSTING_ADDRESS_TEXT.notYet);
    expect(first?.text).toContain(POSTING_ADDRESS_TEXT.envelopeLater);
    const waitNotice =
      'Our team has confirmed where you post your file. Do not post your file yet: wait for our message that your application is ready to send.';
    expect((await remarksOf(customer.id))[0]).toBe(waitNotice);
    const [bell] = (await t.app.services.notifications.list(customer.id, { page: 1, limit: 1 })).notifications;
    expect(bell).toMatchObject({ orderId: order.displayId, orderId_DB: order.id, orderStatus: 'In review' });

    const feesPaid = { reference: 'VFS-WAS-2026-004212' };
    expect(
      (await apiCall(t.app, 'PUT', `/admin/orders/${order.displayId}/fees-paid`, staff.token, feesPaid)).statusCode,
    ).toBe(200);
    expect((await toStatus(order.displayId, 'Submitted')).statusCode).toBe(200);
    expect((await confirm(staff.token, order.displayId, CORRECTED)).statusCode).toBe(200);
    const corrected = (await mailsOf(order.id))[1];
    expect(corrected?.subject).toBe(POSTING_ADDRESS_TEXT.correctionSubject(order.displayId));
    expect(corrected?.text).toContain(POSTING_ADDRESS_TEXT.envelope);
    expect(corrected?.text).not.toContain(POSTING_ADDRESS_TEXT.notYet);
    const remarks = await remarksOf(customer.id);
    expect(remarks[0]).toBe(
      'Correction: our team has changed the address you post your file to. Your order page shows the new one: use it, not the one in our earlier e-mail. Print each member’s pack, sign where it asks, and post your file to the address under “Where to post your file”.',
    );
    // One notification per e-mail: the same address again sends neither.
    expect((await confirm(staff.token, order.displayId, CORRECTED)).json().message).toBe(M.unchanged);
    expect(await remarksOf(customer.id)).toEqual(remarks);
    expect(remarks.filter((r) => r?.startsWith('Correction: ') || r === waitNotice)).toHaveLength(2);
  });

  it('is refused once the order is past Submitted: no e-mail, no notification, nothing changed', async () => {
    const { customer, order } = await missionOrder(t.app);
    await moveOrderTo(t.app, order.id, 'Order pending');
    await moveOrderTo(t.app, order.id, 'In review', 'staff');
    await moveOrderTo(t.app, order.id, 'Submitted', 'staff');
    const kept = (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token)).json().data
      .postingAddress;
    for (const status of ['Approved', 'Completed'] as const) {
      await moveOrderTo(t.app, order.id, status, 'staff');
      const before = await remarksOf(customer.id);
      const refused = await confirm(staff.token, order.displayId, CORRECTED);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(M.alreadySent(status));
      expect(await remarksOf(customer.id)).toEqual(before);
    }
    expect(M.alreadySent('Approved')).toBe(
      'This order is Approved: the customer has posted the file already, so its posting address can no longer be confirmed or changed.',
    );
    expect(await mailsOf(order.id)).toEqual([]);
    expect(await auditOf(order.displayId)).toEqual([]);
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(page.json().data.postingAddress).toEqual(kept);

    const rejected = await missionOrder(t.app);
    await moveOrderTo(t.app, rejected.order.id, 'Order pending');
    await moveOrderTo(t.app, rejected.order.id, 'In review', 'staff');
    await moveOrderTo(t.app, rejected.order.id, 'Submitted', 'staff');
    await moveOrderTo(t.app, rejected.order.id, 'Rejected', 'staff');
    const refused = await confirm(staff.token, rejected.order.displayId, CORRECTED);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.alreadySent('Rejected'));
  });
});

describe('a desk form filled before the customer’s answers moved the mission', () => {
  const SAN_FRANCISCO = 'Consulate General of India, San Francisco';
  const NEW_YORK = 'Consulate General of India, New York';
  const SAN_FRANCISCO_LINES = [
    'VFS Global',
    `for the ${SAN_FRANCISCO}`,
    '228 Grant Avenue, 5th Floor',
    'San Francisco, CA 94108',
  ];

  it('is refused under the order’s lock, naming the mission now; the customer was told not to post to the address', async () => {
    const { customer, order, memberId } = await missionOrder(t.app);
    const saveZip = async (zipCode: string) => {
      // A fresh session for each save: autosave allows one write per member per second per session.
      const token = await signIn(t.app, customer.email, customer.password);
      const res = await apiCall(t.app, 'PUT', `/application/order/${order.displayId}/members/${memberId}/form`, token, {
        answers: { addressCountry: 'US', zipCode },
        currentStep: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await saveZip('93277');
    // Filled for San Francisco: the mission the desk showed.
    const first = await confirm(staff.token, order.displayId, SAN_FRANCISCO_LINES, SAN_FRANCISCO);
    expect(first.statusCode, first.body).toBe(200);

    // The customer corrects the ZIP: New York's. The address is withdrawn and they are told.
    await saveZip('10001');
    const page = await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token);
    expect(page.json().data.postingAddress).toBeNull();
    const withdrawn = await t.database.db
      .select()
      .from(outboundEmails)
      .where(like(outboundEmails.key, `order-posting-address-withdrawn:${order.id}:%`));
    expect(withdrawn.map((m) => [m.to, m.subject])).toEqual([
      [customer.email, POSTING_ADDRESS_TEXT.withdrawnSubject(order.displayId)],
    ]);

    // The desk's form loaded before the change sends San Francisco's lines for San Francisco.
    const stale = await confirm(staff.token, order.displayId, SAN_FRANCISCO_LINES, SAN_FRANCISCO);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(M.missionChanged(NEW_YORK));
    expect(stale.json().message).toBe(
      'This order’s mission changed since the page was opened (now the Consulate General of India, New York): check the address and confirm it again.',
    );
    expect(
      (await apiCall(t.app, 'GET', `/application/order/${order.displayId}`, customer.token)).json().data.postingAddress,
    ).toBeNull();
    expect(await mailsOf(order.id)).toHaveLength(1);
    expect(await auditOf(order.displayId)).toHaveLength(1);

    // Filled again for New York: taken.
    const lines = ['VFS Global', `for the ${NEW_YORK}`, '1 Main Street', 'New York, NY 10001'];
    const again = await confirm(staff.token, order.displayId, lines, NEW_YORK);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.lines).toEqual(lines);
    // An order with no mission yet takes a form filled for none, and refuses one filled for a mission.
    const none = await missionOrder(t.app);
    const refused = await confirm(staff.token, none.order.displayId, lines, NEW_YORK);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.missionChanged(null));
    expect((await confirm(staff.token, none.order.displayId, lines, null)).statusCode).toBe(200);
  });
});

describe('staff moving an application to Submitted', () => {
  it('waits for the posting address of a posted file; an e-Visa, filed online, needs none', async () => {
    const { order } = await missionOrder(t.app);
    await moveOrderTo(t.app, order.id, 'Order pending');
    expect((await toStatus(order.displayId, 'In review')).statusCode).toBe(200);
    const held = await toStatus(order.displayId, 'Submitted');
    expect(held.statusCode, held.body).toBe(409);
    expect(held.json().message).toBe(M.confirmBeforeSubmitted);
    expect((await confirm(staff.token, order.displayId, CENTRE)).statusCode).toBe(200);
    // Then the fees paid at the centre (fees-paid.test.ts).
    const feesPaid = { reference: 'VFS-WAS-2026-004211' };
    expect(
      (await apiCall(t.app, 'PUT', `/admin/orders/${order.displayId}/fees-paid`, staff.token, feesPaid)).statusCode,
    ).toBe(200);
    expect((await toStatus(order.displayId, 'Submitted')).statusCode).toBe(200);

    const customer = await createSignedInUser(t.app);
    const online = await eVisaOrder(t.app, customer.token, 'Order pending');
    expect((await toStatus(online.displayId, 'In review')).statusCode).toBe(200);
    expect((await toStatus(online.displayId, 'Submitted')).statusCode).toBe(200);
  });
});
