import { describe, expect, it } from 'vitest';
import type { Sla } from '../../../domain/admin/orders.ts';
import { slaLabel } from './order-format.ts';

const now = new Date('2026-12-06T09:00:00Z');
const running = (dueAt: string): Sla => ({
  state: 'running',
  startedAt: '2026-12-04T09:00:00.000Z',
  dueAt,
  days: 2,
  basis: 'Photo orders: 2 days',
});

describe('the SLA clock as staff read it', () => {
  it('counts a part day whole, and the last day in hours', () => {
    expect(slaLabel(running('2026-12-08T09:00:00.000Z'), now).text).toBe('2 d left');
    expect(slaLabel(running('2026-12-07T10:00:00.000Z'), now).text).toBe('2 d left');
    expect(slaLabel(running('2026-12-07T08:00:00.000Z'), now).text).toBe('23 h left');
    expect(slaLabel(running('2026-12-06T12:00:00.000Z'), now).text).toBe('3 h left');
    expect(slaLabel(running('2026-12-06T09:01:00.000Z'), now).text).toBe('Due within the hour');
  });

  it('says how late an overdue order is, in whole days', () => {
    const overdue = { ...running('2026-12-03T10:00:00.000Z'), state: 'overdue' as const };
    expect(slaLabel(overdue, now)).toEqual({ text: 'Overdue by 3 d', tone: 'late' });
  });
});
