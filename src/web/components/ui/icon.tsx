import type { IconName } from './icon-names.ts';

/**
 * A decorative icon from /public/icons/ui.svg (lucide shapes, coloured by currentColor). It never
 * shrinks: beside a label that wraps, a flex row would otherwise squeeze it below its size.
 */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      <use href={`/icons/ui.svg#${name}`} />
    </svg>
  );
}
