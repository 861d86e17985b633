import { Icon } from '../../../components/ui/icon.tsx';

export interface NavigatorStep {
  key: string;
  title: string;
  /** Every required answer of the step is given and valid. */
  done: boolean;
}

interface StepNavigatorProps {
  steps: readonly NavigatorStep[];
  /** 0-based index of the step shown. */
  current: number;
  onSelect(index: number): void;
  /** Whose form this is ('Priya Sharma'), shown above the steps. */
  memberName?: string | undefined;
}

function StepButton({
  step,
  index,
  current,
  onSelect,
}: {
  step: NavigatorStep;
  index: number;
  current: boolean;
  onSelect(index: number): void;
}) {
  return (
    <button
      type="button"
      onClick={() => onSelect(index)}
      aria-current={current ? 'step' : undefined}
      className="group flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-[0.95rem] hover:bg-slate-100 aria-[current=step]:bg-brand-50"
    >
      <span
        aria-hidden="true"
        className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
          current
            ? 'bg-brand-600 text-white'
            : step.done
              ? 'bg-green-100 text-green-800'
              : 'border border-slate-300 bg-white text-slate-600'
        }`}
      >
        {step.done && !current ? <Icon name="check" className="size-4" /> : index + 1}
      </span>
      <span className={current ? 'font-semibold text-brand-800' : 'text-slate-700'}>
        {step.title}
        {step.done ? <span className="sr-only">, complete</span> : null}
      </span>
    </button>
  );
}

/**
 * The per-member step counter (SPEC.md §3, §4): "Step 2 of 7" with a progress bar on phones,
 * where the list of steps folds away; the whole list beside the form on desktop. Any step can
 * be opened; finished ones are ticked.
 */
export function StepNavigator({ steps, current, onSelect, memberName }: StepNavigatorProps) {
  const total = steps.length;
  const done = steps.filter((s) => s.done).length;
  const list = (
    <ol className="space-y-1">
      {steps.map((step, index) => (
        <li key={step.key}>
          <StepButton step={step} index={index} current={index === current} onSelect={onSelect} />
        </li>
      ))}
    </ol>
  );
  return (
    <nav aria-label="Form steps">
      <div className="desk:hidden">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <p className="font-semibold text-brand-700">
            Step {current + 1} of {total}
          </p>
          <p className="text-slate-600">{done === total ? 'All steps complete' : `${done} of ${total} complete`}</p>
        </div>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${((current + 1) / total) * 100}%` }}
          />
        </div>
        <details className="mt-3 rounded-xl border border-slate-200 bg-white">
          <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-800">
            All steps
            <Icon name="chevron-down" className="size-4" />
          </summary>
          <div className="border-t border-slate-100 p-2">{list}</div>
        </details>
      </div>
      <div className="hidden desk:block">
        {memberName ? (
          <p className="px-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{memberName}</p>
        ) : null}
        <p className="mt-1 px-3 text-sm text-slate-600">
          Step {current + 1} of {total} · {done} complete
        </p>
        <div className="mt-4">{list}</div>
      </div>
    </nav>
  );
}
