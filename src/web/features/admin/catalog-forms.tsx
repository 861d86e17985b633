import type { z } from 'zod';
import {
  type AdminAddonPrice,
  type AdminPackage,
  type AdminPrice,
  type AdminService,
  addonPriceEditSchema,
  amountToCents,
  centsToAmount,
  faqEditSchema,
  packageEditSchema,
  packagePriceEditSchema,
  processStepEditSchema,
  serviceEditSchema,
  timelineEntryEditSchema,
} from '../../../domain/admin/catalog.ts';
import { appliesToLabel, type ServiceChoices } from '../../../domain/admin/catalog-choices.ts';
import { type AdminFaq, PROCESS_STEP_KIND_LABELS } from '../../../domain/admin/catalog-content.ts';
import { MEMBER_KINDS } from '../../../domain/applications/member-kinds.ts';
import { formatFeeDate } from '../../../domain/catalog/fee-schedule.ts';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import type { ParameterChoices } from '../../../domain/catalog/parameters.ts';
import { countryName } from '../../../domain/countries/names.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { AdminFormFooter, fieldText, useAdminForm } from './admin-form.tsx';
import { positionValue } from './content-form-page.tsx';

export type Form = ReturnType<typeof useAdminForm>;

const APPLICANT_KIND_LABELS = { Adult: 'Adults (18 and over)', Minor: 'Minors (under 18)' } as const;
export const NOT_AN_AMOUNT = 'Enter an amount like 15.90';
/** The price's government and other fees are the customer's to pay on the official portal (the e-Visa's). */
export const PORTAL_FEES_LABEL =
  'Government and other fees paid by the customer on the official portal (not in our total)';

/** Reads an amount field as cents; a field that is not an amount goes into `errors`. */
export function readCents(
  data: FormData,
  form: Form,
  field: string,
  errors: Record<string, string>,
): number | undefined {
  const cents = amountToCents(fieldText(data, form.id(field)));
  if (cents === null) {
    errors[field] = NOT_AN_AMOUNT;
    return undefined;
  }
  return cents;
}

export function AmountField({
  form,
  field,
  label,
  cents,
  currency,
  required = true,
}: {
  form: Form;
  field: string;
  label: string;
  cents: number | null;
  currency: string;
  required?: boolean;
}) {
  return (
    <TextField
      name={form.id(field)}
      label={`${label} (${currency})`}
      inputMode="decimal"
      autoComplete="off"
      defaultValue={cents === null ? '' : centsToAmount(cents)}
      error={form.error(field)}
      required={required}
    />
  );
}

export function Checkbox({
  form,
  field,
  label,
  checked,
}: {
  form: Form;
  field: string;
  label: string;
  checked: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={form.id(field)}
        name={form.id(field)}
        type="checkbox"
        defaultChecked={checked}
        className="size-4 accent-brand-600"
      />
      <label htmlFor={form.id(field)} className="text-slate-800">
        {label}
      </label>
    </div>
  );
}

export const checked = (data: FormData, form: Form, field: string) => data.get(form.id(field)) === 'on';

/** An optional age limit of a price, in whole years (empty: none). */
function AgeField({
  form,
  field,
  label,
  hint,
  years,
}: {
  form: Form;
  field: string;
  label: string;
  hint: string;
  years: number | null;
}) {
  return (
    <TextField
      name={form.id(field)}
      label={label}
      hint={hint}
      inputMode="numeric"
      required={false}
      defaultValue={years === null ? '' : String(years)}
      error={form.error(field)}
    />
  );
}

/** An optional age field: null when empty, the number typed otherwise (the schema checks it). */
function readAge(data: FormData, form: Form, field: string): number | null {
  const text = fieldText(data, form.id(field)).trim();
  return text === '' ? null : Number(text);
}

export function ServiceForm({ service }: { service: AdminService }) {
  const form = useAdminForm(`service-${service.id}`);
  return (
    <form
      noValidate
      aria-label={`${service.name}: service`}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        void form.send({
          method: 'PATCH',
          url: `/admin/catalog/services/${service.id}`,
          schema: serviceEditSchema,
          body: {
            name: fieldText(data, form.id('name')),
            summary: fieldText(data, form.id('summary')),
            description: fieldText(data, form.id('description')),
            isActive: checked(data, form, 'isActive'),
          },
        });
      }}
    >
      <TextField name={form.id('name')} label="Name" defaultValue={service.name} error={form.error('name')} />
      <TextAreaField
        name={form.id('summary')}
        label="Summary"
        hint="Shown on service cards and lists."
        defaultValue={service.summary}
        error={form.error('summary')}
      />
      <TextAreaField
        name={form.id('description')}
        label="Details"
        hint="Shown on the service page."
        defaultValue={service.description}
        error={form.error('description')}
        rows={8}
      />
      <Checkbox form={form} field="isActive" label="Offered on the site" checked={service.isActive} />
      <AdminFormFooter form={form} label="Save service" />
    </form>
  );
}

