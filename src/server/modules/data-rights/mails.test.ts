import { describe, expect, it } from 'vitest';
import { erasedMail, requestReceivedMail } from './mails.ts';

const contact = { supportEmail: 'support@sevadocs.example', tollFreeNumber: '1-800-555-0199' };
const docs = { email: 'asha@example.com', platform: 'sevadocs' };
const photos = { email: 'ravi@example.com', platform: 'sevaphotos' };

const DELETED =
  'your account details, addresses, notifications and messages to us, and the answers, documents and photos of every order, completed ones too';
const KEPT =
  'We keep the record of each order and of its payments and refunds (amounts, dates, statuses and the payment providers’ references), without your name, e-mail or address, because tax and payment law requires it.';

describe('the e-mail that a deletion request waits', () => {
  it('names the orders it waits for and those it cancels, says what is deleted and kept, from the account’s brand', () => {
    const mail = requestReceivedMail(
      docs,
      {
        awaited: [
          { orderId: 'OCI-48213907', status: 'Submitted' },
          { orderId: 'PHO-11112222', status: 'In review' },
        ],
        unpaid: [{ orderId: 'PHO-33334444' }],
      },
      contact,
    );
    expect(mail).toMatchObject({
      to: 'asha@example.com',
      subject: 'We have your request to delete your SevaDocs account',
      replyTo: 'support@sevadocs.example',
    });
    // The company's own sender keeps MAIL_FROM's name.
    expect(mail.fromName).toBeUndefined();
    expect(mail.text).toContain(
      'We delete your account once the orders below have finished or been cancelled, and any refund of them is settled. An order in progress can take several weeks, so this may be more than a month from your request.',
    );
    expect(mail.text).toContain('Waiting for: \nOCI-48213907 · Submitted\nPHO-11112222 · In review\n');
    expect(mail.text).toContain('Orders not paid yet are cancelled when we delete your account: PHO-33334444.');
    expect(mail.text).toContain(`Deleting your account deletes ${DELETED}.`);
    expect(mail.text).toContain(KEPT);
    expect(mail.text).toContain('Questions? Reply to support@sevadocs.example or call us toll-free on 1-800-555-0199.');
    expect(mail.text).toContain('— The SevaDocs team');
  });

  it('says nothing of cancelling when no order is unpaid; a SevaPhotos account hears SevaPhotos', () => {
    const mail = requestReceivedMail(
      photos,
      { awaited: [{ orderId: 'PHO-11112222', status: 'In review' }], unpaid: [] },
      contact,
    );
    expect(mail).toMatchObject({
      subject: 'We have your request to delete your SevaPhotos account',
      fromName: 'SevaPhotos',
    });
    expect(mail.text).not.toContain('not paid yet');
    expect(mail.text).toContain('— The SevaPhotos team');
  });
});

describe('the e-mail that the account is deleted', () => {
  it('says what was deleted and what is kept, and names the unpaid orders it cancelled', () => {
    const mail = erasedMail(docs, [{ orderId: 'PHO-33334444' }, { orderId: 'OCI-55556666' }], contact);
    expect(mail).toMatchObject({
      to: 'asha@example.com',
      subject: 'Your SevaDocs account has been deleted',
      replyTo: 'support@sevadocs.example',
    });
    expect(mail.text).toContain(`As you asked, we have deleted ${DELETED}.`);
    expect(mail.text).toContain('Orders not paid yet were cancelled with your account: PHO-33334444, OCI-55556666.');
    expect(mail.text).toContain(KEPT);
    expect(mail.html).toContain('Your account has been deleted');
  });

  it('names no order when none was cancelled, and nothing of the customer but the address it goes to', () => {
    const mail = erasedMail(photos, [], contact);
    expect(mail).toMatchObject({ subject: 'Your SevaPhotos account has been deleted', fromName: 'SevaPhotos' });
    expect(mail.text).not.toContain('not paid yet');
    expect(mail.text).not.toContain('ravi');
  });
});
