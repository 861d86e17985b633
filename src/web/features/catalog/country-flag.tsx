import { Icon } from '../../components/ui/icon.tsx';

/** Countries with a flag image under /public/flags (the ones the catalog offers). */
const FLAGS: ReadonlySet<string> = new Set(['US', 'CA', 'IN']);

/** A small decorative flag (the country's name is always written beside it); a globe otherwise. */
export function CountryFlag({ isoCode, className = 'h-4 w-6' }: { isoCode: string; className?: string }) {
  if (!FLAGS.has(isoCode)) return <Icon name="globe" className={`${className} text-slate-500`} />;
  return (
    <img
      src={`/flags/${isoCode.toLowerCase()}.svg`}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      className={`${className} shrink-0 rounded-[3px] object-cover ring-1 ring-slate-900/15`}
    />
  );
}
