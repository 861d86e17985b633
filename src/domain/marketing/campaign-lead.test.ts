import { describe, expect, it } from 'vitest';
import { campaignLeadSchema } from './campaign-lead.ts';

const schema = campaignLeadSchema(() => '2026-11-22');
const valid = {
  campaign: 'visa-service',
  name: 'Kavita Rao',
  email: 'Kavita@Example.com',
  phone: '+1 604 555 0142',
  travelDate: '2026-12-20',
  message: '',
};

function messageFor(change: Record<string, unknown>, field: string) {
  const result = schema.safeParse({ ...valid, ...change });
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('campaign lead form', () => {
  it('normalises a valid lead; the travel date and message are optional', () => {
    expect(schema.parse(valid)).toMatchObject({ email: 'kavita@example.com', travelDate: '2026-12-20', message: null });
    expect(schema.parse({ ...valid, travelDate: '' }).travelDate).toBeNull();
    expect(schema.parse({ ...valid, travelDate: '2026-11-22' }).travelDate).toBe('2026-11-22');
  });

  it('says what is wrong, field by field', () => {
    expect(messageFor({ travelDate: '2026-11-21' }, 'travelDate')).toBe('Travel date cannot be in the past');
    expect(messageFor({ travelDate: '20/12/2026' }, 'travelDate')).toBe('Enter the travel date as a calendar date');
    expect(messageFor({ travelDate: '2027-02-30' }, 'travelDate')).toBe('Enter the travel date as a calendar date');
    expect(messageFor({ message: 'x'.repeat(1001) }, 'message')).toBe('Message should not exceed 1000 characters');
    expect(messageFor({ campaign: 'other' }, 'campaign')).toBe('Unknown campaign');
    expect(messageFor({ name: '' }, 'name')).toBe('Name is required');
    expect(messageFor({ email: 'x' }, 'email')).toBe('Please enter a valid email address');
    expect(messageFor({ phone: '12' }, 'phone')).toBe('Enter valid phone number');
  });
});
