import { describe, expect, it } from 'vitest';
import {
  applicationTitle,
  canChangeMemberList,
  canEditMembers,
  orderRefParams,
  parseOrderRef,
  startApplicationSchema,
} from './application.ts';

const member = { fullName: 'Priya Sharma', dateOfBirth: '1985-04-12', relationship: 'Self' };
const valid = { idempotencyKey: '0b6f7c1e-5d2a-4a7e-9f00-123456789abc', packageId: 3, members: [member] };

describe('startApplicationSchema', () => {
  it('takes choices as upper-cased country codes and keeps nothing the server prices', () => {
    const parsed = startApplicationSchema.parse({
      ...valid,
      choices: { applyingFrom: 'us', bogus: 'x' },
      totalCents: 1,
      status: 'Completed',
      price: { serviceFeeCents: 0 },
    });
    expect(parsed).toEqual({
      ...valid,
      choices: { applyingFrom: 'US' },
      members: [{ ...member, kind: 'Adult' }],
    });
    expect(startApplicationSchema.parse(valid).choices).toEqual({});
  });

  it('words every failure', () => {
    const errors = (body: object) =>
      startApplicationSchema.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(errors({ ...valid, idempotencyKey: 'short' })).toEqual([
      'idempotencyKey: idempotencyKey must be 16 to 100 letters, digits, - or _',
    ]);
    expect(errors({ ...valid, packageId: '3' })).toEqual(['packageId: Choose a package to start an application']);
    expect(errors({ ...valid, packageId: 0 })).toEqual(['packageId: Choose a package to start an application']);
    expect(errors({ ...valid, choices: { destination: 'India' } })).toEqual([
      'choices.destination: Choose a country from the list',
    ]);
    expect(errors({ ...valid, members: [] })).toEqual(['members: Add at least one member to start an application']);
  });
});

describe('order references', () => {
  it('are a DOC- id or an order number (the notification link), nothing else', () => {
    expect(parseOrderRef('DOC-48213907')).toEqual({ displayId: 'DOC-48213907' });
    expect(parseOrderRef('42')).toEqual({ id: 42 });
    for (const good of ['DOC-48213907', 'DOC-000123', '42', '2147483647']) {
      expect(orderRefParams.safeParse({ orderRef: good }).success, good).toBe(true);
    }
    for (const bad of ['PHO-12345678', 'doc-1', '0', '2147483648', 'DOC-', '1e3', '../1']) {
      expect(orderRefParams.safeParse({ orderRef: bad }).error?.issues[0]?.message, bad).toBe(
        'Enter the order ID, for example DOC-48213907',
      );
    }
  });
});

describe('what a customer may change, by status', () => {
  it('adds and removes members only before payment, edits them until the forms are all in', () => {
    expect(canChangeMemberList('Payment pending')).toBe(true);
    expect(canChangeMemberList('payment PENDING')).toBe(true);
    expect(canChangeMemberList('Forms incomplete')).toBe(false);
    expect(canEditMembers('Forms incomplete')).toBe(true);
    for (const status of ['Order pending', 'In review', 'Cancelled', 'Completed']) {
      expect(canChangeMemberList(status), status).toBe(false);
      expect(canEditMembers(status), status).toBe(false);
    }
  });

  it('titles an order by service and package', () => {
    expect(applicationTitle('OCI Card', 'New OCI Card')).toBe('OCI Card: New OCI Card');
  });
});