export function PackageForm({ pkg }: { pkg: AdminPackage }) {
  const form = useAdminForm(`package-${pkg.id}`);
  return (
    <form
      noValidate
      aria-label={`${pkg.name}: package`}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const feeNote = fieldText(data, form.id('feeNote')).trim();
        void form.send({
          method: 'PATCH',
          url: `/admin/catalog/packages/${pkg.id}`,
          schema: packageEditSchema,
          body: {
            name: fieldText(data, form.id('name')),
            description: fieldText(data, form.id('description')),
            processingTime: fieldText(data, form.id('processingTime')),
            feeNote: feeNote === '' ? null : feeNote,
            isActive: checked(data, form, 'isActive'),
            // Both kinds, or neither ticked, is anyone: the catalog then says nothing.
            applicantKinds: (() => {
              const kinds = MEMBER_KINDS.filter((kind) => checked(data, form, `kind${kind}`));
              return kinds.length === 0 || kinds.length === MEMBER_KINDS.length ? null : kinds;
            })(),
          },
        });
      }}
    >
      <TextField name={form.id('name')} label="Name" defaultValue={pkg.name} error={form.error('name')} />
      <TextAreaField
        name={form.id('description')}
        label="Description"
        defaultValue={pkg.description}
        error={form.error('description')}
      />
      <TextField
        name={form.id('processingTime')}
        label="Processing time"
        defaultValue={pkg.processingTime}
        error={form.error('processingTime')}
      />
      <TextField
        name={form.id('feeNote')}
        label="Fee note"
        required={false}
        defaultValue={pkg.feeNote ?? ''}
        error={form.error('feeNote')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="field-label">Who its price is for (none or both ticked: anyone)</legend>
        {MEMBER_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            form={form}
            field={`kind${kind}`}
            label={APPLICANT_KIND_LABELS[kind]}
            checked={pkg.applicantKinds?.includes(kind) ?? false}
          />
        ))}
        {form.error('applicantKinds') ? <p className="field-error">{form.error('applicantKinds')}</p> : null}
      </fieldset>
      <Checkbox form={form} field="isActive" label="Offered on the site" checked={pkg.isActive} />
      <AdminFormFooter form={form} label="Save package" />
    </form>
  );
}

