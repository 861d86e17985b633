import { fetchFile } from '../../lib/file-download.ts';
import { useFileDownload } from '../../lib/use-file-download.ts';

/** What the link says while the server makes the PDF, and when the answer did not come. */
export const PORTAL_PDF_LINK_TEXT = {
  label: 'Portal PDF',
  making: 'Making the PDF…',
  failed: 'The Portal PDF could not be made. Please try again.',
} as const;

/**
 * The desk's Portal PDF of a document (decision 0185-portal-pdf). A link, so it works before the
 * page's script runs; once it does, the PDF is fetched here, so a refusal (a PDF over the portal's
 * limit, an image that cannot be made small enough) is said beside the link instead of the browser
 * opening the API's JSON.
 */
export function PortalPdfLink({ href, documentName }: { href: string; documentName: string }) {
  const { busy, problem, download: save } = useFileDownload(PORTAL_PDF_LINK_TEXT.failed);
  const download = () => save(() => fetchFile(href, {}, `${documentName}.pdf`));
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
        {busy ? PORTAL_PDF_LINK_TEXT.making : PORTAL_PDF_LINK_TEXT.label}
        <span className="sr-only">, {documentName}</span>
      </a>
      {problem ? (
        <span role="alert" className="basis-full text-sm font-medium text-red-700">
          {problem}
        </span>
      ) : null}
    </>
  );
}
