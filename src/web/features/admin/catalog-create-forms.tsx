import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { AdminPackage, AdminService } from '../../../domain/admin/catalog.ts';
import {
  packageCreateSchema,
  priceCreateSchema,
  serviceCreateSchema,
  serviceParametersSchema,
} from '../../../domain/admin/catalog-create.ts';
import { CURRENCIES } from '../../../domain/catalog/money.ts';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import { SERVICE_PARAMETERS } from '../../../domain/catalog/parameters.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { BRANDS } from '../../../domain/config/site.ts';
import { countryName } from '../../../domain/countries/names.ts';
import { SelectField, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { AdminFormFooter, fieldText, useAdminForm } from './admin-form.tsx';
import { AmountField, Checkbox, checked, PORTAL_FEES_LABEL, readCents } from './catalog-forms.tsx';

/**
 * The back office's forms that add to and remove from the catalog (decision 0076): a new service,
 * a new package, a service's parameters with their countries, a new price row, and the remove
 * buttons. Each checks its body with the API's schema first, like the edit forms.
 */

const optional = (data: FormData, name: string) => {
  const text = fieldText(data, name).trim();
  return text === '' ? null : text;
};

export function NewServiceForm() {
  const form = useAdminForm('new-service');
  const navigate = useNavigate();
  return (
    <form
      noValidate
      aria-label="New service"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        void form.send({
          method: 'POST',
          url: '/admin/catalog/services',
          schema: serviceCreateSchema,
          body: {
            name: fieldText(data, form.id('name')),
            slug: fieldText(data, form.id('slug')),
            brand: fieldText(data, form.id('brand')),
            summary: fieldText(data, form.id('summary')),
            description: fieldText(data, form.id('description')),
            isActive: checked(data, form, 'isActive'),
          },
          onSaved: (created) => navigate(`${ADMIN_ROUTES.CATALOG}/${(created as { id: number }).id}`),
        });
      }}
    >
      <h2 className="text-xl font-bold text-slate-900">New service</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name={form.id('name')} label="Name" error={form.error('name')} />
        <TextField
          name={form.id('slug')}
          label="Slug"
          hint="The page's address: /slug, e.g. oci-card"
          autoComplete="off"
          error={form.error('slug')}
        />
      </div>
      <SelectField
        name={form.id('brand')}
        label="Brand"
        placeholder="Choose the brand"
        defaultValue={BRANDS.docs}
        options={[
          { value: BRANDS.docs, label: 'SevaDocs' },
          { value: BRANDS.photos, label: 'SevaPhotos' },
        ]}
        error={form.error('brand')}
      />
      <TextAreaField name={form.id('summary')} label="Summary" error={form.error('summary')} />
      <TextAreaField name={form.id('description')} label="Details" error={form.error('description')} rows={5} />
      <Checkbox form={form} field="isActive" label="Offered on the site" checked={false} />
      <AdminFormFooter form={form} label="Create service" />
    </form>
  );
}

export function NewPackageForm({ serviceId }: { serviceId: number }) {
  const form = useAdminForm(`new-package-${serviceId}`);
  return (
    <form
      noValidate
      aria-label="New package"
      className="flex flex-col gap-4 rounded-2xl border border-dashed border-slate-300 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        void form.send({
          method: 'POST',
          url: `/admin/catalog/services/${serviceId}/packages`,
          schema: packageCreateSchema,
          body: {
            name: fieldText(data, form.id('name')),
            slug: fieldText(data, form.id('slug')),
            description: fieldText(data, form.id('description')),
            processingTime: fieldText(data, form.id('processingTime')),
            feeNote: optional(data, form.id('feeNote')),
            perApplicant: checked(data, form, 'perApplicant'),
            isActive: checked(data, form, 'isActive'),
          },
        });
      }}
    >
      <h3 className="text-lg font-semibold text-slate-900">New package</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name={form.id('name')} label="Name" error={form.error('name')} />
        <TextField
          name={form.id('slug')}
          label="Slug"
          hint="The package page's address: /service/slug"
          autoComplete="off"
          error={form.error('slug')}
        />
      </div>
      <TextAreaField name={form.id('description')} label="Description" error={form.error('description')} />
      <TextField name={form.id('processingTime')} label="Processing time" error={form.error('processingTime')} />
      <TextField name={form.id('feeNote')} label="Fee note" required={false} error={form.error('feeNote')} />
      <Checkbox form={form} field="perApplicant" label="The price is per applicant" checked={false} />
      <Checkbox form={form} field="isActive" label="Offered on the site" checked={false} />
      <AdminFormFooter form={form} label="Create package" />
    </form>
  );
}

