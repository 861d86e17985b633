import { type ComponentPropsWithRef, useState } from 'react';
import { Icon } from './icon.tsx';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'>;

const block = (event: React.ClipboardEvent) => event.preventDefault();

/**
 * A password input with a show/hide toggle. SPEC.md §5: copy, paste and cut are blocked on
 * password fields.
 */
export function PasswordInput({ className = '', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative mt-1.5">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        onCopy={block}
        onPaste={block}
        onCut={block}
        spellCheck={false}
        autoCapitalize="off"
        className={`field-input mt-0 pr-12 ${className}`}
      />
      <button
        type="button"
        onClick={() => setVisible(!visible)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-slate-500 hover:text-brand-700"
      >
        <Icon name={visible ? 'eye-off' : 'eye'} className="size-5" />
      </button>
    </div>
  );
}
