import { Icon } from './icon.tsx';

/** A failed load: what happened and a way to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
    >
      <Icon name="circle-alert" className="size-5" />
      <span className="flex-1">We could not load {what}. Please try again.</span>
      <button type="button" onClick={onRetry} className="btn-outline px-4 py-2 text-sm">
        <Icon name="refresh-cw" className="size-4" />
        Try again
      </button>
    </div>
  );
}
