import { type RefObject, useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import type { FormRejection } from './form-values.ts';

/** The id of the block that shows a refused post's message (see FormRejectionAlert). */
export const formAlertId = (formId: string) => `${formId}-alert`;

/**
 * The state of a form that posts to its own page's action (contact, refund, campaign lead):
 * whether it is being sent, and what a refused post sent back. When an answer arrives, focus
 * goes to the first field in error (else the form's message) or, on success, to `done`, so
 * screen-reader users hear what happened.
 */
export function usePostedForm<K extends string>(
  formId: string,
  result: FormRejection<K> | { ok: true } | undefined,
  done?: RefObject<HTMLElement | null>,
) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Still "sending" while a successful post redirects, until the next page shows.
  const sending =
    navigation.state !== 'idle' &&
    navigation.formMethod === 'POST' &&
    navigation.formAction?.split('?')[0] === pathname;
  const failed = result && !result.ok ? result : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) done?.current?.focus();
    else document.querySelector<HTMLElement>(`#${formId} [aria-invalid="true"], #${formAlertId(formId)}`)?.focus();
  }, [result, formId, done]);

  const errors: FormRejection<K>['errors'] = failed?.errors ?? {};
  return { sending, failed, values: failed?.values, errors };
}
