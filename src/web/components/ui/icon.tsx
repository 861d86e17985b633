import type { IconName } from './icon-names.ts';

/** A decorative icon from /public/icons/ui.svg (lucide shapes, coloured by currentColor). */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <use href={`/icons/ui.svg#${name}`} />
    </svg>
  );
}
