import { describe, expect, it } from 'vitest';
import { POSTING_ADDRESS_TEXT as T } from '../../../domain/applications/posting-address.ts';
import { postingAddressMail, postingAddressNotice } from './posting-address-mail.ts';

const ADDRESS = {
  lines: ['VFS Global', 'for the Embassy of India, Washington DC', '1025 Vermont Avenue NW', 'Washington, DC 20005'],
  confirmedAt: '2026-12-01T12:00:00.000Z',
};
const order = (status: string) => ({
  displayId: 'DOC-48213907',
  title: 'OCI Card: New OCI Card',
  email: 'meera@example.com',
  kind: 'service' as const,
  status,
});
const mail = (status: string, correction = false) =>
  postingAddressMail(order(status), ADDRESS, {
    correction,
    siteUrl: 'https://sevadocs.example',
    companyName: 'SevaDocs',
  });

/** The mail's text from its first words to the address, in one line. */
const opening = (text: string) =>
  text.slice(text.indexOf(T.mailHeading), text.indexOf('Post to:')).replace(/\s+/g, ' ');

describe('the posting address e-mail', () => {
  it('confirmed before Submitted (staff confirm it while the order is In review): says to wait for our “ready to send”', () => {
    for (const status of ['Forms incomplete', 'Order pending', 'In review']) {
      expect(opening(mail(status).text), status).toBe(
        'Where to post your application Our team has confirmed where you post your file. Do not post your file yet: wait for our message that your application is ready to send. Then put this address on the envelope: ',
      );
    }
    // The correction too.
    const corrected = opening(mail('In review', true).text);
    expect(corrected).toContain(`${T.correctionIntro} ${T.notYet} ${T.envelopeLater}`);
    expect(corrected).not.toContain(` ${T.envelope}`);
  });

  it('at Submitted (our check done): says to post it there', () => {
    expect(opening(mail('Submitted').text)).toBe(
      'Where to post your application Our team has confirmed where you post your file. Put this address on the envelope: ',
    );
    const corrected = mail('Submitted', true);
    expect(corrected.subject).toBe('Correction: where to post your application (order DOC-48213907)');
    expect(opening(corrected.text)).toBe(
      'Where to post your application This is a correction: our team has changed the address you post your file to. Use this one, not the one in our earlier e-mail. Put this address on the envelope: ',
    );
    expect(corrected.text).not.toContain(T.notYet);
    expect(corrected.text).toContain(ADDRESS.lines.join('\n'));
  });
});

describe('its notification', () => {
  it('says what the e-mail says and what to do now: wait for our check before Submitted, post from it', () => {
    expect(postingAddressNotice(order('In review'), { correction: false })).toBe(
      'Our team has confirmed where you post your file. Do not post your file yet: wait for our message that your application is ready to send.',
    );
    expect(postingAddressNotice(order('Submitted'), { correction: false })).toBe(
      'Our team has confirmed where you post your file. Print each member’s pack, sign where it asks, and post your file to the address under “Where to post your file”.',
    );
    expect(postingAddressNotice(order('Submitted'), { correction: true })).toBe(
      'Correction: our team has changed the address you post your file to. Your order page shows the new one: use it, not the one in our earlier e-mail. Print each member’s pack, sign where it asks, and post your file to the address under “Where to post your file”.',
    );
    expect(postingAddressNotice(order('Order pending'), { correction: true })).toMatch(
      /not the one in our earlier e-mail\. Do not post your file yet: /,
    );
  });
});
