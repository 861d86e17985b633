import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD, PHOTO_UPLOAD } from '../uploads/file-types.ts';
import {
  DOCUMENT_MAX_PAGES,
  knownPages,
  DOCUMENT_PAGE_MESSAGES as PG,
  pageRefusal,
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
});
