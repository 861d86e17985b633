import type { DocumentView } from '../../../domain/applications/documents.ts';
import { storedPdfRefusal } from '../../../domain/uploads/messages.ts';
import { type PortalPdfLimits, portalPdfRange } from '../../../domain/uploads/portal-pdf.ts';
import { fetchFile } from '../../lib/file-download.ts';
import { useFileDownload } from '../../lib/use-file-download.ts';

/** What the link says while the server makes the PDF, and when the answer did not come. */
export const PORTAL_PDF_LINK_TEXT = {
  /** Which portal's file it is, and its sizes: `Portal PDF (e-Visa, 10 KB–300 KB)` (decision 0189). */
  label: (limits: PortalPdfLimits) => `Portal PDF (${limits.portalName}, ${portalPdfRange(limits)})`,
  making: 'Making the PDF…',
  failed: 'The Portal PDF could not be made. Please try again.',
} as const;

/**
 * The desk's Portal PDF of a document (decision 0185-portal-pdf), saying which portal's limits it
 * is made to (the order's: portalPdfLimitsOf its service, decision 0189). A link, so it works
 * before the page's script runs; once it does, the PDF is fetched here, so a refusal (a PDF outside
 * the portal's limits, an image that cannot be made to fit) is said beside the link instead of the
 * browser opening the API's JSON. A stored PDF the portal would refuse has no link: the refusal
 * is said in its place.
 */
export function PortalPdfLink({
  href,
  document,
  limits,
}: {
  href: string;
  document: Pick<DocumentView, 'name' | 'type' | 'size'>;
  limits: PortalPdfLimits;
}) {
  const { busy, problem, download: save } = useFileDownload(PORTAL_PDF_LINK_TEXT.failed);
  // A stored PDF is sent as it is, so its size alone decides, and the size the desk shows beside it
  // (binary KB) cannot tell staff: said before a click the server would refuse. An image is made to fit.
  const refused = document.type === 'application/pdf' ? storedPdfRefusal(document.size, limits) : null;
  if (refused !== null) return <span className="basis-full text-sm font-medium text-amber-800">{refused}</span>;
  const download = () => save(() => fetchFile(href, {}, `${document.name}.pdf`));
  return (
    <>
      <a
        href={href}
        aria-busy={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (!busy) void download();
        }}
        className="font-semibold text-brand-700 underline"
      >
        {busy ? PORTAL_PDF_LINK_TEXT.making : PORTAL_PDF_LINK_TEXT.label(limits)}
        <span className="sr-only">, {document.name}</span>
      </a>
      {problem ? (
        <span role="alert" className="basis-full text-sm font-medium text-red-700">
          {problem}
        </span>
      ) : null}
    </>
  );
}
