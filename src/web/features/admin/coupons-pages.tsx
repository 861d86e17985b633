import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { amountToCents, centsToAmount } from '../../../domain/admin/catalog.ts';
import {
  type AdminCoupon,
  type CouponListQuery,
  couponCreateSchema,
  couponEditSchema,
} from '../../../domain/admin/coupons.ts';
import type { ListData } from '../../../domain/api/envelope.ts';
import { DISCOUNT_TYPES } from '../../../domain/checkout/coupons.ts';
import { ADMIN_ROUTES } from '../../../domain/config/admin-routes.ts';
import { SelectField, TextField } from '../../components/ui/form-field.tsx';
import { AdminFormFooter, fieldText, useAdminForm } from './admin-form.tsx';
import { DataTable } from './data-table.tsx';
import { TableSearch } from './table-search.tsx';

type Form = ReturnType<typeof useAdminForm>;

function discount(c: Pick<AdminCoupon, 'discountType' | 'value'>): string {
  return c.discountType === 'percentage' ? `${c.value}% of our fee` : `${centsToAmount(c.value)} off our fee`;
}

function dateTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—';
}

const column = createColumnHelper<AdminCoupon>();
const columns = [
  column.accessor('code', {
    header: 'Code',
    enableSorting: true,
    cell: ({ row }) => (
      <Link
        to={`${ADMIN_ROUTES.COUPONS}/${row.original.id}`}
        className="font-mono font-semibold text-brand-800 underline"
      >
        {row.original.code}
      </Link>
    ),
  }),
  column.display({ id: 'discount', header: 'Discount', cell: ({ row }) => discount(row.original) }),
  column.accessor('platform', { header: 'Platform' }),
  column.display({
    id: 'uses',
    header: 'Uses so far',
    cell: ({ row }) =>
      `${row.original.uses}${row.original.usageLimit === null ? '' : ` of ${row.original.usageLimit}`}`,
  }),
  column.accessor('endsAt', { header: 'Ends', enableSorting: true, cell: (info) => dateTime(info.getValue()) }),
  column.accessor('isActive', { header: 'Active', cell: (info) => (info.getValue() ? 'Yes' : 'Disabled') }),
  column.accessor('createdAt', { header: 'Created', enableSorting: true, cell: (info) => dateTime(info.getValue()) }),
];

/** A datetime-local value ('2026-12-01T10:00', read as UTC) as ISO, or null when empty. */
function utcInstant(value: string): string | null {
  return value ? `${value}:00.000Z` : null;
}
const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

