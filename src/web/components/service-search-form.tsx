import {
  SERVICE_SEARCH_MAX_LENGTH,
  SERVICE_SEARCH_MESSAGES,
  SERVICE_SEARCH_PARAM,
} from '../../domain/catalog/service-search.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import { Icon } from './ui/icon.tsx';
import { FormField } from './ui/labelled-control.tsx';

/**
 * The service search: a plain GET form to /services?q=…, so it works before (and without)
 * JavaScript, in static islands as on hydrated pages.
 */
export function ServiceSearchForm({
  query = '',
  label = SERVICE_SEARCH_MESSAGES.label,
}: {
  query?: string;
  label?: string;
}) {
  return (
    <search aria-label="Services">
      <form method="get" action={ROUTES.SERVICES}>
        <FormField label={label}>
          {({ id }) => (
            <div className="mt-1.5 flex gap-2">
              <input
                id={id}
                type="search"
                name={SERVICE_SEARCH_PARAM}
                defaultValue={query}
                maxLength={SERVICE_SEARCH_MAX_LENGTH}
                placeholder={SERVICE_SEARCH_MESSAGES.hint}
                autoComplete="off"
                className="field-input mt-0 min-w-0 flex-1"
              />
              {/* On a phone the word gives way to the field, whose hint it cut short inside a card. */}
              <button type="submit" className="btn-primary shrink-0 px-3 py-3 sm:px-5">
                <Icon name="search" className="size-5" />
                <span className="sr-only sm:not-sr-only">{SERVICE_SEARCH_MESSAGES.submit}</span>
              </button>
            </div>
          )}
        </FormField>
      </form>
    </search>
  );
}
