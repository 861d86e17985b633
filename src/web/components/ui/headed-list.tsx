/** A bold line, and the list it names (its accessible name): what checkout and the review list under a heading. */
export function HeadedList({ id, heading, items }: { id: string; heading: string; items: readonly string[] }) {
  return (
    <>
      <p id={id} className="font-semibold text-slate-900">
        {heading}
      </p>
      <ul aria-labelledby={id} className="list-disc space-y-0.5 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
