import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  APPLICATION_MESSAGES,
  type ApplicationOrder,
  cancelApplicationSchema,
} from '../../../../domain/applications/application.ts';
import { toOrderStatus } from '../../../../domain/orders/status.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { applicationFormHref, applicationKeys, cancelApplication, checkoutHref } from '../../../lib/application-api.ts';
import { putAnswer } from '../../../lib/query-client.tsx';
import { showToast } from '../../../lib/toast.ts';

/** The reason is checked with the server's own schema (its length limit and message). */
const checkReason = (remark: string) => cancelApplicationSchema.safeParse({ remark }).error?.issues[0]?.message ?? null;

/**
 * What the customer can do with the order now, and only that (the order's `actions`): go on with
 * the forms, the checkout while the payment waits, and cancel before paying.
 */
export function OrderActions({
  order,
  orderRef,
  focusAfterCancel,
}: {
  order: ApplicationOrder;
  orderRef: string;
  /** The Cancel button goes once the order is cancelled: where the focus goes instead. */
  focusAfterCancel(): HTMLElement | null;
}) {
  const queryClient = useQueryClient();
  const { actions } = order;
  const paymentPending = toOrderStatus(order.status) === 'Payment pending';
  if (!actions.canChangeAnswers && !paymentPending && !actions.canCancel) return null;

  return (
    <section aria-label="What you can do" className="card space-y-4">
      {actions.canChangeAnswers ? (
        <Link to={applicationFormHref(order.displayId)} className="btn-primary w-full">
          Continue application
          <Icon name="arrow-right" />
        </Link>
      ) : null}
      {paymentPending ? (
        <Link
          to={checkoutHref(order.displayId)}
          className={actions.canChangeAnswers ? 'btn-outline w-full' : 'btn-primary w-full'}
        >
          <Icon name="lock-keyhole" className="size-5" />
          Continue to checkout
        </Link>
      ) : null}
      {actions.canCancel ? (
        <ConfirmDialog
          trigger={
            <button type="button" className="btn-outline w-full text-red-700 hover:border-red-600 hover:text-red-800">
              <Icon name="x" className="size-5" />
              Cancel application
            </button>
          }
          title="Cancel this application?"
          description={
            <p>
              {order.displayId} stops here and cannot be restarted. Nothing has been charged. You can start a new
              application at any time.
            </p>
          }
          confirmLabel="Cancel application"
          keepLabel="Keep application"
          reason={{ label: 'Why are you cancelling?', check: checkReason }}
          focusAfterConfirm={focusAfterCancel}
          onConfirm={async (reason) => {
            try {
              const { data } = await cancelApplication(orderRef, reason || undefined);
              await putAnswer(queryClient, applicationKeys.order(orderRef), data);
              void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
              void showToast(APPLICATION_MESSAGES.cancelled);
            } catch (error) {
              throw new Error(errorMessage(error, 'We could not cancel this application. Please try again.'));
            }
          }}
        />
      ) : null}
    </section>
  );
}
