import { HOW_IT_WORKS } from './content.ts';

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title">
      <div className="page-x py-16 desk:py-20">
        <p className="eyebrow">How it works</p>
        <h2 id="how-title" className="section-title">
          From first question to approved, in six clear steps
        </h2>
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {HOW_IT_WORKS.map(({ title, body }, index) => (
            <li key={title} className="card shadow-none">
              <div className="flex items-center gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-saffron-400 font-extrabold text-slate-900">
                  {index + 1}
                </span>
                <h3 className="text-lg leading-snug font-bold text-slate-900">{title}</h3>
              </div>
              <p className="card-body mt-3">{body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
