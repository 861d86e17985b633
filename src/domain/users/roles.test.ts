import { describe, expect, it } from 'vitest';
import { effectiveRole, isStaffRole, ROLE_MESSAGES, roleAllows } from './roles.ts';

describe('roles', () => {
  it('ranks admin over staff over customer', () => {
    expect(roleAllows('admin', 'staff')).toBe(true);
    expect(roleAllows('staff', 'staff')).toBe(true);
    expect(roleAllows('staff', 'admin')).toBe(false);
    expect(roleAllows('customer', 'staff')).toBe(false);
    expect(isStaffRole('customer')).toBe(false);
    expect(isStaffRole('staff')).toBe(true);
  });

  it('makes a verified account on ADMIN_EMAILS an admin, case-insensitively, and nobody else', () => {
    const admins = new Set(['owner@sevadocs.example']);
    expect(effectiveRole({ email: 'Owner@SevaDocs.example', role: 'customer', emailVerified: true }, admins)).toBe(
      'admin',
    );
    expect(effectiveRole({ email: 'owner@sevadocs.example', role: 'customer', emailVerified: false }, admins)).toBe(
      'customer',
    );
    expect(effectiveRole({ email: 'clerk@sevadocs.example', role: 'staff', emailVerified: true }, admins)).toBe(
      'staff',
    );
  });

  it('says plainly when a customer reaches a staff page', () => {
    expect(ROLE_MESSAGES.forbidden).toBe('You do not have access to this page.');
  });
});
