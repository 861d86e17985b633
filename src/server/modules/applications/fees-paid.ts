import type { StaffActor } from '../../../domain/admin/audit.ts';
import {
  carriesOutsideFees,
  type FeesPaidInput,
  type FeesPaidRecord,
  FEES_PAID_MESSAGES as M,
} from '../../../domain/applications/fees-paid.ts';
import { canUsePrintPack } from '../../../domain/applications/print-pack.ts';
import { filingOf } from '../../../domain/catalog/filing.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { Database } from '../../db/client.ts';
import type { Order } from '../orders/service.ts';
import { type ApplicationRow, createApplicationsRepository } from './repository.ts';

/** The fees paid at the centre our team recorded on the order, as the desk shows them; null until then. */
export function feesPaidOf(app: ApplicationRow): FeesPaidRecord | null {
  if (!app.feesPaidReference || !app.feesPaidAt) return null;
  return {
    reference: app.feesPaidReference,
    paidAt: app.feesPaidAt.toISOString(),
    recordedBy: app.feesPaidByEmail ?? '',
  };
}

/** Whether our team pays fees at the centre for the order: a mission's file whose price carries them. */
export const paysFeesAtCentre = (app: ApplicationRow) =>
  filingOf(app.serviceSlug) === 'mission' && carriesOutsideFees(app);

/** What a recording did: the record now, the one it replaced (null for the first), and whether anything changed. */
export interface FeesPaidRecording {
  record: FeesPaidRecord;
  before: FeesPaidRecord | null;
  changed: boolean;
}

/**
 * Records the fees our team paid at the centre for a service order, in the order's locked
 * transaction `tx`: only a mission's file (the e-Visa's are paid by the customer on the portal)
 * whose price carries them, once paid and while neither cancelled nor refunded (the print pack's
 * rule, as the posting address's). The same reference again changes nothing, so a double submit
 * keeps the record's date; another reference corrects it.
 */
export async function recordFeesPaid(
  tx: Database,
  order: Pick<Order, 'id' | 'status'>,
  { reference }: FeesPaidInput,
  actor: StaffActor,
  at: Date,
): Promise<FormResult<FeesPaidRecording>> {
  const repository = createApplicationsRepository(tx);
  const app = await repository.findApplication(order.id);
  if (!app) throw new Error(`service order ${order.id} has no application row`);
  if (filingOf(app.serviceSlug) !== 'mission') return formFailure(409, M.notAtCentre);
  if (!carriesOutsideFees(app)) return formFailure(409, M.noFees);
  if (!canUsePrintPack(order.status)) return formFailure(409, M.notPaid);
  const before = feesPaidOf(app);
  if (before?.reference === reference) return { ok: true, value: { record: before, before, changed: false } };
  await repository.setFeesPaid(order.id, {
    feesPaidReference: reference,
    feesPaidAt: at,
    feesPaidById: actor.id,
    feesPaidByEmail: actor.email,
  });
  const record = { reference, paidAt: at.toISOString(), recordedBy: actor.email };
  return { ok: true, value: { record, before, changed: true } };
}
