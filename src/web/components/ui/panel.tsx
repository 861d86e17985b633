import type { ReactNode, Ref } from 'react';

/** One section of the order page: a card named by its heading. */
export function Panel({
  id,
  title,
  className = '',
  headingRef,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  /** For a section that takes the focus after a change (the heading is then focusable). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`card ${className}`}>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-lg font-bold text-slate-900 outline-none"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
