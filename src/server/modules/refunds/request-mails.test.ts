import { describe, expect, it } from 'vitest';
import { billingSignature, cancellationRefundMail, requestNoticeMail, requestReceivedMail } from './request-mails.ts';

describe('billingSignature', () => {
  it('signs under the brand the order was bought from: the deployment’s name, or SevaPhotos for a PHO- order', () => {
    expect(billingSignature('DOC-48213907', { companyName: 'Acme Visas' })).toBe('The Acme Visas billing team');
    expect(billingSignature('PHO-48213907', { companyName: 'Acme Visas' })).toBe('The SevaPhotos billing team');
    // What a visitor typed into the refund form, not an order: the company's own name.
    expect(billingSignature('48213907', { companyName: 'Acme Visas' })).toBe('The Acme Visas billing team');
  });
});

describe("the form's refund request e-mails", () => {
  const contact = {
    companyName: 'SevaDocs',
    supportEmail: 'support@sevadocs.example',
    tollFreeNumber: '1-800-555-0199',
  };
  const logged = {
    reference: 'RF-4UXFGTER',
    orderId: 'DOC-93257202',
    orderTitle: 'OCI Card: New OCI Card',
    currency: 'USD' as const,
    input: { orderId: 'DOC-93257202', email: 'custa@example.com', amount: 1000, reason: 'Changed my mind' },
  };

  it('tell staff that nobody signed in to send it, and its customer how to say it was not them', () => {
    // Whoever knows an order's id and e-mail address can send the form (an attacker's probe did).
    const notice = requestNoticeMail(logged, contact);
    // Support's Reply answers the customer; the customer's reaches support, not the no-reply sender.
    expect(notice.replyTo).toBe('custa@example.com');
    expect(requestReceivedMail(logged, contact).replyTo).toBe('support@sevadocs.example');
    expect(notice.text).toContain('The form does not sign anyone in: confirm it with the customer before refunding.');
    expect(notice.text).not.toContain('The customer (custa@example.com) asked');
    expect(requestReceivedMail(logged, contact).text).toContain(
      "If you did not ask for this refund, tell us at support@sevadocs.example: nothing is refunded without our team's review.",
    );
  });
});

describe('the cancellation refund e-mail', () => {
  const contact = {
    companyName: 'SevaDocs',
    supportEmail: 'support@sevadocs.example',
    tollFreeNumber: '1-800-555-0199',
  };
  const mailOf = (orderId: string) =>
    cancellationRefundMail(
      {
        reference: 'RF-VX79HE6K',
        orderId,
        orderTitle: 'Passport photos',
        currency: 'USD',
        input: { orderId, email: 'custa@example.com', amount: 1999, reason: 'We cancelled this order.' },
      },
      contact,
    );
  const opened = (orderId: string) => mailOf(orderId).text;

  it('comes from the brand the order was bought from', () => {
    expect(mailOf('PHO-66606281').fromName).toBe('SevaPhotos');
    expect(mailOf('DOC-93257202').fromName).toBeUndefined();
  });

  it('cites the fees paid to the authorities only for an application: a photo order has none', () => {
    expect(opened('DOC-93257202')).toContain('government and third-party fees already paid to the authorities');
    const photo = opened('PHO-66606281');
    expect(photo).not.toContain('paid to the authorities');
    expect(photo).toContain('a photo order carries no government or third-party fees');
  });
});
