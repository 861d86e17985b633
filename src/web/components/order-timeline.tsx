import type { StatusChange } from '../../domain/orders/status.ts';
import { ACTOR_WORDS, dateTime } from '../lib/order-format.ts';
import { StatusBadge } from './order-list.tsx';
import { Panel } from './ui/panel.tsx';

/**
 * Every status change of the order, oldest first, as an ordered list: when, the new status, who
 * made it in plain words, and the remark given with it.
 */
export function Timeline({
  entries,
  startedLabel = 'Application started',
}: {
  entries: readonly StatusChange[];
  /** The first entry's words ('Application started', 'Photo order started'). */
  startedLabel?: string;
}) {
  return (
    <Panel id="order-timeline" title="Timeline">
      <ol className="mt-4 space-y-0">
        {entries.map((entry, index) => {
          const latest = index === entries.length - 1;
          return (
            <li key={`${entry.at}-${entry.status}`} className="relative flex gap-4 pb-6 last:pb-0">
              {latest ? null : (
                <span aria-hidden="true" className="absolute top-4 left-[0.4375rem] h-full w-px bg-slate-200" />
              )}
              <span
                aria-hidden="true"
                className={`relative mt-1.5 size-3.5 shrink-0 rounded-full border-2 ${latest ? 'border-brand-600 bg-brand-600' : 'border-slate-300 bg-white'}`}
              />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <StatusBadge status={entry.status} />
                  <span className="text-sm text-slate-700">
                    {entry.fromStatus === null ? startedLabel : `From ${entry.fromStatus}`} {ACTOR_WORDS[entry.by]}
                  </span>
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={entry.at}>{dateTime(entry.at)}</time>
                </p>
                {entry.remark ? <p className="mt-1.5 text-[0.95rem] text-slate-800">{entry.remark}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
