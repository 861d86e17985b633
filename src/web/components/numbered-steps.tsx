/**
 * A "How it works" band: an eyebrow, a title and numbered step cards (the home page's six steps,
 * SevaPhotos' four). `grid` sets the columns on wide screens; `padding` the band's vertical space.
 */
export function NumberedSteps({
  id,
  title,
  steps,
  grid,
  padding,
}: {
  id: string;
  title: string;
  steps: readonly { title: string; body: string }[];
  grid: string;
  padding: string;
}) {
  return (
    <section aria-labelledby={id}>
      <div className={`page-x ${padding}`}>
        <p className="eyebrow">How it works</p>
        <h2 id={id} className="section-title">
          {title}
        </h2>
        <ol className={`mt-10 grid gap-5 sm:grid-cols-2 ${grid}`}>
          {steps.map(({ title: step, body }, index) => (
            <li key={step} className="card shadow-none">
              <div className="flex items-center gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-saffron-400 font-extrabold text-slate-900">
                  {index + 1}
                </span>
                <h3 className="text-lg leading-snug font-bold text-slate-900">{step}</h3>
              </div>
              <p className="card-body mt-3">{body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
