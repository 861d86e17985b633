import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, apiCall, type HttpMethod } from '../../lib/api-client.ts';

export interface AdminActionState {
  pending: boolean;
  /** The server's answer to the last action: its message, whether it succeeded, and a refusal's `errors`. */
  outcome: { ok: boolean; message: string; errors?: Record<string, string> } | null;
}

/**
 * The server refused a change because what it changes moved under staff (409: another member of
 * staff changed the order's status, the customer uploaded, a refund is already waiting): the page
 * reloads its data, so the next try is made against what is there now. A refusal of the form's own
 * values (400), a server failure or no answer leaves the page as it is.
 */
export const changedUnderStaff = (failure: unknown): boolean => failure instanceof ApiError && failure.status === 409;

/**
 * A back-office change (decision 0067: writes go through the API, the page then revalidates its
 * loader). One action at a time: the buttons are disabled while it runs, so a double click sends
 * one request (the server is safe against two anyway). `reloadOnConflict`: a 409 reloads the page's
 * data too (`changedUnderStaff`; the order desk's forms), the refusal staying said.
 */
export function useAdminAction({ reloadOnConflict = false }: { reloadOnConflict?: boolean } = {}) {
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<AdminActionState>({ pending: false, outcome: null });

  async function run(method: HttpMethod, url: string, body?: unknown): Promise<boolean> {
    if (state.pending) return false;
    setState({ pending: true, outcome: null });
    try {
      const answer = await apiCall({ url, method, body });
      setState({ pending: false, outcome: { ok: true, message: answer.message } });
      await revalidate();
      return true;
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'The change could not be saved. Please try again.';
      const errors = error instanceof ApiError ? error.fieldErrors : {};
      setState({ pending: false, outcome: { ok: false, message, errors } });
      if (reloadOnConflict && changedUnderStaff(error)) await revalidate();
      return false;
    }
  }

  return { ...state, run };
}

/** The answer to the last action, read out by screen readers as it changes. */
export function ActionOutcome({ outcome }: { outcome: AdminActionState['outcome'] }) {
  return (
    <p role="status" className={outcome?.ok === false ? 'text-sm text-red-700' : 'text-sm text-emerald-800'}>
      {outcome?.message ?? ''}
    </p>
  );
}
