import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, FIELD_MESSAGES } from '../../../domain/contact/messages.ts';
import { CONTACT_RATE_LIMIT } from '../../../domain/contact/options.ts';
import { contactEnquirySchema } from '../../../domain/contact/schema.ts';
import { outboundEmails } from '../../mail/tables.ts';
import { deliveredMail } from '../../mail/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { contactEnquiries } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = {
  name: 'Priya Sharma',
  email: 'Priya.Sharma@Example.com',
  phone: '+1 (415) 555-0123',
  enquiryType: 'new-application',
  topic: 'indian-consular-application',
  message: 'My OCI card was issued with my old passport number. Do I need a re-issue before travelling in March?',
};

let nextIp = 1;
const enquiry = (reference: string) =>
  t.database.db.select().from(contactEnquiries).where(eq(contactEnquiries.reference, reference));

/** Each test posts from its own address so the per-route limit of one test never hits another. */
function post(payload: unknown, ip = `10.1.0.${nextIp++}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/contact/user-info',
    payload: payload as object,
    remoteAddress: ip,
  });
}

describe('GET /api/v1/contact/contact-info', () => {
  it('returns the toll-free number, support e-mail, WhatsApp link, hours and social links', async () => {
    const res = await t.app.inject({ url: '/api/v1/contact/contact-info' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      companyName: 'SevaDocs',
      tollFreeNumber: '1-800-555-0199',
      supportEmail: 'support@sevadocs.example',
      whatsappUrl: 'https://wa.me/18005550199',
    });
    expect(data.hours.length).toBeGreaterThan(0);
    expect(data.socialLinks.map((l: { id: string }) => l.id)).toContain('facebook-group');
  });
});

describe('POST /api/v1/contact/user-info', () => {
  it('stores the enquiry, acknowledges it and e-mails support with every detail escaped', async () => {
    const message = `${valid.message} <b>Thanks</b>`;
    const res = await post({ ...valid, message });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, statusCode: 201, message: CONTACT_MESSAGES.received });
    expect(body.message).toBe(
      'Thank you. Your message has reached our support team and we will reply within one business day.',
    );
    const [row] = await enquiry(body.data.reference);
    expect(row).toMatchObject({
      name: 'Priya Sharma',
      email: 'priya.sharma@example.com',
      phone: '+1 (415) 555-0123',
      enquiryType: 'new-application',
      topic: 'indian-consular-application',
      message,
    });
    expect(row?.ip).toMatch(/^10\.1\.0\./);

    const mail = (await deliveredMail(t.app)).find((m) => m.to === 'support@sevadocs.example');
    expect(mail?.subject).toBe(
      `Contact enquiry ${body.data.reference}: Indian consular application (New application enquiry)`,
    );
    expect(mail?.text).toContain(`Reference: ${body.data.reference}`);
    expect(mail?.text).toContain('E-mail: priya.sharma@example.com');
    expect(mail?.text).toContain('Enquiry type: New application enquiry');
    expect(mail?.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Thanks</b>');
  });

  it('answers with a random reference and never the row id, which would count the enquiries (issue 17 point 9)', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await post({ ...valid, message: `${valid.message} (${i})` })).json());
    const references = answers.map((a) => a.data.reference as string);
    for (const answer of answers) {
      expect(Object.keys(answer.data).sort()).toEqual(['createdAt', 'reference']);
      expect(answer.data.reference).toMatch(/^ENQ-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    }
    expect(new Set(references).size).toBe(3);
    expect(JSON.stringify(answers)).not.toMatch(/"id"/);
    for (const reference of references) expect(await enquiry(reference)).toHaveLength(1);
  });

  it('e-mails the customer an acknowledgement quoting the reference, through the queue, without the typed text', async () => {
    const email = `ack.${Date.now()}@example.com`;
    const message = 'Please visit cheap-pills.example for a discount on my OCI renewal.';
    const res = await post({ ...valid, email, message });
    const reference = res.json().data.reference as string;
    expect(await t.app.mail.isQueued(t.database.db, `contact-enquiry:${reference}:customer`)).toBe(true);
    expect(await t.app.mailer.outbox({ to: email })).toEqual([]);
    await t.runJobs();
    const mails = (await deliveredMail(t.app)).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    const [ack] = mails;
    expect(ack?.subject).toBe(`We have your message: SevaDocs enquiry ${reference}`);
    expect(ack?.text).toContain(
      `Thank you for contacting SevaDocs. Your message is logged under reference ${reference}. Please quote it if you call or write to us about this message.`,
    );
    expect(ack?.text).toContain(`Reference: ${reference}`);
    expect(ack?.text).toContain('Topic: Indian consular application');
    expect(ack?.text).toContain('Call us toll-free on 1-800-555-0199 or write to support@sevadocs.example.');
    // Whatever was typed stays out of a mail that goes to the address typed.
    expect(ack?.text).not.toContain('cheap-pills');
    expect(ack?.text).not.toContain(valid.name);
    expect(ack?.html).not.toContain('cheap-pills');
  });

  it('draws another reference when the first one is taken', async () => {
    const { createContactService } = await import('./service.ts');
    const draws = ['ENQ-TAKEN2', 'ENQ-TAKEN2', 'ENQ-FRESH3'];
    const service = createContactService(t.database.db, {
      mail: t.app.mail,
      contact: { companyName: 'SevaDocs', tollFreeNumber: '1', supportEmail: 's@x.example', whatsappNumber: '1' },
      newReference: () => draws.shift() ?? 'ENQ-SPARE4',
    });
    const parsed = contactEnquirySchema.parse(valid);
    expect(await service.submit(parsed, { ip: '10.6.6.1' })).toMatchObject({
      ok: true,
      value: { reference: 'ENQ-TAKEN2' },
    });
    expect(await service.submit(parsed, { ip: '10.6.6.2' })).toMatchObject({
      ok: true,
      value: { reference: 'ENQ-FRESH3' },
    });
    expect(await enquiry('ENQ-FRESH3')).toHaveLength(1);
  });

  it("keeps the phone's country: as picked, else derived from the number; refuses one the number cannot be from", async () => {
    const stored = async (res: { json(): { data: { reference: string } } }) =>
      (await enquiry(res.json().data.reference))[0];
    const picked = await post({ ...valid, phone: '+1-5555550123', phoneCountry: 'CA' });
    expect(picked.statusCode).toBe(201);
    expect(await stored(picked)).toMatchObject({ phone: '+1-5555550123', phoneCountry: 'CA' });
    expect(await stored(await post({ ...valid, phone: '+1 (416) 555-0123' }))).toMatchObject({ phoneCountry: 'CA' });
    expect(await stored(await post({ ...valid, phone: '(416) 555-0123' }))).toMatchObject({ phoneCountry: null });

    const before = (await t.database.db.select().from(contactEnquiries)).length;
    const wrong = await post({ ...valid, phone: '+91 98765 43210', phoneCountry: 'CA' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Invalid country code',
      errors: { phoneCountry: 'Invalid country code' },
    });
    expect((await post({ ...valid, phoneCountry: 'Canada' })).json().errors).toEqual({
      phoneCountry: 'Invalid country code',
    });
    expect((await t.database.db.select().from(contactEnquiries)).length).toBe(before);
  });

  it('records the signed-in customer who sent it', async () => {
    const user = await createSignedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/user-info',
      payload: { ...valid, enquiryType: 'existing-client' },
      headers: bearer(user.token),
      remoteAddress: '10.1.1.1',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await enquiry(res.json().data.reference);
    expect(row?.userId).toBe(user.id);
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', FIELD_MESSAGES.nameRequired],
    ['an empty name', { name: '' }, 'name', 'Name is required'],
    ['a name of spaces', { name: '   ' }, 'name', 'Name should not be empty or contain only spaces'],
    ['a two-letter name', { name: 'Al' }, 'name', 'Name should be at least 3 characters'],
    ['a 201-letter name', { name: 'A'.repeat(201) }, 'name', 'Name should not exceed 200 characters'],
    ['a name with digits', { name: 'R2D2 Unit' }, 'name', 'Name should contain only alphabetic characters'],
    ['a missing e-mail', { email: '' }, 'email', 'Email is required'],
    ['a malformed e-mail', { email: 'priya@example' }, 'email', 'Please enter a valid email address'],
    ['letters in the phone', { phone: 'call me' }, 'phone', 'Enter valid phone number'],
    ['a six-digit phone', { phone: '555 012' }, 'phone', 'Enter valid phone number'],
    ['a 16-digit phone', { phone: '+1234567890123456' }, 'phone', 'Enter valid phone number'],
    [
      'an unknown enquiry type',
      { enquiryType: 'complaint' },
      'enquiryType',
      'Please choose whether this is a new application enquiry or you are an existing client',
    ],
    ['no topic', { topic: undefined }, 'topic', 'Please choose a topic'],
    ['an empty message', { message: '  ' }, 'message', 'Please tell us how we can help'],
    ['a short message', { message: 'Help me' }, 'message', 'Message should be at least 10 characters'],
    ['a 5001-character message', { message: 'x'.repeat(5001) }, 'message', 'Message should not exceed 5000 characters'],
  ])('answers %s with a 400 naming the field', async (_label, change, field, message) => {
    const before = (await t.database.db.select().from(contactEnquiries)).length;
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: false, statusCode: 400, message, data: null });
    expect(body.errors[field]).toBe(message);
    expect((await t.database.db.select().from(contactEnquiries)).length).toBe(before);
  });

  it('accepts real names with apostrophes, hyphens and non-Latin letters', () => {
    for (const name of ["D'Souza Anne-Marie", 'Ananya K. Rao', 'प्रिया शर्मा']) {
      expect(contactEnquirySchema.safeParse({ ...valid, name }).success, name).toBe(true);
    }
  });

  it('refuses a filled honeypot without storing or sending anything', async () => {
    const before = (await t.database.db.select().from(contactEnquiries)).length;
    const mailsBefore = (await deliveredMail(t.app)).length;
    const res = await post({ ...valid, website: 'https://spam.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('We could not accept this form. Please reload the page and try again.');
    expect((await t.database.db.select().from(contactEnquiries)).length).toBe(before);
    expect((await deliveredMail(t.app)).length).toBe(mailsBefore);
  });

  it('limits each address to 5 posts a minute', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++)
      expect((await post({ ...valid, message: `${valid.message} ${i}` }, ip)).statusCode).toBe(201);
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      statusCode: 429,
      // The window opened with the first post: a slow machine may already be seconds into it.
      message: expect.stringMatching(/^Too many requests\. Please try again in (1 minute|[1-5]?\d seconds)\.$/),
    });
    expect((await post(valid, '10.9.9.10')).statusCode).toBe(201);
  });

  it('refuses more than 5 stored enquiries from one address in 15 minutes, for the page form too', async () => {
    const ip = '10.8.8.8';
    const parsed = contactEnquirySchema.parse(valid);
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await t.app.services.contact.submit(parsed, { ip })).ok).toBe(true);
    }
    expect(await t.app.services.contact.submit(parsed, { ip })).toEqual({
      ok: false,
      status: 429,
      message: 'You have sent several messages in a short time. Please wait a few minutes before sending another.',
      retryAfterSeconds: expect.any(Number),
    });
    expect((await t.app.services.contact.submit(parsed, { ip: '10.8.8.9' })).ok).toBe(true);
    // Through the API, the wait is in Retry-After: until the window's first enquiry leaves it.
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(CONTACT_RATE_LIMIT.windowMs / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowMs / 1000);
  });

  it("queues both e-mails in the enquiry's transaction: pending until the queue delivers them", async () => {
    const res = await post({ ...valid, message: 'Queued before it is sent, delivered once.' });
    expect(res.statusCode).toBe(201);
    const reference = res.json().data.reference as string;
    const queued = async (to: 'support' | 'customer') => {
      const [row] = await t.database.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.key, `contact-enquiry:${reference}:${to}`));
      return row;
    };
    expect(await queued('support')).toMatchObject({
      purpose: 'contact-enquiry',
      to: 'support@sevadocs.example',
      // Support's Reply answers the sender.
      replyTo: 'priya.sharma@example.com',
      status: 'pending',
    });
    expect(await queued('customer')).toMatchObject({
      purpose: 'contact-acknowledgement',
      to: 'priya.sharma@example.com',
      replyTo: 'support@sevadocs.example',
      status: 'pending',
    });
    await t.runJobs();
    expect(await queued('support')).toMatchObject({ status: 'sent', attempts: 1, text: null, html: null });
    expect(await queued('customer')).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await deliveredMail(t.app)).filter((m) => m.subject.includes(reference))).toHaveLength(2);
  });

  it('keeps neither the enquiry nor its e-mail when the e-mail cannot be queued', async () => {
    const { createContactService } = await import('./service.ts');
    const service = createContactService(t.database.db, {
      mail: {
        enqueue: async (tx, mail) => {
          await t.app.mail.enqueue(tx, mail);
          throw new Error('the job queue is down');
        },
      },
      contact: { companyName: 'SevaDocs', tollFreeNumber: '1', supportEmail: 's@x.example', whatsappNumber: '1' },
    });
    const enquiries = async () => (await t.database.db.select().from(contactEnquiries)).length;
    const emails = async () => (await t.database.db.select().from(outboundEmails)).length;
    const before = [await enquiries(), await emails()];
    await expect(
      service.submit(contactEnquirySchema.parse({ ...valid, message: 'This one never reaches anyone.' }), {
        ip: '10.7.7.7',
      }),
    ).rejects.toThrow('the job queue is down');
    expect([await enquiries(), await emails()]).toEqual(before);
  });
});
