import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Country } from '../../../domain/countries/country.ts';
import { DROPDOWN_MAX_HEIGHT_PX } from '../../../domain/limits/constants.ts';
import { flagEmoji } from '../../lib/use-countries.ts';
import { Icon } from './icon.tsx';

let flagSupport: boolean | undefined;

/** Whether this system draws flag emoji (Windows, and Linux without an emoji font, do not). */
function supportsFlagEmoji(): boolean {
  if (flagSupport !== undefined) return flagSupport;
  try {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!context) {
      flagSupport = false;
      return false;
    }
    context.font = '16px sans-serif';
    context.fillText(flagEmoji('IN'), 0, 16);
    const pixels = context.getImageData(0, 0, 24, 20).data;
    // A drawn flag has coloured pixels; two letters in boxes are grey.
    let coloured = false;
    for (let i = 0; i < pixels.length && !coloured; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]];
      coloured = a > 0 && (Math.abs(r - g) > 30 || Math.abs(g - b) > 30);
    }
    flagSupport = coloured;
  } catch {
    flagSupport = false;
  }
  return flagSupport;
}

/** The country's flag, or its ISO code in a small tag where flags cannot be drawn. */
export function Flag({ isoCode }: { isoCode: string }) {
  const [emoji, setEmoji] = useState<boolean | undefined>(flagSupport);
  useEffect(() => setEmoji(supportsFlagEmoji()), []);
  return emoji ? (
    <span aria-hidden="true" className="text-lg leading-none">
      {flagEmoji(isoCode)}
    </span>
  ) : (
    // The code is drawn by CSS (not text), so it never enters the control's name or its visible-label check.
    <span
      aria-hidden="true"
      data-iso={isoCode.toUpperCase()}
      className="inline-flex h-4 w-6 items-center justify-center rounded-sm bg-slate-200 text-[0.6rem] font-bold text-slate-700 before:content-[attr(data-iso)]"
    />
  );
}

export interface CountryChoice {
  code: string;
  isoCode: string;
}

interface CountryCodePickerProps {
  countries: readonly Country[];
  value: CountryChoice;
  onChange(choice: CountryChoice): void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  disabled?: boolean;
}

const matches = (country: Country, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/^\+/, '');
  return (
    country.name.toLowerCase().includes(q) ||
    country.isoCode.toLowerCase() === q ||
    (digits !== '' && /^\d+$/.test(digits) && country.code.replace('+', '').startsWith(digits))
  );
};

/**
 * SPEC.md §2 sign-up phone: a searchable country-code picker with flags. A button shows the
 * chosen flag and dial code; it opens a search box (a combobox) over a listbox at most 300 px
 * high. Arrow keys, Home/End and Enter work from the search box; Escape closes.
 */
export function CountryCodePicker({ countries, value, onChange, id, disabled, ...aria }: CountryCodePickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const selected =
    countries.find((c) => c.isoCode === value.isoCode && c.code === value.code) ??
    countries.find((c) => c.code === value.code);
  const filtered = useMemo(() => countries.filter((c) => matches(c, query)), [countries, query]);
  const optionId = (index: number) => `${listId}-${index}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list opens.
  useEffect(() => {
    if (!open) return;
    setQuery('');
    const index = Math.max(
      0,
      countries.findIndex((c) => c.isoCode === selected?.isoCode),
    );
    setActive(index);
    requestAnimationFrame(() => document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' }));
  }, [open]);

  function choose(country: Country | undefined) {
    if (!country) return;
    onChange({ code: country.code, isoCode: country.isoCode });
    setOpen(false);
  }

  function move(index: number) {
    const next = Math.min(Math.max(index, 0), filtered.length - 1);
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const page = 8;
    const target: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: filtered.length - 1,
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      choose(filtered[active]);
    } else if (event.key in target) {
      event.preventDefault();
      move(target[event.key] ?? 0);
    }
  }

  const label = selected ? `${value.code}, ${selected.name}` : value.code || 'none chosen';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        type="button"
        disabled={disabled}
        aria-label={`Country code ${label}`}
        aria-haspopup="listbox"
        {...aria}
        className="field-input mt-0 inline-flex w-auto shrink-0 items-center gap-1.5 pr-2.5"
        data-country-code={value.code}
      >
        {selected ? <Flag isoCode={selected.isoCode} /> : null}
        <span className="font-medium tabular-nums">{value.code || '+'}</span>
        <Icon name="chevron-down" className="size-4 text-slate-500" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Choose a country code"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-[1000] w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector('input')?.focus();
          }}
        >
          <div className="relative">
            <Icon
              name="search"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              type="search"
              role="combobox"
              aria-label="Search country or code"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={filtered[active] ? optionId(active) : undefined}
              placeholder="Search country or code"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="field-input mt-0 py-2 pl-9 text-sm"
              autoComplete="off"
            />
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label="Country codes"
            className="mt-2 overflow-y-auto overscroll-contain"
            style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
          >
            {filtered.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-600">No country matches “{query}”</p>
            ) : (
              filtered.map((country, index) => {
                const isSelected = country.isoCode === selected?.isoCode;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
                  <div
                    key={country.isoCode}
                    id={optionId(index)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={isSelected}
                    data-active={index === active || undefined}
                    onClick={() => choose(country)}
                    onPointerMove={() => setActive(index)}
                    className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-800 data-active:bg-brand-50 data-active:text-brand-800"
                  >
                    <Flag isoCode={country.isoCode} />
                    <span className="flex-1 truncate">{country.name}</span>
                    <span className="text-slate-600 tabular-nums">{country.code}</span>
                    {isSelected ? <Icon name="check" className="size-4 text-brand-600" /> : null}
                  </div>
                );
              })
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
