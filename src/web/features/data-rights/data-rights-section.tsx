import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../domain/config/routes.ts';
import {
  DATA_RIGHTS_MESSAGES,
  type DeletionStatus,
  deletionRequestSchema,
  deletionWaits,
} from '../../../domain/data-rights/schemas.ts';
import { FormAlert } from '../../components/ui/form-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { longDate } from '../../lib/format-date.ts';
import { goTo } from '../../lib/go-to.ts';
import { ORDER_KIND_PAGES } from '../../lib/order-kind-pages.ts';
import { putAnswer } from '../../lib/query-client.tsx';
import { forgetSignedInState } from '../../lib/stores/session-store.ts';
import { showToast } from '../../lib/toast.ts';
import { useFileDownload } from '../../lib/use-file-download.ts';
import {
  dataRightsKeys,
  downloadExport,
  getDataRightsStatus,
  requestDeletion,
  withdrawDeletion,
} from './data-rights-api.ts';

export const DATA_RIGHTS_TEXT = {
  title: 'Your data',
  lead: 'Download everything we hold about you, or ask us to delete your account.',
  exportTitle: 'Download your data',
  exportLead:
    'One ZIP file with your account, consents, orders and answers, the documents and photos you uploaded, your payments, notifications and enquiries, the e-mails we sent you and your open sessions.',
  exportButton: 'Download my data',
  exporting: 'Preparing your file…',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteTitle: 'Delete your account',
  deleteLead:
    'We delete your account, your answers, documents, photos, addresses and notifications, and the words you and our team wrote about your orders (notes, messages, remarks, refund reasons). The record of your payments and of what our team did (amounts, dates, statuses and references) stays, without your name or e-mail, because tax and payment law requires it. Orders not paid yet are cancelled; orders in progress must first finish.',
  deleteOpen: 'Delete my account…',
  passwordLabel: 'Your password',
  confirmLabel: 'I understand that my account, documents and photos are deleted and cannot be recovered.',
  deleteButton: 'Delete my account',
  deleting: 'Deleting…',
  keep: 'Keep my account',
  deleteFailed: 'Your request could not be sent. Please try again.',
  pendingTitle: 'Deletion requested',
  // No date while an order is open: the desk cannot erase before it ends, and an order can take
  // weeks (DATA_RIGHTS_MESSAGES.pending says the same when the request is made).
  pendingLead: (requested: string) =>
    `You asked on ${requested}. ${deletionWaits('the orders below')} We e-mail you when it is done.`,
  // Every order it waited for has finished: staff erase it from their queue (decision 0119), by
  // the request's deadline if it is still ahead.
  pendingReady: (requested: string, due: string | null) =>
    `You asked on ${requested}. Your orders have finished, so we delete your account shortly${due ? `, and by ${due} at the latest` : ''}, and e-mail you when it is done.`,
  continue: 'Continue',
  /** A customer who changed their mind (walk B: nothing offered it, and an order paid meanwhile held the request). */
  keepAfterAll: 'Keep my account after all',
  keeping: 'Keeping your account…',
  keepFailed: 'Your account could not be kept just now. Please try again.',
} as const;

