import { useWatch } from 'react-hook-form';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import type { Filing } from '../../../../domain/catalog/filing.ts';
import type { FormDefinition } from '../../../../domain/forms/definition.ts';
import { memberSteps, stepIndexByField } from '../../../../domain/forms/visibility.ts';
import { ADDRESS_KEYS, addressCountryConflict } from '../../../../domain/jurisdiction/address-answers.ts';
import { JURISDICTION_TEXT } from '../../../components/jurisdiction-answer.tsx';
import { JurisdictionNotice, type OrderMissionOf } from '../../../components/jurisdiction-notice.tsx';
import { useEngine } from '../form-engine/engine-context.ts';

export const ADDRESS_JURISDICTION_TEXT = {
  /** An e-Visa's address step: no mission's area decides anything (as its print pack says). */
  onlineOnly: 'This application is filed online only, on the official portal: nothing needs posting.',
} as const;

/** The member's steps that ask for the ZIP or postal code of the address abroad. */
export function addressStepKeys(definition: FormDefinition, memberKind: MemberKind): ReadonlySet<string> {
  const steps = memberSteps(definition, memberKind);
  const byField = stepIndexByField(steps);
  return new Set(
    [ADDRESS_KEYS.zip, ADDRESS_KEYS.postalCode].flatMap((key) => {
      const index = byField.get(key);
      const step = index === undefined ? undefined : steps[index];
      return step ? [step.key] : [];
    }),
  );
}

/**
 * Where the file goes for the address being typed, above the address questions (issue 32 §1); for
 * a member whose address does not decide the order's mission (`order`), whether it is that one.
 * An address in the other country than the order was priced for (`applyingFrom`) goes nowhere with
 * this order: that is said instead, as the review will refuse it (addressCountryConflict). A file
 * that goes to no mission has no mission to name: an e-Visa says it is filed online.
 */
export function AddressJurisdiction({
  order = null,
  filing,
  serviceSlug,
  applyingFrom,
}: {
  order?: OrderMissionOf | null;
  /**
   * How the order is filed, as the server decided it (filingOf, the order's `filing`): the rule
   * stays out of /package-form's first load, which has no bytes to spare (decision 0177).
   */
  filing: Filing;
  serviceSlug?: string | undefined;
  /** The country the order was priced for (its `applyingFrom` choice), if any. */
  applyingFrom?: string | undefined;
}) {
  const [country, zip, postalCode, usState, caProvince] = useWatch({
    control: useEngine().control,
    name: [
      ADDRESS_KEYS.country,
      ADDRESS_KEYS.zip,
      ADDRESS_KEYS.postalCode,
      ADDRESS_KEYS.usState,
      ADDRESS_KEYS.caProvince,
    ],
  }) as unknown[];
  const otherCountry = addressCountryConflict({ [ADDRESS_KEYS.country]: country }, applyingFrom);
  if (otherCountry) {
    return (
      <p role="alert" className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 font-medium text-amber-900">
        {otherCountry}
      </p>
    );
  }
  if (filing === 'online') {
    return (
      <section
        aria-label={JURISDICTION_TEXT.title}
        className="mb-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-slate-800"
      >
        <h3 className="font-semibold text-slate-900">{JURISDICTION_TEXT.title}</h3>
        <p className="mt-1">{ADDRESS_JURISDICTION_TEXT.onlineOnly}</p>
      </section>
    );
  }
  const chosen = country === 'US' || country === 'CA' ? country : null;
  const code = chosen === 'US' ? zip : postalCode;
  const region = chosen === 'US' ? usState : caProvince;
  return (
    <JurisdictionNotice
      country={chosen}
      postalCode={typeof code === 'string' ? code : ''}
      region={typeof region === 'string' && region !== '' ? region : null}
      order={order}
      serviceSlug={serviceSlug}
    />
  );
}
