import type { OrderRef } from '../../../domain/applications/application.ts';
import { MEMBER_MESSAGES as M } from '../../../domain/applications/members.ts';
import {
  buildPrintPack,
  canUsePrintPack,
  type PackFees,
  PRINT_PACK_MESSAGES,
} from '../../../domain/applications/print-pack.ts';
import { packageWording } from '../../../domain/catalog/choice-text.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import { definitionForMember } from '../../../domain/forms/member-texts.ts';
import { todayIsoDate } from '../../../domain/limits/constants.ts';
import type { Database } from '../../db/client.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { Order, OrdersService } from '../orders/service.ts';
import { createDocumentsRepository } from './documents-repository.ts';
import { memberItems } from './documents-service.ts';
import type { FormsService } from './forms-service.ts';
import { orderNotFound } from './locked-order.ts';
import { type ApplicationRow, createApplicationsRepository } from './repository.ts';

/** Where an order's file is posted to: the mission's postal address as label lines, or null while unknown. */
export type MissionAddressOf = (order: Order, app: ApplicationRow) => Promise<readonly string[] | null>;

/**
 * The mailing label's address when none is given: none, so the label leaves the box to be filled
 * with the address we confirm. services.ts passes `storedMissionAddress` (order-mission.ts), the
 * mission stored on the order when its address was saved (issue 32 §1).
 */
export const noMissionAddressYet: MissionAddressOf = async () => null;

export interface PrintPackServiceDeps {
  orders: Pick<OrdersService, 'findOwned'>;
  forms: Pick<FormsService, 'orderForm'>;
  /** The package's fee note, which the snapshot does not keep: what the centre may charge on top. */
  catalog: Pick<CatalogService, 'getPackage'>;
  missionAddress?: MissionAddressOf;
  now?: () => Date;
}

/** A PDF made on request (never stored): what serveMadeFile sends. */
export interface MadeFile {
  body: Buffer;
  contentType: string;
  displayName: string;
}

/**
 * Each member's print pack (issue 32 §3; docs/decisions/0107-print-pack-and-copy-assist.md),
 * made on request from the order's package, the member's checklist and answers as they are now.
 * The order is read through `findOwned` (another customer's order is a 404 like an unknown one);
 * staff read it with the order's own customer id, as the back office reads every application.
 */
export function createPrintPackService(db: Database, deps: PrintPackServiceDeps) {
  const missionAddress = deps.missionAddress ?? noMissionAddressYet;
  const now = deps.now ?? (() => new Date());

  /**
   * The fees the order paid, from its price snapshot, with the package's fee note for its choices as
   * the catalog has it now (none once the package is withdrawn from it).
   */
  async function feesOf(app: ApplicationRow): Promise<PackFees> {
    const found = await deps.catalog.getPackage(app.packageId);
    return {
      governmentFeeCents: app.governmentFeeCents,
      mandatoryFees: app.mandatoryFees,
      feeNote: found ? packageWording(found.pkg, app.choices).feeNote : null,
      centre: app.mission?.centre.provider ?? null,
    };
  }

  return {
    /** GET …/members/{memberId}/print-pack: 404 for an unknown order or member, 409 before payment. */
    async memberPack(customerId: number, ref: OrderRef, memberId: number): Promise<FormResult<MadeFile>> {
      const order = await deps.orders.findOwned(customerId, ref, 'service');
      if (!order) return orderNotFound();
      const found = await createApplicationsRepository(db).findMemberWithApplication(order.id, memberId);
      if (!found) return formFailure(404, M.notFound);
      if (!canUsePrintPack(order.status)) return formFailure(409, PRINT_PACK_MESSAGES.notPaid);
      const { member, app } = found;
      const [stored, address, fees, requests] = await Promise.all([
        deps.forms.orderForm(app),
        missionAddress(order, app),
        feesOf(app),
        // A document outside the checklist our team asked for goes in the envelope too (decision 0186).
        createDocumentsRepository(db).listRequests(order.id),
      ]);
      const pack = buildPrintPack({
        orderDisplayId: order.displayId,
        serviceSlug: app.serviceSlug,
        serviceName: app.serviceName,
        packageName: app.packageName,
        country: app.choices.applyingFrom ?? app.choices.citizenship ?? null,
        member: { fullName: member.fullName, kind: member.kind, dateOfBirth: member.dateOfBirth },
        definition: stored ? definitionForMember(stored.definition, member) : null,
        answers: member.answers,
        checklist: memberItems(app, member, requests, todayIsoDate(now())),
        missionAddress: address,
        orderStatus: order.status,
        fees,
      });
      return {
        ok: true,
        value: {
          // pdf-lib (~3 MB of heap) loads with the first print pack, not with the server (decision 0135).
          body: Buffer.from(await (await import('./print-pack-pdf.ts')).renderPrintPack(pack)),
          contentType: 'application/pdf',
          displayName: `SevaDocs print pack ${order.displayId} ${member.fullName}.pdf`,
        },
      };
    },
  };
}
export type PrintPackService = ReturnType<typeof createPrintPackService>;
