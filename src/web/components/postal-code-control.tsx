import { useId, useState } from 'react';
import type { AddressCountry } from '../../domain/users/regions.ts';

export const POSTAL_CODE_TEXT = {
  country: 'Country',
  US: 'United States',
  CA: 'Canada',
  code: (country: AddressCountry) => (country === 'US' ? 'ZIP code' : 'Postal code'),
  busy: 'Checking…',
} as const;

/**
 * A country and a ZIP or postal code, sent together (issue 32 §1): the service page's "Where do
 * you live?" and the code printed on a proof of address. Plain React and no validation library,
 * so the service page's first load stays small: `onSend` checks the code (the server's rules) and
 * answers the message to show, or null when it is done.
 */
export function PostalCodeControl({
  legend,
  hint,
  submitLabel,
  initial,
  country: fixedCountry,
  onSend,
}: {
  legend: string;
  hint?: string;
  submitLabel: string;
  initial?: { country: AddressCountry; postalCode: string };
  /** The one country asked about (a service page for applications from it): no country to choose. */
  country?: AddressCountry;
  onSend(country: AddressCountry, postalCode: string): Promise<string | null>;
}) {
  const id = useId();
  const [country, setCountry] = useState<AddressCountry>(fixedCountry ?? initial?.country ?? 'US');
  const [postalCode, setPostalCode] = useState(initial?.postalCode ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const describedBy = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(' ');

  async function send() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      setProblem(await onSend(country, postalCode));
    } finally {
      setBusy(false);
    }
  }

  return (
    // A fieldset, not a form: the proof's slot sits inside the application form's own <form>, whose
    // submit (next step) must not fire. Enter in the code sends, as a form's would.
    <fieldset>
      <legend className="font-semibold text-slate-900">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        {fixedCountry ? null : (
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800" htmlFor={`${id}-country`}>
            {POSTAL_CODE_TEXT.country}
            <select
              id={`${id}-country`}
              value={country}
              onChange={(event) => setCountry(event.target.value as AddressCountry)}
              className="field-input appearance-auto sm:w-44"
            >
              <option value="US">{POSTAL_CODE_TEXT.US}</option>
              <option value="CA">{POSTAL_CODE_TEXT.CA}</option>
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800" htmlFor={`${id}-code`}>
          {POSTAL_CODE_TEXT.code(country)}
          <input
            id={`${id}-code`}
            type="text"
            value={postalCode}
            onChange={(event) => setPostalCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void send();
            }}
            autoComplete="postal-code"
            inputMode={country === 'US' ? 'numeric' : 'text'}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy || undefined}
            className="field-input sm:w-40"
          />
        </label>
        <button
          type="button"
          onClick={() => void send()}
          disabled={busy}
          className="btn-primary px-5 py-2.5 disabled:opacity-70"
        >
          {busy ? POSTAL_CODE_TEXT.busy : submitLabel}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
