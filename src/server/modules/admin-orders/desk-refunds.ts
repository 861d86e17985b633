import { ORDER_DESK_MESSAGES } from '../../../domain/admin/orders.ts';
import {
  type AdminRefund,
  DESK_REFUND_MESSAGES as D,
  ADMIN_REFUND_MESSAGES as M,
  namedRefundDetails,
} from '../../../domain/admin/refunds.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { DeskRefundResult } from '../refunds/service.ts';

/**
 * A refund started on the order desk (decision 0187), as its answer: the refund (`created` false
 * when the same form's key found the one it made), or why none was made. The refunds module's
 * words where they exist; a state that forbids the refund is a 409, the provider's trouble a 502, which
 * names the request to go on with on the refunds desk, in `errors` (`namedRefundDetails`): reopened
 * when the provider refused, still Approved when its answer was unclear.
 */
export function deskRefundAnswer(result: DeskRefundResult): FormResult<{ refund: AdminRefund; created: boolean }> {
  if (result.ok) return { ok: true, value: { refund: result.request, created: result.created ?? true } };
  switch (result.reason) {
    case 'not-found':
      return formFailure(404, ORDER_DESK_MESSAGES.notFound);
    case 'over':
      return formFailure(409, M.overRemaining(result.remaining), { amountCents: M.overRemaining(result.remaining) });
    case 'not-paid':
      return formFailure(409, M.notPaid);
    case 'cancelled':
      return formFailure(409, D.cancelled);
    case 'open-request':
      return formFailure(409, D.openRequest(result.reference));
    case 'unfinished':
      return formFailure(409, D.unfinished(result.reference, result.origin));
    case 'key-reused':
      return formFailure(409, D.keyReused, { idempotencyKey: D.keyReused });
    case 'not-finished':
      return formFailure(409, D.notFinished(result.reference, result.status));
    case 'in-flight':
      return formFailure(409, M.inFlight);
    case 'provider-unclear':
      return 'refundRequest' in result
        ? formFailure(502, D.providerUnclear(result.refundRequest.reference), namedRefundDetails(result.refundRequest))
        : formFailure(502, M.providerUnclear);
    case 'provider':
      // The request is open again on the refunds desk: named in the answer, for the desk's link to it.
      return 'refundRequest' in result
        ? formFailure(502, D.providerFailed(result.refundRequest.reference), namedRefundDetails(result.refundRequest))
        : formFailure(502, M.providerFailed);
    // An approval's other answers (a decided request, a retry's) cannot follow a start; said plainly if one did.
    case 'decided':
    case 'not-retryable':
      return formFailure(409, M.decided(result.status));
    default:
      return formFailure(409, M.providerFailed);
  }
}