/** The pending request: when it was made, the orders it waits for, or its deadline once none is open. */
/** "Keep my account after all": the waiting request is withdrawn, and the block offers the deletion again. */
function KeepAccount({ onKept }: { onKept(): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function keep() {
    setBusy(true);
    setProblem(null);
    try {
      await withdrawDeletion();
      onKept();
    } catch (error) {
      setProblem(errorMessage(error, DATA_RIGHTS_TEXT.keepFailed));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-3">
      <button type="button" onClick={() => void keep()} disabled={busy} className="btn-outline px-4 py-2 text-sm">
        {busy ? DATA_RIGHTS_TEXT.keeping : DATA_RIGHTS_TEXT.keepAfterAll}
      </button>
      {problem ? (
        <div className="mt-2">
          <FormAlert tone="error">{problem}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}

function PendingDeletion({ status, onKept }: { status: DeletionStatus; onKept(): void }) {
  const waiting = status.openOrders.length > 0;
  const requested = longDate(status.requestedAt);
  // Orders that finished after the deadline leave none to promise.
  const due = Date.parse(status.dueAt) > Date.now() ? longDate(status.dueAt) : null;
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{DATA_RIGHTS_TEXT.pendingTitle}</p>
      <p className="mt-1 text-[0.95rem]">
        {waiting ? DATA_RIGHTS_TEXT.pendingLead(requested) : DATA_RIGHTS_TEXT.pendingReady(requested, due)}
      </p>
      {waiting && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {status.openOrders.map((order) => (
            <li key={order.orderId}>
              {/* The order's page: where an unpaid order can be cancelled, or a paid one followed. */}
              <Link
                to={ORDER_KIND_PAGES[order.kind].orderHref(order.orderId)}
                className="inline-flex rounded-full bg-white px-3 py-1 font-mono text-sm text-amber-950 underline ring-1 ring-amber-200"
              >
                {order.orderId} · {order.status}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <KeepAccount onKept={onKept} />
    </div>
  );
}

function ExportBlock() {
  const { busy, problem, download: save } = useFileDownload(DATA_RIGHTS_TEXT.exportFailed);
  const download = () => save(downloadExport);
  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{DATA_RIGHTS_TEXT.exportTitle}</h3>
      <p className="mt-1 text-slate-600">{DATA_RIGHTS_TEXT.exportLead}</p>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        className="btn-outline mt-4 disabled:opacity-70"
      >
        {busy ? DATA_RIGHTS_TEXT.exporting : DATA_RIGHTS_TEXT.exportButton}
        <Icon name={busy ? 'loader-circle' : 'download'} className={busy ? 'size-5 animate-spin' : 'size-5'} />
      </button>
      {problem ? (
        <div className="mt-3">
          <FormAlert tone="error">{problem}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}

/** The confirmation step: the password again and an explicit tick, then the request. */
function DeleteForm({ onDone, onCancel }: { onDone(status: DeletionStatus): void; onCancel(): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const confirmId = useId();
  // The form opens where the button was: the focus goes to its first field, not to the page.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector('input')?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = deletionRequestSchema.safeParse({ password, confirm });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] === 'confirm' ? 'confirm' : 'password'] = issue.message;
      return setErrors(next);
    }
    setBusy(true);
    setErrors({});
    try {
      onDone((await requestDeletion(parsed.data)).data);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) setErrors({ password: error.fieldErrors.password });
      else setErrors({ form: errorMessage(error, DATA_RIGHTS_TEXT.deleteFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid max-w-xl gap-4">
      {errors.form ? <FormAlert tone="error">{errors.form}</FormAlert> : null}
      <FormField label={DATA_RIGHTS_TEXT.passwordLabel} error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <div>
        <label htmlFor={confirmId} className="flex items-start gap-3 text-[0.95rem] text-slate-800">
          <input
            id={confirmId}
            type="checkbox"
            checked={confirm}
            onChange={(event) => setConfirm(event.target.checked)}
            aria-invalid={Boolean(errors.confirm)}
            aria-describedby={errors.confirm ? `${confirmId}-error` : undefined}
            className="mt-1 size-4 shrink-0 accent-red-700"
          />
          {DATA_RIGHTS_TEXT.confirmLabel}
        </label>
        {errors.confirm ? (
          <p id={`${confirmId}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.confirm}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-red-700 px-5 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          {busy ? DATA_RIGHTS_TEXT.deleting : DATA_RIGHTS_TEXT.deleteButton}
          <Icon name={busy ? 'loader-circle' : 'trash-2'} className={busy ? 'size-5 animate-spin' : 'size-5'} />
        </button>
        <button type="button" onClick={onCancel} className="btn-outline">
          {DATA_RIGHTS_TEXT.keep}
        </button>
      </div>
    </form>
  );
}

function DeleteBlock() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: dataRightsKeys.status, queryFn: async () => (await getDataRightsStatus()).data });
  const [open, setOpen] = useState(false);
  const [erased, setErased] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After the form closes, the focus goes where the customer reads what follows: back to the
  // button on "Keep my account", to the block's heading once the request is recorded.
  const focusAfterClose = (target: RefObject<HTMLElement | null>) =>
    requestAnimationFrame(() => target.current?.focus());

  function done(result: DeletionStatus) {
    setOpen(false);
    focusAfterClose(heading);
    if (result.state === 'erased') {
      // The server ended the session; the browser forgets it and what this tab kept of the
      // account at once (they may just close the tab), then loads a page afresh: the header's
      // avatar and this profile's name, e-mail and phone came from the erased account.
      forgetSignedInState();
      setErased(true);
      goTo.url(ROUTES.ACCOUNT_DELETED);
    } else {
      void putAnswer(queryClient, dataRightsKeys.status, { deletion: result });
    }
  }

  const pending = status.data?.deletion;
  return (
    <div>
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {DATA_RIGHTS_TEXT.deleteTitle}
      </h3>
      {erased ? (
        <div className="mt-3 grid gap-3">
          <FormAlert tone="success">{DATA_RIGHTS_MESSAGES.erased}</FormAlert>
          {/* Shown while the page that follows loads (or if it cannot). */}
          <a href={ROUTES.ACCOUNT_DELETED} className="btn-primary self-start">
            {DATA_RIGHTS_TEXT.continue}
          </a>
        </div>
      ) : pending ? (
        <div className="mt-3">
          <PendingDeletion
            status={pending}
            onKept={() => {
              void putAnswer(queryClient, dataRightsKeys.status, { deletion: null });
              showToast(DATA_RIGHTS_MESSAGES.withdrawn);
              focusAfterClose(heading);
            }}
          />
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-600">{DATA_RIGHTS_TEXT.deleteLead}</p>
          {open ? (
            <DeleteForm
              onDone={done}
              onCancel={() => {
                setOpen(false);
                focusAfterClose(openButton);
              }}
            />
          ) : (
            <button
              ref={openButton}
              type="button"
              onClick={() => setOpen(true)}
              disabled={status.isPending}
              className="mt-4 inline-flex items-center gap-2 rounded-xl border border-red-300 px-5 py-3 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70"
            >
              {DATA_RIGHTS_TEXT.deleteOpen}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The profile page's "Your data" section (issue 34 §3): the export of everything held about the
 * customer, and the deletion of their account after a confirmation step (password and a tick).
 */
export function DataRightsSection() {
  return (
    <section
      aria-labelledby="data-rights-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="data-rights-title" className="text-xl font-bold text-slate-900">
        {DATA_RIGHTS_TEXT.title}
      </h2>
      <p className="mt-1 text-slate-600">{DATA_RIGHTS_TEXT.lead}</p>
      <div className="mt-6 grid gap-8 desk:grid-cols-2">
        <ExportBlock />
        <DeleteBlock />
      </div>
    </section>
  );
}
