import { describe, expect, it } from 'vitest';
import { emailField } from '../contact/fields.ts';
import { FIELD_MESSAGES } from '../contact/messages.ts';
import { erasedEmail } from '../data-rights/schemas.ts';
import { canReceiveMail, EMAIL_PATTERN } from './email-address.ts';

describe('an address that can receive mail', () => {
  it('is none in the reserved .invalid domain, an erased account’s placeholder among them', () => {
    expect(EMAIL_PATTERN.test(erasedEmail(6))).toBe(true);
    expect(canReceiveMail(erasedEmail(6))).toBe(false);
    expect(canReceiveMail('Someone@Shop.INVALID ')).toBe(false);
    expect(canReceiveMail('someone@invalid.com')).toBe(true);
  });

  it('is what the contact and refund forms take: no request filed as an erased customer', () => {
    const erased = emailField.safeParse(erasedEmail(6));
    expect(erased.success).toBe(false);
    expect(erased.error?.issues[0]?.message).toBe(FIELD_MESSAGES.emailInvalid);
    expect(emailField.parse(' Priya@Example.com ')).toBe('priya@example.com');
  });
});
