import { describe, expect, it } from 'vitest';
import { simpleMail } from './simple-template.ts';

const PAYMENT_ID = 'sbx_9f2c4e1a7b3d4c5e8f9a0b1c2d3e4f5a';
const ORDER_PAGE = 'http://localhost:3000/service-order?orderId=DOC-2026-000001&document=12-photo';

/** A photo order's receipt, as the payments module writes one. */
const receipt = () =>
  simpleMail({
    to: 'priya@example.com',
    subject: 'Payment received for your order PHO-2026-000001',
    heading: 'Thank you: we received your payment for PHO-2026-000001',
    intro: ['This is your receipt. Keep it for your records.'],
    details: [
      ['Get Print Copies delivered to home', '$12.99'],
      ['Digital Copy (file only, not printed)', '$4.99'],
      ['Total paid', '$17.98'],
      ['Payment id', PAYMENT_ID],
    ],
    outro: [`See your order, what is still needed and its timeline at any time: ${ORDER_PAGE}`],
    signature: 'The SevaPhotos team',
  });

describe('a simple e-mail on a phone', () => {
  it('lets labels wrap and long ids break anywhere, while amounts stay whole', () => {
    const { html } = receipt();
    expect(html).not.toContain('nowrap');
    expect(html).toContain(
      '<th align="left" valign="top" style="padding:6px 16px 6px 0;color:#475569;font-weight:600">Get Print Copies delivered to home</th>',
    );
    expect(html).toContain(`<span style="word-break:break-all">${PAYMENT_ID}</span>`);
    for (const amount of ['$12.99', '$4.99', '$17.98']) {
      expect(html).toContain(`white-space:pre-wrap">${amount}</td>`);
    }
  });

  it('breaks a long run a visitor typed, escaped, without making it a link', () => {
    const typed = 'https://phish.example/reset?user=<b>you</b>';
    const { html } = simpleMail({
      to: 'support@sevadocs.example',
      subject: 'Contact enquiry',
      heading: 'New contact enquiry',
      intro: [`${typed} sent a message through the contact form.`],
      details: [['Message', `Please see ${typed}`]],
      signature: 'SevaDocs website',
    });
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<span style="word-break:break-all">https://phish.example/reset?user=&lt;b&gt;you&lt;/b&gt;</span>',
    );
  });
});

describe('links in a simple e-mail', () => {
  it('makes the outro’s URLs links in the HTML, escaped, and leaves the text as it was', () => {
    const { html, text } = receipt();
    const href = ORDER_PAGE.replaceAll('&', '&amp;');
    expect(html).toContain(
      `See your order, what is still needed and its timeline at any time: <a href="${href}" style="color:#1f56d6;word-break:break-all">${href}</a></p>`,
    );
    expect(text).toContain(`See your order, what is still needed and its timeline at any time: ${ORDER_PAGE}\n`);
    expect(text).not.toContain('<a');
  });

  it('links only http(s) URLs, without the punctuation that ends the sentence', () => {
    const { html } = simpleMail({
      to: 'priya@example.com',
      subject: 'A refund',
      heading: 'We refunded $10',
      intro: [],
      outro: [
        'Your order is paid: see it at https://www.sevadocs.example/service-order?orderId=DOC-1.',
        'Not javascript:alert(1) nor ftp://files.example/x, and "quotes" stay text.',
      ],
      signature: 'The SevaDocs team',
    });
    expect(html).toContain(
      'see it at <a href="https://www.sevadocs.example/service-order?orderId=DOC-1" style="color:#1f56d6;word-break:break-all">https://www.sevadocs.example/service-order?orderId=DOC-1</a>.</p>',
    );
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('&quot;quotes&quot;');
  });
});
