import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CREATE_MESSAGES } from '../../../domain/admin/catalog-create.ts';
import { APPLICANT_MESSAGES } from '../../../domain/applications/package-applicants.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ADULT, apiCall, MINOR, seededPackage, startApplication } from '../applications/testing.ts';
import { auditLog } from '../audit/tables.ts';
import { bearer, createSignedInUser } from '../auth/testing.ts';
import { createStaffUser } from '../users/testing.ts';
import { packagePrices } from './tables.ts';

/**
 * A price row says who its package's price is for (an adult or a child, their age: decision 0149),
 * and an order's members are checked against the row the order names whenever one is added or
 * changed. Deleting that row must not let an adult onto a child's renewal at the child's fee.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A customer's minor passport renewal from `applyingFrom`, and the price row it was started with. */
async function minorRenewal(applyingFrom: string) {
  const customer = await createSignedInUser(t.app);
  const choices = { applyingFrom };
  const { pkg, price } = await seededPackage(t.app, 'indian-passport-renewal', 'minor', choices);
  const order = await startApplication(t.app, customer.token, { packageId: pkg.id, choices, members: [MINOR] });
  return { customer, order, priceId: price.id };
}

const addParent = (token: string, displayId: string) =>
  apiCall(t.app, 'POST', `/application/order/${displayId}/members`, token, { ...ADULT, relationship: 'Parent' });

describe('the price row an order was started with', () => {
  it('is not deleted (409, nothing audited), and the order still refuses an adult', async () => {
    const admin = await createStaffUser(t.app, t.database.db, 'admin');
    const { customer, order, priceId } = await minorRenewal('US');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/catalog/prices/${priceId}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(CATALOG_CREATE_MESSAGES.priceInUse(1));
    expect(await t.database.db.select().from(packagePrices).where(eq(packagePrices.id, priceId))).toHaveLength(1);
    const deletions = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalog.price_delete'), eq(auditLog.subjectId, String(priceId))));
    expect(deletions).toEqual([]);

    const added = await addParent(customer.token, order.displayId);
    expect(added.statusCode).toBe(400);
    expect(added.json().errors.dateOfBirth).toBe(APPLICANT_MESSAGES.minorsOnly(ADULT.fullName));
  });

  it("gone all the same (deleted before such rows were kept), leaves the package's kinds: an adult is still refused", async () => {
    const { customer, order, priceId } = await minorRenewal('CA');
    await t.database.db.delete(packagePrices).where(eq(packagePrices.id, priceId));

    const added = await addParent(customer.token, order.displayId);
    expect(added.statusCode).toBe(400);
    expect(added.json().errors.dateOfBirth).toBe(APPLICANT_MESSAGES.minorsOnly(ADULT.fullName));
  });
});
