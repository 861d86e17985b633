import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

/**
 * Data on its way: a spinner and what is loading, announced once by screen readers (a polite
 * status region). `className` places it (margins, page padding).
 */
export function LoadingStatus({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-2 text-slate-700 ${className}`.trim()}>
      <Icon name="loader-circle" className="size-5 animate-spin" />
      {children}
    </p>
  );
}
