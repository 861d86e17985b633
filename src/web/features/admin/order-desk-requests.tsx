import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { canWithdrawRequest, type DeskDocumentRequest, type DeskOrder } from '../../../domain/admin/orders.ts';
import { DOCUMENT_REQUEST_WITHDRAWAL as W } from '../../../domain/applications/other-documents.ts';
import { api, envelopeOf, errorMessage } from '../../lib/api-client.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { InPlaceConfirm, useButtonFocusBack } from './in-place-confirm.tsx';
import { formatUtc } from './order-format.ts';
import { changedUnderStaff } from './use-admin-action.tsx';

const REQUESTS_TEXT = {
  asked: (at: string, by: string) => `Asked ${at} by ${by}`,
  answered: (at: string, fileName: string) => `Answered ${at} (${fileName})`,
  waiting: 'Waiting for the customer',
} as const;

const SMALL_BUTTON = 'rounded-lg px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

type RequestsProps = { requests: readonly DeskDocumentRequest[] } & Pick<DeskOrder, 'displayId' | 'status'>;

/**
 * Withdrawing an open request (decision 0188; a new file of a document sent, decision 0192): the button, then
 * a confirmation in its place that says what follows, before anything is sent. The confirmation
 * takes the focus (its title and text are read out with it), Escape or "Keep the request" gives it
 * back to the button; a refusal is announced and the button takes the focus again.
 */
function WithdrawRequest({
  displayId,
  request,
  onWithdrawn,
}: {
  displayId: string;
  request: DeskDocumentRequest;
  onWithdrawn(): void;
}) {
  const { revalidate } = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { button, focusButton } = useButtonFocusBack();
  const keep = () => {
    setConfirming(false);
    focusButton();
  };
  const withdraw = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await envelopeOf(
        api.POST('/api/v1/admin/orders/{ref}/document-requests/{requestId}/withdraw', {
          params: { path: { ref: displayId, requestId: String(request.requestId) } },
        }),
      );
      showToast(answer.message);
      onWithdrawn();
      await revalidate();
    } catch (failure) {
      const message = errorMessage(failure, 'That did not work. Please try again.');
      setError(message);
      toastError(message);
      keep();
      // Answered or withdrawn meanwhile (409): the list shows the request as it is now.
      if (changedUnderStaff(failure)) await revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-col gap-2">
      {confirming ? (
        <InPlaceConfirm
          idPrefix={`desk-withdraw-${request.id}`}
          title={W.confirmTitle(request.document, request.memberName)}
          confirmLabel={busy ? W.pending : W.confirm}
          cancelLabel={W.cancel}
          confirmClassName="bg-red-700 text-white hover:bg-red-800"
          pending={busy}
          onConfirm={() => void withdraw()}
          onCancel={keep}
        >
          {request.replacesFile ? W.confirmTextAgain : W.confirmText}
        </InPlaceConfirm>
      ) : (
        <button
          ref={button}
          type="button"
          aria-label={W.actionName(request.document, request.memberName)}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          className={`${SMALL_BUTTON} self-start border border-red-300 bg-white text-red-800 hover:bg-red-50`}
        >
          {W.action}
        </button>
      )}
      {error ? (
        <p role="alert" className="break-words text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One request: what, whose, who asked and when, the note, and where it stands. */
function RequestItem({
  request,
  displayId,
  status,
}: { request: DeskDocumentRequest } & Pick<DeskOrder, 'displayId' | 'status'>) {
  const [justWithdrawn, setJustWithdrawn] = useState(false);
  const withdrawnLine = useRef<HTMLParagraphElement>(null);
  // The button that had the focus is gone once the page has the withdrawal: its line takes it.
  useEffect(() => {
    if (justWithdrawn && request.withdrawn) withdrawnLine.current?.focus();
  }, [justWithdrawn, request.withdrawn]);
  return (
    <li className="py-2">
      <p className="break-words">
        <span className="font-medium">{request.document}</span> · {request.memberName}
      </p>
      <p className="text-xs break-words text-slate-600">
        {REQUESTS_TEXT.asked(formatUtc(request.requestedAt), request.requestedBy)}
      </p>
      <p className="whitespace-pre-wrap break-words text-slate-700">“{request.note}”</p>
      {request.withdrawn ? (
        <p ref={withdrawnLine} tabIndex={-1} className="break-words font-medium text-slate-600 outline-none">
          {W.withdrawnLine(formatUtc(request.withdrawn.at), request.withdrawn.by)}
        </p>
      ) : request.answered ? (
        <p className="break-words text-green-800">
          {REQUESTS_TEXT.answered(formatUtc(request.answered.at), request.answered.fileName)}
        </p>
      ) : (
        <p className="font-medium text-amber-800">{REQUESTS_TEXT.waiting}</p>
      )}
      {canWithdrawRequest(request, status) ? (
        <WithdrawRequest displayId={displayId} request={request} onWithdrawn={() => setJustWithdrawn(true)} />
      ) : null}
    </li>
  );
}

/**
 * The documents staff asked the customer for, newest first: the item and member, who asked and
 * when, the note the customer read, and whether their upload answered it yet. Once answered, the
 * checklist no longer shows the request: this list keeps it in view. An open request for a
 * document outside the checklist (decision 0188) or for a new file of one the customer sent
 * (decision 0192) can be withdrawn here; it stays listed, withdrawn.
 */
export function DocumentRequests({ requests, displayId, status }: RequestsProps) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="desk-requests" className="mt-4 border-t border-slate-200 pt-3">
      <h3 id="desk-requests" className="font-bold text-slate-900">
        Requests
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {requests.map((request) => (
          <RequestItem key={request.id} request={request} displayId={displayId} status={status} />
        ))}
      </ul>
    </section>
  );
}