function limit(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** The fields an admin may change on a coupon (the discount only while it is unused). */
function CouponFields({ form, coupon }: { form: Form; coupon: AdminCoupon | null }) {
  const used = (coupon?.redemptions ?? 0) > 0;
  return (
    <>
      {coupon ? null : (
        <TextField
          name={form.id('code')}
          label="Code"
          hint="3 to 40 letters, digits, hyphens or underscores; stored in capitals and fixed once created."
          autoComplete="off"
          error={form.error('code')}
        />
      )}
      <TextField
        name={form.id('description')}
        label="Description"
        defaultValue={coupon?.description ?? ''}
        error={form.error('description')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          name={form.id('discountType')}
          label="Discount type"
          placeholder="Choose a type"
          options={DISCOUNT_TYPES.map((t) => ({ value: t, label: t === 'flat' ? 'Amount off' : 'Percent off' }))}
          defaultValue={coupon?.discountType ?? 'flat'}
          error={form.error('discountType')}
          {...(used ? { hint: 'Fixed: the coupon has been used.' } : {})}
        />
        <TextField
          name={form.id('value')}
          label="Value"
          hint="An amount like 10.00, or a percent from 1 to 100."
          inputMode="decimal"
          defaultValue={
            coupon ? (coupon.discountType === 'flat' ? centsToAmount(coupon.value) : String(coupon.value)) : ''
          }
          error={form.error('value')}
          readOnly={used}
        />
        <SelectField
          name={form.id('platform')}
          label="Platform"
          placeholder="Choose a platform"
          options={[
            { value: 'sevadocs', label: 'SevaDocs' },
            { value: 'sevaphotos', label: 'SevaPhotos' },
          ]}
          defaultValue={coupon?.platform ?? 'sevadocs'}
          error={form.error('platform')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name={form.id('startsAt')}
          label="Starts (UTC)"
          type="datetime-local"
          required={false}
          defaultValue={toLocalInput(coupon?.startsAt ?? null)}
          error={form.error('startsAt')}
        />
        <TextField
          name={form.id('endsAt')}
          label="Ends (UTC)"
          type="datetime-local"
          required={false}
          defaultValue={toLocalInput(coupon?.endsAt ?? null)}
          error={form.error('endsAt')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          name={form.id('minimumOrderCents')}
          label="Minimum order"
          hint="An amount like 100.00; 0 for none."
          inputMode="decimal"
          defaultValue={centsToAmount(coupon?.minimumOrderCents ?? 0)}
          error={form.error('minimumOrderCents')}
        />
        <TextField
          name={form.id('usageLimit')}
          label="Usage limit"
          hint={coupon ? `Empty for no limit; at least the ${coupon.uses} uses so far.` : 'Empty for no limit.'}
          inputMode="numeric"
          required={false}
          defaultValue={coupon?.usageLimit?.toString() ?? ''}
          error={form.error('usageLimit')}
        />
        <TextField
          name={form.id('perCustomerLimit')}
          label="Limit per customer"
          hint="Empty for no limit."
          inputMode="numeric"
          required={false}
          defaultValue={coupon?.perCustomerLimit?.toString() ?? ''}
          error={form.error('perCustomerLimit')}
        />
      </div>
      <div className="flex items-center gap-2">
        <input
          id={form.id('isPublic')}
          name={form.id('isPublic')}
          type="checkbox"
          defaultChecked={coupon?.isPublic ?? false}
          className="size-4 accent-brand-600"
        />
        <label htmlFor={form.id('isPublic')}>Listed to customers (a private code still works when typed)</label>
      </div>
    </>
  );
}

/** The body of a coupon form, with the problems found while reading its fields. */
function readCoupon(data: FormData, form: Form, coupon: AdminCoupon | null = null) {
  // A date and time left as shown keeps its stored value (the field shows minutes, not seconds).
  const instant = (field: 'startsAt' | 'endsAt') => {
    const text = fieldText(data, form.id(field));
    return coupon && text === toLocalInput(coupon[field]) ? coupon[field] : utcInstant(text);
  };
  const errors: Record<string, string> = {};
  const discountType = fieldText(data, form.id('discountType'));
  const valueText = fieldText(data, form.id('value')).trim();
  const value = discountType === 'flat' ? amountToCents(valueText) : /^\d+$/.test(valueText) ? Number(valueText) : null;
  if (value === null) errors.value = discountType === 'flat' ? 'Enter an amount like 10.00' : 'Enter a whole percent';
  const minimum = amountToCents(fieldText(data, form.id('minimumOrderCents')) || '0');
  if (minimum === null) errors.minimumOrderCents = 'Enter an amount like 100.00';
  const body = {
    description: fieldText(data, form.id('description')),
    discountType,
    value: value ?? 0,
    platform: fieldText(data, form.id('platform')),
    startsAt: instant('startsAt'),
    endsAt: instant('endsAt'),
    minimumOrderCents: minimum ?? 0,
    usageLimit: limit(fieldText(data, form.id('usageLimit'))),
    perCustomerLimit: limit(fieldText(data, form.id('perCustomerLimit'))),
    isPublic: data.get(form.id('isPublic')) === 'on',
  };
  return { body, errors };
}

function CreateCouponForm() {
  const form = useAdminForm('new-coupon');
  return (
    <form
      noValidate
      aria-labelledby="new-coupon-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const target = event.currentTarget;
        const data = new FormData(target);
        const { body, errors } = readCoupon(data, form);
        void form.send({
          method: 'POST',
          url: '/admin/coupons',
          schema: couponCreateSchema,
          body: { ...body, code: fieldText(data, form.id('code')) },
          localErrors: errors,
          onSaved: () => target.reset(),
        });
      }}
    >
      <h2 id="new-coupon-title" className="text-xl font-bold text-slate-900">
        New coupon
      </h2>
      <CouponFields form={form} coupon={null} />
      <AdminFormFooter form={form} label="Create coupon" />
    </form>
  );
}

/** /admin/coupons: every coupon with its uses so far, and a form for a new one. */
export function CouponsPage({ list, query }: { list: ListData<AdminCoupon>; query: CouponListQuery }) {
  return (
    <section aria-labelledby="coupons-title" className="flex flex-col gap-6">
      <h1 id="coupons-title" className="text-2xl font-bold text-slate-900">
        Coupons
      </h1>
      <p className="text-slate-700">
        Uses so far count paid orders and unpaid ones still holding the coupon, as checkout counts them.
      </p>
      <TableSearch label="Code or description" value={query.q} placeholder="WELCOME10" />
      <DataTable
        caption="Coupons"
        columns={columns}
        list={list}
        query={query}
        empty={query.q ? 'No coupon matches.' : 'No coupons yet.'}
        rowId={(row) => String(row.id)}
      />
      <CreateCouponForm />
    </section>
  );
}

/** /admin/coupons/:id: change limits, validity and the rest; disable or enable. */
export function CouponEditPage({ coupon }: { coupon: AdminCoupon }) {
  const form = useAdminForm(`coupon-${coupon.id}`);
  const toggle = useAdminForm(`coupon-${coupon.id}-active`);
  return (
    <section aria-labelledby="coupon-title" className="flex flex-col gap-6">
      <div>
        <Link to={ADMIN_ROUTES.COUPONS} className="text-brand-800 underline">
          Back to coupons
        </Link>
        <h1 id="coupon-title" className="mt-2 font-mono text-2xl font-bold text-slate-900">
          {coupon.code}
        </h1>
        <p className="text-slate-700">
          {discount(coupon)} · {coupon.uses} uses so far ({coupon.redemptions} orders ever) ·{' '}
          {coupon.isActive ? 'Active' : 'Disabled'}
        </p>
      </div>
      <form
        noValidate
        aria-label={`Edit ${coupon.code}`}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const { body, errors } = readCoupon(new FormData(event.currentTarget), form, coupon);
          // A used coupon's discount and platform are fixed: send them only while unused.
          const sent =
            coupon.redemptions > 0 ? (({ discountType: _t, value: _v, platform: _p, ...rest }) => rest)(body) : body;
          void form.send({
            method: 'PATCH',
            url: `/admin/coupons/${coupon.id}`,
            schema: couponEditSchema,
            body: sent,
            localErrors: coupon.redemptions > 0 ? {} : errors,
          });
        }}
      >
        <CouponFields form={form} coupon={coupon} />
        <AdminFormFooter form={form} label="Save coupon" />
      </form>
      <form
        noValidate
        aria-label={coupon.isActive ? `Disable ${coupon.code}` : `Enable ${coupon.code}`}
        onSubmit={(event) => {
          event.preventDefault();
          void toggle.send({
            method: 'PATCH',
            url: `/admin/coupons/${coupon.id}`,
            schema: couponEditSchema,
            body: { isActive: !coupon.isActive },
          });
        }}
      >
        <p className="mb-2 text-slate-700">
          {coupon.isActive
            ? 'A disabled coupon is refused to new orders. Orders already holding it keep their discount; one whose 24-hour hold has lapsed loses it when its payment starts.'
            : 'Enabling makes the code usable again within its dates and limits.'}
        </p>
        <AdminFormFooter form={toggle} label={coupon.isActive ? 'Disable coupon' : 'Enable coupon'} />
      </form>
    </section>
  );
}
