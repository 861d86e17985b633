import { useEffect, useId, useRef, useState } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX } from '../../../domain/limits/constants.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { CountryFlag } from './country-flag.tsx';

export interface CountryOption {
  isoCode: string;
  name: string;
}

interface CountrySelectProps {
  label: string;
  options: readonly CountryOption[];
  value: string;
  onChange(isoCode: string): void;
  error?: string;
  placeholder?: string;
}

/**
 * A select-only combobox (WAI-ARIA APG pattern) listing countries with their flags, at most
 * 300 px high (SPEC.md §9). Keyboard: arrows, Home/End, Enter/Space, Escape, first letters.
 */
export function CountrySelect({ label, options, value, onChange, error, placeholder }: CountrySelectProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      options.findIndex((o) => o.isoCode === value),
    ),
  );
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const selected = options.find((o) => o.isoCode === value);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  useEffect(() => {
    if (open) list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  function choose(index: number) {
    const option = options[index];
    if (option) onChange(option.isoCode);
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    const last = options.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, to)));
      setOpen(true);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(open ? active + 1 : active);
      case 'ArrowUp':
        return move(open ? active - 1 : active);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (open) choose(active);
        else setOpen(true);
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
        return;
      case 'Tab':
        if (open) setOpen(false);
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          const now = Date.now();
          typed.current = {
            text: (now - typed.current.at < 700 ? typed.current.text : '') + event.key.toLowerCase(),
            at: now,
          };
          const match = options.findIndex((o) => o.name.toLowerCase().startsWith(typed.current.text));
          if (match >= 0) move(match);
        }
    }
  }

  return (
    <div ref={root} className="relative">
      <span id={labelId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
      </span>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={`${labelId} ${id}-button`}
        aria-activedescendant={open ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={onKeyDown}
        className={`flex w-full items-center gap-3 rounded-xl border bg-white px-4 py-3 text-left text-base ${
          error ? 'border-red-600' : 'border-slate-300 hover:border-brand-500'
        }`}
      >
        {selected ? <CountryFlag isoCode={selected.isoCode} /> : null}
        <span className={`flex-1 truncate ${selected ? 'text-slate-900' : 'text-slate-500'}`}>
          {selected ? selected.name : (placeholder ?? `Select ${label}`)}
        </span>
        <Icon
          name="chevron-down"
          className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!open}
        style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}
        className="absolute z-10 mt-1 w-full overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1 shadow-xl"
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keyboard (aria-activedescendant).
          <div
            key={option.isoCode}
            tabIndex={-1}
            id={`${id}-option-${index}`}
            data-index={index}
            role="option"
            aria-selected={option.isoCode === value}
            onPointerEnter={() => setActive(index)}
            onClick={() => choose(index)}
            className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-[0.95rem] ${
              index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'
            } ${option.isoCode === value ? 'font-semibold' : ''}`}
          >
            <CountryFlag isoCode={option.isoCode} />
            <span className="flex-1">{option.name}</span>
            {option.isoCode === value ? <Icon name="check" className="size-4 text-brand-600" /> : null}
          </div>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
