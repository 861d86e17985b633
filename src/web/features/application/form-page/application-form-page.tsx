/** Where the application form opens: an order, and the member and step (or the review) the address names. */
export interface ApplicationFormPageProps {
  orderRef: string;
  memberId: number | null;
  step: number | null;
  review: boolean;
  /** Today's date on the server (YYYY-MM-DD), so the first render's date bounds match the browser's. */
  today: string;
}

/** /package-form?orderId=…: one guided form per member, autosaved, and the review (issue 10). */
export function ApplicationFormPage({ orderRef }: ApplicationFormPageProps) {
  return (
    <p role="status" className="card mt-8 text-slate-700">
      Loading application {orderRef}…
    </p>
  );
}
