// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PORTAL_PDF_MESSAGES } from '../../../domain/uploads/messages.ts';
import { PORTAL_PDF_LIMITS } from '../../../domain/uploads/portal-pdf.ts';
import { cleanupAfterEach, fail, fakeApi, installBrowserStubs, ok } from '../../testing/dom.tsx';
import { PORTAL_PDF_LINK_TEXT, PortalPdfLink } from './portal-pdf-link.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const HREF = '/api/v1/admin/orders/DOC-48213907/documents/21/portal-pdf';
const OCI = PORTAL_PDF_LIMITS.oci;
const EVISA = PORTAL_PDF_LIMITS.eVisa;
/** A stored PDF of `size` bytes, sent to the portal as it is. */
const pdf = (name: string, size: number) => ({ name, type: 'application/pdf' as const, size });

describe('PortalPdfLink', () => {
  it('saves the PDF the server made, and says a refusal beside the link instead of opening the JSON', async () => {
    const createObjectURL = vi.fn(() => 'blob:portal');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let calls = 0;
    const api = fakeApi({
      [`GET ${HREF}`]: () => (++calls === 1 ? ok(null) : fail(409, PORTAL_PDF_MESSAGES.oci.pdfOverLimit)),
    });
    render(<PortalPdfLink href={HREF} document={pdf('passport.pdf', 240_000)} limits={OCI} />);
    const link = screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), passport.pdf' });
    // A real link before the page's script runs.
    expect(link.getAttribute('href')).toBe(HREF);

    fireEvent.click(link);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), passport.pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PDF_MESSAGES.oci.pdfOverLimit);
    expect(click).toHaveBeenCalledTimes(1);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET ${HREF}`, `GET ${HREF}`]);
  });

  it('says it is making the PDF while the server works', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    fakeApi({ [`GET ${HREF}`]: () => new Promise((resolve) => (answer = resolve)) });
    render(
      <PortalPdfLink href={HREF} document={{ name: 'scan.jpg', type: 'image/jpeg', size: 4_000_000 }} limits={OCI} />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), scan.jpg' }));
    const busy = await screen.findByRole('link', { name: `${PORTAL_PDF_LINK_TEXT.making}, scan.jpg` });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    answer(fail(422, PORTAL_PDF_MESSAGES.oci.imageOverLimit));
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PDF_MESSAGES.oci.imageOverLimit);
  });

  it('says the e-Visa portal and its 10 KB–300 KB for an e-Visa order, and its refusal beside the link (decision 0189)', async () => {
    fakeApi({ [`GET ${HREF}`]: () => fail(409, PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit) });
    render(<PortalPdfLink href={HREF} document={pdf('bio-page.pdf', 120_000)} limits={PORTAL_PDF_LIMITS.eVisa} />);
    const link = screen.getByRole('link', { name: 'Portal PDF (e-Visa, 10 KB–300 KB), bio-page.pdf' });
    // Said on the link itself, not only to a screen reader.
    expect(link.firstChild?.textContent).toBe('Portal PDF (e-Visa, 10 KB–300 KB)');
    fireEvent.click(link);
    expect((await screen.findByRole('alert')).textContent).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit);
  });
  it('says in its place, before any click, that the e-Visa portal refuses a stored PDF outside its bytes (decision 0189)', () => {
    /** What shows for a stored PDF of `size` bytes: null for the link, else the words in its place. */
    const shown = (size: number) => {
      render(<PortalPdfLink href={HREF} document={pdf('bio-page.pdf', size)} limits={EVISA} />);
      const link = screen.queryByRole('link', { name: 'Portal PDF (e-Visa, 10 KB–300 KB), bio-page.pdf' });
      const said = link ? null : document.body.textContent;
      cleanup();
      return said;
    };
    // The ceiling in decimal KB, the floor in binary KB: each byte at the edge.
    expect(shown(300_000)).toBeNull();
    expect(shown(300_001)).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfOverLimit);
    expect(shown(10_240)).toBeNull();
    expect(shown(10_239)).toBe(PORTAL_PDF_MESSAGES.eVisa.pdfUnderLimit);
    // A size the desk lists as "300 KB" (binary KB) is still over the e-Visa's 300 KB.
    expect(shown(307_000)).toBe(
      'This PDF is over 300 KB; the e-Visa portal will refuse it (it takes 10 KB–300 KB). Ask the customer for a smaller scan.',
    );
    expect(shown(5_000)).toBe(
      'This PDF is under 10 KB; the e-Visa portal will refuse it (it takes 10 KB–300 KB). Ask the customer for a clear scan of the whole page.',
    );
  });

  it('keeps the link for a PDF the OCI portal takes, and says its refusal of one over 1000 KB', () => {
    render(<PortalPdfLink href={HREF} document={pdf('passport.pdf', 1_000_001)} limits={OCI} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(PORTAL_PDF_MESSAGES.oci.pdfOverLimit)).toBeTruthy();
    cleanup();
    render(<PortalPdfLink href={HREF} document={pdf('passport.pdf', 1_000_000)} limits={OCI} />);
    expect(screen.getByRole('link', { name: 'Portal PDF (OCI, ≤ 1000 KB), passport.pdf' })).toBeTruthy();
  });

  it('keeps the link for an image of any size: it is made to fit', () => {
    for (const size of [300_001, 5_000]) {
      render(
        <PortalPdfLink href={HREF} document={{ name: 'bio-page.jpg', type: 'image/jpeg', size }} limits={EVISA} />,
      );
      expect(
        screen.getByRole('link', { name: 'Portal PDF (e-Visa, 10 KB–300 KB), bio-page.jpg' }),
        `${size}`,
      ).toBeTruthy();
      cleanup();
    }
  });
});
