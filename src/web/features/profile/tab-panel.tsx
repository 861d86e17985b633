/** The white panel each tab sits in. */
export function TabPanel({ title, lead, children }: { title: string; lead?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      {lead ? <p className="mt-1 text-slate-600">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