/** ISO codes typed as a list ('US, CA in'), in the order typed; the shared schema upper-cases and checks them. */
const codeList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function ParametersForm({ service }: { service: AdminService }) {
  const form = useAdminForm(`parameters-${service.id}`);
  return (
    <form
      noValidate
      aria-label={`${service.name}: parameters`}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const body = Object.fromEntries(
          SERVICE_PARAMETERS.filter((p) => checked(data, form, `${p}-asked`)).map((p) => [
            p,
            codeList(fieldText(data, form.id(p))),
          ]),
        );
        void form.send({
          method: 'PUT',
          url: `/admin/catalog/services/${service.id}/parameters`,
          schema: serviceParametersSchema,
          body,
        });
      }}
    >
      <h2 className="text-xl font-bold text-slate-900">Parameters and their countries</h2>
      <p className="text-slate-700">
        The choices in the service's address and picker. List ISO codes (US, CA…); the first is the default. A country
        with a price cannot be removed before its price.
      </p>
      {SERVICE_PARAMETERS.map((parameter) => (
        <fieldset key={parameter} className="flex flex-col gap-2">
          <legend className="field-label">{parameterLabel(parameter)}</legend>
          <Checkbox
            form={form}
            field={`${parameter}-asked`}
            label={`Ask for ${parameterLabel(parameter)}`}
            checked={service.parameters.includes(parameter)}
          />
          <TextField
            name={form.id(parameter)}
            label={`${parameterLabel(parameter)} countries`}
            required={false}
            autoComplete="off"
            defaultValue={(service.parameterOptions[parameter] ?? []).join(', ')}
            error={form.error(parameter)}
          />
        </fieldset>
      ))}
      <AdminFormFooter form={form} label="Save parameters" />
    </form>
  );
}

/** The fee lines a new price offers (outsourcer, ICWF), by number: more are added by editing the price. */
const NEW_FEE_LINES = [0, 1] as const;
const ANY = '*';
const IN_CURRENCY = 'in the chosen currency';

