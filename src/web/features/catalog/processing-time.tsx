import { Icon } from '../../components/ui/icon.tsx';

/** "Processing time: …" with its clock, on a package card and on the package form. */
export function ProcessingTime({ time, className = 'mt-3' }: { time: string; className?: string }) {
  return (
    <p className={`${className} flex items-start gap-2 text-sm text-slate-700`}>
      <Icon name="clock" className="mt-0.5 size-4 text-brand-600" />
      <span>
        <span className="font-medium text-slate-900">Processing time: </span>
        {time}
      </span>
    </p>
  );
}
