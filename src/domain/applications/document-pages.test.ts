import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD } from '../uploads/file-types.ts';
import {
  DOCUMENT_MAX_PAGES,
  knownPages,
  DOCUMENT_PAGE_MESSAGES as PG,
  pageRefusal,
  pageRemovalRefusal,
  pagesNote,
  pageUploadRule,
} from './document-pages.ts';

describe('a document’s pages', () => {
  it('counts a photo as one page and an assembled PDF by its pages; a customer’s own PDF is not known', () => {
    expect(knownPages({ type: 'image/jpeg' })).toBe(1);
    expect(knownPages({ type: 'image/png' })).toBe(1);
    expect(knownPages({ type: 'application/pdf', pages: 3 })).toBe(3);
    expect(knownPages({ type: 'application/pdf' })).toBeNull();
  });

  it('lets a photo or an assembled PDF under the limit take a page, and says why not otherwise', () => {
    expect(pageRefusal({ type: 'image/jpeg' })).toBeNull();
    expect(pageRefusal({ type: 'application/pdf', pages: DOCUMENT_MAX_PAGES - 1 })).toBeNull();
    expect(pageRefusal({ type: 'application/pdf', pages: DOCUMENT_MAX_PAGES })).toBe(PG.tooMany);
    expect(pageRefusal({ type: 'application/pdf' })).toBe(PG.notThisFile);
    expect(PG.tooMany).toBe('A document can have at most 40 pages. Please upload one file that holds every page.');
  });

  it('takes a page as a photo within the item’s size', () => {
    expect(pageUploadRule(DOCUMENT_UPLOAD)).toEqual({
      types: ['jpeg', 'png', 'heic'],
      maxBytes: DOCUMENT_UPLOAD.maxBytes,
    });
    expect(pageUploadRule({ ...PHOTO_UPLOAD, types: ['jpeg'] }).types).toEqual(['jpeg']);
  });

  it('takes a page out of an assembled PDF only, never its last, and only a page it has', () => {
    const assembled = { type: 'application/pdf', pages: 3 };
    expect(pageRemovalRefusal(assembled, 1)).toBeNull();
    expect(pageRemovalRefusal(assembled, 3)).toBeNull();
    expect(pageRemovalRefusal(assembled, 4)).toEqual({
      kind: 'noSuchPage',
      message: 'This document has 3 pages. Please choose one of them.',
    });
    expect(pageRemovalRefusal(assembled, 0)).toEqual({ kind: 'noSuchPage', message: PG.noSuchPage(3) });
    expect(pageRemovalRefusal({ type: 'application/pdf', pages: 1 }, 1)).toEqual({
      kind: 'refused',
      message: 'This is the document’s only page. Use Replace or Delete instead.',
    });
    expect(pageRemovalRefusal({ type: 'application/pdf' }, 1)).toEqual({
      kind: 'refused',
      message: 'Only a document whose pages were added here can have one removed. Use Replace to upload it again.',
    });
    expect(pageRemovalRefusal({ type: 'image/jpeg' }, 1)).toEqual({ kind: 'refused', message: PG.notAssembled });
  });

  it('says one page in the singular', () => {
    expect(pagesNote(1)).toBe('1 page');
    expect(pagesNote(7)).toBe('7 pages');
    expect(pagesNote(undefined)).toBeNull();
  });
});
