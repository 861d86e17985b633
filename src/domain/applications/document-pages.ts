import { IMAGE_UPLOAD_TYPES, type UploadRule } from '../uploads/file-types.ts';

/**
 * A document of several pages from a phone (decision 0196): the customer photographs one page,
 * then adds the next ("Add a page"), and we keep one PDF of the pages, as a scanning app would. A
 * passport copy is "the bio page and the signature page": two photos on a phone, where one file
 * holding both needed a scanner app. Shared by the server's checks and the browser's button.
 */

/**
 * Pages one document may hold once assembled: a renunciation asks for every page of the last
 * Indian passport, blank ones included (36 with its covers); a renewal the first five and the last
 * two. The item's size limit may speak first.
 */
export const DOCUMENT_MAX_PAGES = 40;

/** What a page may be: a photo (a PDF's pages are added by uploading the whole PDF). */
export const pageUploadRule = (item: UploadRule): UploadRule => ({
  types: IMAGE_UPLOAD_TYPES.filter((type) => item.types.includes(type)),
  maxBytes: item.maxBytes,
});

export const DOCUMENT_PAGE_MESSAGES = {
  added: 'Page added',
  notThisFile:
    'Only a photo, or a file of pages added here, can take another page. Please upload one file that holds every page.',
  noFirstPage: 'Upload the first page before adding another.',
  tooMany: `A document can have at most ${DOCUMENT_MAX_PAGES} pages. Please upload one file that holds every page.`,
  /** Said before sending when a PDF is chosen as a page. */
  pdfNotAPage: 'A page is added as a photo: JPEG, PNG or HEIC. To send a PDF that holds every page, use Replace.',
  changedMeanwhile: 'This document changed while the page was being sent. Please check it and add the page again.',
  tooLarge: (maxMegabytes: number) =>
    `With this page the document would be over ${maxMegabytes} MB. Please upload one file that holds every page.`,
  /** A page taken out of a file we assembled: a wrong or blurred page need not mean starting again. */
  removed: 'Page removed',
  notAssembled: 'Only a document whose pages were added here can have one removed. Use Replace to upload it again.',
  onlyPage: 'This is the document’s only page. Use Replace or Delete instead.',
  noSuchPage: (pages: number) => `This document has ${pages} pages. Please choose one of them.`,
} as const;

/** How a file we assembled is described beside its size ("2 pages"); nothing for a file as sent. */
export function pagesNote(pages: number | undefined): string | null {
  if (!pages) return null;
  return pages === 1 ? '1 page' : `${pages} pages`;
}

/** A stored file as far as adding a page goes: a photo is one page; a file we assembled knows its pages. */
export interface PagedFile {
  type: string;
  pages?: number | undefined;
}

/** How many pages the file holds, when we know it: a photo one, a file we assembled its count. */
export function knownPages(file: PagedFile): number | null {
  if (file.pages) return file.pages;
  return file.type.startsWith('image/') ? 1 : null;
}

/** Why the file cannot take another page, or null when it can. */
export function pageRefusal(file: PagedFile): string | null {
  const pages = knownPages(file);
  if (pages === null) return DOCUMENT_PAGE_MESSAGES.notThisFile;
  return pages >= DOCUMENT_MAX_PAGES ? DOCUMENT_PAGE_MESSAGES.tooMany : null;
}

/**
 * Why a page cannot be taken out: the file cannot lose one (`refused`: not ours to open, or its
 * last page), or the page asked for is not one it has (`noSuchPage`). The server answers the
 * first a conflict and the second a missing resource.
 */
export type PageRemovalRefusal = { kind: 'refused' | 'noSuchPage'; message: string };

/**
 * Why page `page` (from 1) cannot be taken out of the file, or null when it can: only a PDF we
 * assembled (we know its pages, and it is ours to open again), never its last page.
 */
export function pageRemovalRefusal(file: PagedFile, page: number): PageRemovalRefusal | null {
  if (file.type !== 'application/pdf' || !file.pages)
    return { kind: 'refused', message: DOCUMENT_PAGE_MESSAGES.notAssembled };
  if (file.pages === 1) return { kind: 'refused', message: DOCUMENT_PAGE_MESSAGES.onlyPage };
  return Number.isInteger(page) && page >= 1 && page <= file.pages
    ? null
    : { kind: 'noSuchPage', message: DOCUMENT_PAGE_MESSAGES.noSuchPage(file.pages) };
}