export function NewPriceForm({ service, pkg }: { service: AdminService; pkg: AdminPackage }) {
  const form = useAdminForm(`new-price-${pkg.id}`);
  return (
    <form
      noValidate
      aria-label={`${pkg.name}: new price`}
      className="flex flex-col gap-4 rounded-xl border border-dashed border-slate-300 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const errors: Record<string, string> = {};
        const country = (p: string) => {
          const value = fieldText(data, form.id(p));
          return value === ANY || value === '' ? null : value;
        };
        const mandatoryFees = NEW_FEE_LINES.flatMap((i) => {
          const label = fieldText(data, form.id(`fee${i}Label`)).trim();
          const amount = fieldText(data, form.id(`fee${i}Amount`)).trim();
          if (label === '' && amount === '') return [];
          if (label === '') errors[`fee${i}Label`] = 'Name the fee, or clear its amount';
          const cents = readCents(data, form, `fee${i}Amount`, errors);
          return [{ label, amountCents: cents ?? 0 }];
        });
        const compareAt = fieldText(data, form.id('compareAtServiceFeeCents')).trim();
        void form.send({
          method: 'POST',
          url: `/admin/catalog/packages/${pkg.id}/prices`,
          schema: priceCreateSchema,
          body: {
            applyingFrom: country('applyingFrom'),
            citizenship: country('citizenship'),
            destination: country('destination'),
            currency: fieldText(data, form.id('currency')),
            governmentFeeCents: readCents(data, form, 'governmentFeeCents', errors),
            mandatoryFees,
            serviceFeeCents: readCents(data, form, 'serviceFeeCents', errors),
            compareAtServiceFeeCents:
              compareAt === '' ? null : readCents(data, form, 'compareAtServiceFeeCents', errors),
            isEstimate: checked(data, form, 'isEstimate'),
            feesPaidOnPortal: checked(data, form, 'feesPaidOnPortal'),
            effectiveFrom: fieldText(data, form.id('effectiveFrom')).trim(),
          },
          localErrors: errors,
        });
      }}
    >
      <h4 className="font-semibold text-slate-900">New price</h4>
      <div className="grid gap-4 sm:grid-cols-3">
        {service.parameters.map((parameter) => (
          <SelectField
            key={parameter}
            name={form.id(parameter)}
            label={parameterLabel(parameter)}
            placeholder="Choose a country"
            defaultValue={ANY}
            options={[
              { value: ANY, label: 'Any country' },
              ...(service.parameterOptions[parameter] ?? []).map((code) => ({
                value: code,
                label: `${countryName(code)} (${code})`,
              })),
            ]}
            error={form.error(parameter)}
          />
        ))}
        <SelectField
          name={form.id('currency')}
          label="Currency"
          placeholder="Choose the currency"
          defaultValue="USD"
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          error={form.error('currency')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <AmountField
          form={form}
          field="governmentFeeCents"
          label="Government fee"
          cents={null}
          currency={IN_CURRENCY}
        />
        <AmountField form={form} field="serviceFeeCents" label="Our fee" cents={null} currency={IN_CURRENCY} />
        <AmountField
          form={form}
          field="compareAtServiceFeeCents"
          label="Former fee, struck through"
          cents={null}
          currency={IN_CURRENCY}
          required={false}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="field-label">Other mandatory fees (outsourcer, ICWF…)</legend>
        {NEW_FEE_LINES.map((i) => (
          <div key={`fee-${i + 1}`} className="grid gap-4 sm:grid-cols-2">
            <TextField
              name={form.id(`fee${i}Label`)}
              label={`Fee ${i + 1} name`}
              required={false}
              error={form.error(`fee${i}Label`)}
            />
            <AmountField
              form={form}
              field={`fee${i}Amount`}
              label={`Fee ${i + 1} amount`}
              cents={null}
              currency={IN_CURRENCY}
              required={false}
            />
          </div>
        ))}
        {form.error('mandatoryFees') ? <p className="field-error">{form.error('mandatoryFees')}</p> : null}
      </fieldset>
      <TextField
        name={form.id('effectiveFrom')}
        label="In force from"
        type="date"
        required={false}
        hint="Empty: from now on. A date: a fee change from that day, beside the price in force until then; the pages announce it before."
        error={form.error('effectiveFrom')}
        className="sm:max-w-xs"
      />
      <Checkbox form={form} field="isEstimate" label="An estimate staff must confirm" checked={false} />
      <Checkbox form={form} field="feesPaidOnPortal" label={PORTAL_FEES_LABEL} checked={false} />
      <AdminFormFooter form={form} label="Add price" />
    </form>
  );
}

/**
 * A remove button as a form of its own: the server deletes, or archives what orders name, and
 * says which. `after` runs once removed (the service page goes back to the catalog).
 */
export function RemoveForm({
  prefix,
  url,
  title,
  label,
  after,
}: {
  prefix: string;
  url: string;
  title: string;
  label: string;
  after?: () => void;
}) {
  const form = useAdminForm(prefix);
  return (
    <form
      noValidate
      aria-label={title}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void form.send({
          method: 'DELETE',
          url,
          schema: z.undefined(),
          body: undefined,
          onSaved: (removal) => {
            if ((removal as { outcome: string }).outcome === 'deleted') after?.();
          },
        });
      }}
    >
      <AdminFormFooter form={form} label={label} icon="trash-2" variant="outline" />
    </form>
  );
}