export function choiceLabel(price: Pick<AdminPrice, 'applyingFrom' | 'citizenship' | 'destination'>): string {
  const parts = [
    price.applyingFrom ? `applying from ${price.applyingFrom}` : null,
    price.citizenship ? `citizen of ${price.citizenship}` : null,
    price.destination ? `to ${price.destination}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'every choice';
}

/** Room for one more fee line below the existing ones. */
const EXTRA_FEE_LINES = 1;

export function PriceForm({ price }: { price: AdminPrice }) {
  const form = useAdminForm(`price-${price.id}`);
  const lines = [...price.mandatoryFees, ...Array.from({ length: EXTRA_FEE_LINES }, () => null)];
  const title = `Price ${choiceLabel(price)} (${price.currency})${price.effectiveFrom ? `, from ${formatFeeDate(price.effectiveFrom)}` : ''}`;
  return (
    <form
      noValidate
      aria-label={title}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const errors: Record<string, string> = {};
        const mandatoryFees = lines.flatMap((_, i) => {
          const label = fieldText(data, form.id(`fee${i}Label`)).trim();
          const amount = fieldText(data, form.id(`fee${i}Amount`)).trim();
          if (label === '' && amount === '') return [];
          const amountCents = amountToCents(amount);
          if (label === '') errors[`fee${i}Label`] = 'Name the fee, or clear its amount';
          if (amountCents === null) errors[`fee${i}Amount`] = NOT_AN_AMOUNT;
          return [{ label, amountCents: amountCents ?? 0 }];
        });
        const compareAt = fieldText(data, form.id('compareAtServiceFeeCents')).trim();
        void form.send({
          method: 'PATCH',
          url: `/admin/catalog/prices/${price.id}`,
          schema: packagePriceEditSchema,
          body: {
            governmentFeeCents: readCents(data, form, 'governmentFeeCents', errors),
            mandatoryFees,
            serviceFeeCents: readCents(data, form, 'serviceFeeCents', errors),
            compareAtServiceFeeCents:
              compareAt === '' ? null : readCents(data, form, 'compareAtServiceFeeCents', errors),
            isEstimate: checked(data, form, 'isEstimate'),
            feesPaidOnPortal: checked(data, form, 'feesPaidOnPortal'),
            applicantFromAge: readAge(data, form, 'applicantFromAge'),
            applicantUnderAge: readAge(data, form, 'applicantUnderAge'),
          },
          localErrors: errors,
        });
      }}
    >
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <div className="grid gap-4 sm:grid-cols-3">
        <AmountField
          form={form}
          field="governmentFeeCents"
          label="Government fee"
          cents={price.governmentFeeCents}
          currency={price.currency}
        />
        <AmountField
          form={form}
          field="serviceFeeCents"
          label="Our fee"
          cents={price.serviceFeeCents}
          currency={price.currency}
        />
        <AmountField
          form={form}
          field="compareAtServiceFeeCents"
          label="Former fee, struck through"
          cents={price.compareAtServiceFeeCents}
          currency={price.currency}
          required={false}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="field-label">
          Other mandatory fees (outsourcer, ICWF…); clear both fields to remove one
        </legend>
        {lines.map((line, i) => (
          <div key={line ? `${line.label}-${i}` : `new-${i}`} className="grid gap-4 sm:grid-cols-2">
            <TextField
              name={form.id(`fee${i}Label`)}
              label={`Fee ${i + 1} name`}
              required={false}
              defaultValue={line?.label ?? ''}
              error={form.error(`fee${i}Label`)}
            />
            <AmountField
              form={form}
              field={`fee${i}Amount`}
              label={`Fee ${i + 1} amount`}
              cents={line?.amountCents ?? null}
              currency={price.currency}
              required={false}
            />
          </div>
        ))}
        {form.error('mandatoryFees') ? <p className="field-error">{form.error('mandatoryFees')}</p> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <AgeField
          form={form}
          field="applicantFromAge"
          label="For applicants aged at least (years)"
          hint="Empty: the package's kinds decide. Canada's adult renewal: 15."
          years={price.applicantFromAge}
        />
        <AgeField
          form={form}
          field="applicantUnderAge"
          label="For applicants younger than (years)"
          hint="Empty: no upper age. Canada's minor renewal: 15."
          years={price.applicantUnderAge}
        />
      </div>
      <Checkbox form={form} field="isEstimate" label="An estimate staff must confirm" checked={price.isEstimate} />
      <Checkbox form={form} field="feesPaidOnPortal" label={PORTAL_FEES_LABEL} checked={price.feesPaidOnPortal} />
      <AdminFormFooter form={form} label="Save price" />
    </form>
  );
}

export function AddonPriceForm({ row }: { row: AdminAddonPrice }) {
  const form = useAdminForm(`addon-${row.id}`);
  return (
    <form
      noValidate
      aria-label={`${row.addon} in ${row.currency}`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const errors: Record<string, string> = {};
        const compareAt = fieldText(data, form.id('compareAtCents')).trim();
        void form.send({
          method: 'PATCH',
          url: `/admin/catalog/addon-prices/${row.id}`,
          schema: addonPriceEditSchema,
          body: {
            amountCents: readCents(data, form, 'amountCents', errors),
            compareAtCents: compareAt === '' ? null : readCents(data, form, 'compareAtCents', errors),
          },
          localErrors: errors,
        });
      }}
    >
      <h3 className="font-semibold text-slate-900">
        {row.addon} ({row.currency})
      </h3>
      <AmountField form={form} field="amountCents" label="Price" cents={row.amountCents} currency={row.currency} />
      <AmountField
        form={form}
        field="compareAtCents"
        label="Former price, struck through"
        cents={row.compareAtCents}
        currency={row.currency}
        required={false}
      />
      <AdminFormFooter form={form} label="Save price" />
    </form>
  );
}

/** One field of an entry form: its text (or switch) and how it is shown. */
export interface EntryField {
  field: string;
  label: string;
  value: string | boolean | readonly string[];
  /**
   * `position`: a whole number (the list's order), sent as a number; `select`: one of `options`;
   * `lines`: a list typed one item a line, sent as the list of its non-empty lines.
   */
  kind?: 'text' | 'textarea' | 'checkbox' | 'position' | 'select' | 'lines';
  hint?: string;
  rows?: number;
  /** False: the field may stay empty (it is not marked required). */
  required?: boolean;
  options?: readonly { value: string; label: string }[];
}

/** The "Order" field of an entry: its place in its list. */
export const positionField = (position: number | string): EntryField => ({
  field: 'position',
  label: 'Order',
  hint: 'Lower numbers show first.',
  value: String(position),
  kind: 'position',
});

/** The select value of "Every country" (no limit on that parameter). */
const EVERY = '*';

/** What a form's choice of countries is offered from, and the choice it shows. */
export interface ChoiceSetting {
  service: ServiceChoices;
  value: ParameterChoices;
}

/** The entry's choice as a form shows it in its name: "" when the service asks for no country. */
export const choiceSuffix = (choice: ChoiceSetting | undefined) =>
  choice?.service.parameters.length ? ` (${appliesToLabel(choice.value)})` : '';

/**
 * "Applies to": a select per parameter of the service, "Every country" or one of the countries it
 * offers (decision 0080). A refused choice is named under the group, which takes the focus.
 */
export function ChoiceFields({ form, choice }: { form: Form; choice: ChoiceSetting }) {
  const error = form.error('appliesTo');
  const errorId = form.id('appliesTo-error');
  return (
    <fieldset
      id={form.id('appliesTo')}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-3 outline-none"
    >
      <legend className="field-label">Applies to</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        {choice.service.parameters.map((parameter) => {
          const chosen = choice.value[parameter];
          const offered = choice.service.parameterOptions[parameter] ?? [];
          // A country no longer offered still shows, as chosen, until the admin changes it.
          const codes = chosen && !offered.includes(chosen) ? [...offered, chosen] : offered;
          return (
            <SelectField
              key={parameter}
              name={form.id(`appliesTo-${parameter}`)}
              label={parameterLabel(parameter)}
              placeholder="Choose a country"
              required={false}
              defaultValue={chosen ?? EVERY}
              options={[
                { value: EVERY, label: 'Every country' },
                ...codes.map((code) => ({ value: code, label: `${countryName(code)} (${code})` })),
              ]}
            />
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The choice the form's selects name: the parameters not left at "Every country". */
function readChoice(data: FormData, form: Form, service: ServiceChoices): ParameterChoices {
  return Object.fromEntries(
    service.parameters.flatMap((parameter) => {
      const code = fieldText(data, form.id(`appliesTo-${parameter}`));
      return code === '' || code === EVERY ? [] : [[parameter, code]];
    }),
  );
}

/**
 * The form of one entry of a list (a step, a timeline entry, a FAQ): its fields, read as text,
 * numbers or switches, sent as a PATCH of them all — or, for a new entry (`method` POST), sent
 * with `extra` and cleared once added. A nested list of fields shares one row. With `choice`
 * (a service asking for countries) it also shows and sends the countries the entry applies to.
 */
export function EntryForm({
  prefix,
  title,
  heading,
  url,
  method = 'PATCH',
  extra = {},
  schema,
  fields,
  saveLabel,
  choice,
  intro,
}: {
  prefix: string;
  title: string;
  /** A visible heading inside the form (a new entry's form). */
  heading?: string;
  /** A line under the heading. */
  intro?: string;
  choice?: ChoiceSetting;
  url: string;
  method?: 'PATCH' | 'POST';
  extra?: Record<string, unknown>;
  schema: z.ZodType;
  fields: (EntryField | EntryField[])[];
  saveLabel: string;
}) {
  const form = useAdminForm(prefix);
  const all = fields.flat();
  const control = (f: EntryField) =>
    f.kind === 'checkbox' ? (
      <Checkbox key={f.field} form={form} field={f.field} label={f.label} checked={f.value === true} />
    ) : f.kind === 'textarea' || f.kind === 'lines' ? (
      <TextAreaField
        key={f.field}
        name={form.id(f.field)}
        label={f.label}
        hint={f.hint}
        defaultValue={Array.isArray(f.value) ? f.value.join('\n') : String(f.value)}
        error={form.error(f.field)}
        rows={f.rows}
        required={f.required}
      />
    ) : f.kind === 'select' ? (
      <SelectField
        key={f.field}
        name={form.id(f.field)}
        label={f.label}
        hint={f.hint}
        placeholder={`Choose the ${f.label.toLowerCase()}`}
        defaultValue={String(f.value)}
        options={f.options ?? []}
        error={form.error(f.field)}
      />
    ) : (
      <TextField
        key={f.field}
        name={form.id(f.field)}
        label={f.label}
        hint={f.hint}
        defaultValue={String(f.value)}
        error={form.error(f.field)}
        required={f.required}
        {...(f.kind === 'position' ? { type: 'number', inputMode: 'numeric' as const, min: 0, step: 1 } : {})}
      />
    );
  const read = (data: FormData, f: EntryField) =>
    f.kind === 'checkbox'
      ? checked(data, form, f.field)
      : f.kind === 'position'
        ? positionValue(fieldText(data, form.id(f.field)))
        : f.kind === 'lines'
          ? fieldText(data, form.id(f.field))
              .split('\n')
              .map((line) => line.trim())
              .filter((line) => line !== '')
          : fieldText(data, form.id(f.field));
  return (
    <form
      noValidate
      aria-label={title}
      className={`flex flex-col gap-4 rounded-xl border p-4 ${method === 'POST' ? 'border-dashed border-slate-300' : 'border-slate-200 bg-white'}`}
      onSubmit={(event) => {
        event.preventDefault();
        const element = event.currentTarget;
        const data = new FormData(element);
        const body = {
          ...extra,
          ...Object.fromEntries(all.map((f) => [f.field, read(data, f)])),
          ...(choice?.service.parameters.length ? { appliesTo: readChoice(data, form, choice.service) } : {}),
        };
        void form.send({
          method,
          url,
          schema,
          body,
          onSaved: method === 'POST' ? () => element.reset() : undefined,
        });
      }}
    >
      {heading ? <h4 className="font-semibold text-slate-900">{heading}</h4> : null}
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
      {choice?.service.parameters.length ? <ChoiceFields form={form} choice={choice} /> : null}
      {fields.map((f) =>
        Array.isArray(f) ? (
          <div key={f.map((x) => x.field).join('-')} className="grid gap-4 sm:grid-cols-2">
            {f.map(control)}
          </div>
        ) : (
          control(f)
        ),
      )}
      <AdminFormFooter form={form} label={saveLabel} />
    </form>
  );
}

/** The service whose countries an entry's "Applies to" offers (none: the entry is not limited). */
type ChoicesOf = { service?: ServiceChoices };

export function StepForm({ step, service }: { step: AdminService['steps'][number] } & ChoicesOf) {
  const choice = service && { service, value: step.appliesTo };
  return (
    <EntryForm
      prefix={`step-${step.id}`}
      title={`${PROCESS_STEP_KIND_LABELS[step.kind]} ${step.position}: ${step.title}${choiceSuffix(choice)}`}
      choice={choice}
      url={`/admin/catalog/process-steps/${step.id}`}
      schema={processStepEditSchema}
      fields={[
        { field: 'title', label: 'Title', value: step.title },
        { field: 'description', label: 'Description', value: step.description, kind: 'textarea', rows: 3 },
        positionField(step.position),
      ]}
      saveLabel={step.kind === 'step' ? 'Save step' : 'Save section'}
    />
  );
}

export function TimelineForm({ entry, service }: { entry: AdminPackage['timeline'][number] } & ChoicesOf) {
  const choice = service && { service, value: entry.appliesTo };
  return (
    <EntryForm
      prefix={`timeline-${entry.id}`}
      title={`Timeline: ${entry.title}${choiceSuffix(choice)}`}
      choice={choice}
      url={`/admin/catalog/timeline/${entry.id}`}
      schema={timelineEntryEditSchema}
      fields={[
        [
          { field: 'title', label: 'Title', value: entry.title },
          { field: 'duration', label: 'When', hint: 'e.g. Day 1, Weeks 2–6', value: entry.duration },
        ],
        { field: 'description', label: 'Description', value: entry.description, kind: 'textarea', rows: 3 },
        positionField(entry.position),
      ]}
      saveLabel="Save timeline entry"
    />
  );
}

export function FaqForm({ faq, service }: { faq: AdminFaq } & ChoicesOf) {
  const choice = service && { service, value: faq.appliesTo };
  return (
    <EntryForm
      prefix={`faq-${faq.id}`}
      title={`FAQ: ${faq.question}${choiceSuffix(choice)}`}
      choice={choice}
      url={`/admin/catalog/faqs/${faq.id}`}
      schema={faqEditSchema}
      fields={[
        { field: 'question', label: 'Question', value: faq.question },
        { field: 'answer', label: 'Answer', value: faq.answer, kind: 'textarea', rows: 4 },
        positionField(faq.position),
        { field: 'isActive', label: 'Shown on the site', value: faq.isActive, kind: 'checkbox' },
      ]}
      saveLabel="Save FAQ"
    />
  );
}
