import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Drawer } from 'vaul';
import { parameterLabel } from '../../../domain/catalog/parameter-labels.ts';
import type { ParameterChoices, ServiceParameter } from '../../../domain/catalog/parameters.ts';
import { buildServicePath } from '../../../domain/catalog/seo-url.ts';
import {
  SERVICE_MODAL_MESSAGES,
  serviceModalTitle,
  validateServiceChoices,
} from '../../../domain/catalog/service-modal.ts';
import { countryName } from '../../../domain/countries/names.ts';
import {
  BOTTOM_SHEET_BACKDROP_DELAY_MS,
  DESKTOP_MODAL_ICON_MIN_WIDTH_PX,
  MOBILE_MAX_WIDTH_PX,
} from '../../../domain/limits/constants.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { focusPopupItself } from '../../components/ui/popup-focus.ts';
import { PopupHeading } from '../../components/ui/popup-heading.tsx';
import { focusOnClose } from '../../lib/focus-return.ts';
import type { StoredService } from '../../lib/stores/packages-store.ts';
import { CountrySelect } from './country-select.tsx';

interface ServiceModalProps {
  service: StoredService & { parameters: ServiceParameter[] };
  options: Partial<Record<ServiceParameter, string[]>>;
  /** The choices the page shows prices for: the dropdowns open on them. */
  choices: ParameterChoices;
  packageSlug: string | null;
  /** The control that opened the modal, which has the focus again once the modal closes. */
  opener(): Element | null;
  onClose(): void;
}

export interface ServiceChoicesFormProps {
  service: { name: string; parameters: readonly ServiceParameter[] };
  options: Partial<Record<ServiceParameter, string[]>>;
  initial: ParameterChoices;
  /** Fetches the packages for valid choices; true when done (the modal then closes). */
  onApply(choices: ParameterChoices): Promise<boolean>;
}

/** SPEC.md §2/§5 service modal body: one dropdown per parameter and 'Apply Now'. */
export function ServiceChoicesForm({ service, options, initial, onApply }: ServiceChoicesFormProps) {
  const [values, setValues] = useState<ParameterChoices>(initial);
  const [errors, setErrors] = useState<Partial<Record<ServiceParameter, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateServiceChoices(service.parameters, values);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    try {
      await onApply(values);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {service.parameters.map((parameter) => (
        <CountrySelect
          key={parameter}
          label={parameterLabel(parameter)}
          options={(options[parameter] ?? []).map((isoCode) => ({ isoCode, name: countryName(isoCode) }))}
          value={values[parameter] ?? ''}
          error={errors[parameter]}
          onChange={(isoCode) => {
            setValues((v) => ({ ...v, [parameter]: isoCode }));
            setErrors((e) => {
              const { [parameter]: _cleared, ...rest } = e;
              return rest;
            });
          }}
        />
      ))}
      <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary w-full disabled:opacity-70">
        {busy ? 'Checking packages…' : SERVICE_MODAL_MESSAGES.applyNow}
      </button>
    </form>
  );
}

function useMedia(query: string): boolean {
  const [matches] = useState(() => matchMedia(query).matches);
  return matches;
}

/**
 * The service modal: a Radix dialog on desktop, a vaul bottom sheet on mobile (width ≤ 1280)
 * whose backdrop appears 500 ms after it opens (SPEC.md §4, §9). Loaded on demand.
 */
export default function ServiceModal({ service, options, choices, packageSlug, opener, onClose }: ServiceModalProps) {
  const navigate = useNavigate();
  const mobile = useMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
  const showIcon = useMedia(`(min-width: ${DESKTOP_MODAL_ICON_MIN_WIDTH_PX + 1}px)`);
  const [backdrop, setBackdrop] = useState(!mobile);
  const title = serviceModalTitle(service.name);

  useEffect(() => {
    if (!mobile) return;
    const timer = setTimeout(() => setBackdrop(true), BOTTOM_SHEET_BACKDROP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [mobile]);

  async function apply(values: ParameterChoices): Promise<boolean> {
    const { applyServiceChoices } = await import('./catalog-actions.ts');
    const path = buildServicePath(
      { serviceSlug: service.slug, packageSlug, choices: values },
      { parameters: service.parameters },
    );
    const done = await applyServiceChoices(service, values, path, navigate);
    if (done) onClose();
    return done;
  }

  const description = 'Choose your countries to see the packages and full prices that apply to you.';
  const form = <ServiceChoicesForm service={service} options={options} initial={choices} onApply={apply} />;
  const onOpenChange = (open: boolean) => open || onClose();
  const onCloseAutoFocus = focusOnClose(opener);

  if (mobile) {
    return (
      <BottomSheet
        title={title}
        description={description}
        backdrop={backdrop}
        onOpenChange={onOpenChange}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {form}
      </BottomSheet>
    );
  }
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-backdrop fixed inset-0 z-[80] bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-[90] w-[min(30rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none"
        >
          <div className="flex items-start gap-4">
            {showIcon ? (
              <span className="icon-tile shrink-0 bg-brand-50 text-brand-700">
                <Icon name="globe" className="size-6" />
              </span>
            ) : null}
            <div className="flex-1">
              <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className="icon-btn -mt-2 -mr-2">
              <Icon name="x" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="mt-6">{form}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BottomSheet({
  title,
  description,
  backdrop,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: {
  title: string;
  description: string;
  backdrop: boolean;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
  children: React.ReactNode;
}) {
  return (
    <Drawer.Root open onOpenChange={onOpenChange} autoFocus>
      <Drawer.Portal>
        {backdrop ? (
          <Drawer.Overlay
            data-testid="sheet-backdrop"
            className="drawer-backdrop fixed inset-0 z-[80] bg-slate-900/50"
          />
        ) : null}
        <Drawer.Content
          onOpenAutoFocus={focusPopupItself}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-x-0 bottom-0 z-[90] flex max-h-[90vh] flex-col rounded-t-2xl bg-white focus:outline-none"
        >
          <div aria-hidden="true" className="mx-auto mt-3 h-1.5 w-12 rounded-full bg-slate-300" />
          <div className="overflow-y-auto px-5 pt-4 pb-8">
            <PopupHeading title={title} description={description} />
            <div className="mt-5">{children}</div>
          </div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
