import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD } from '../uploads/file-types.ts';
import { checklistItemIdSchema, documentSlotElementId } from './documents.ts';
import {
  isOtherDocumentId,
  OTHER_DOCUMENT_MESSAGES as O,
  otherDocumentId,
  otherDocumentItems,
  otherDocumentLabelSchema,
  otherDocumentWords,
} from './other-documents.ts';

const messageOf = (label: unknown) => otherDocumentLabelSchema.safeParse(label).error?.issues[0]?.message;

describe('a document outside the checklist', () => {
  it('takes a trimmed name of 3 to 120 characters, without control characters', () => {
    expect(otherDocumentLabelSchema.parse('  Marriage certificate ')).toBe('Marriage certificate');
    expect(otherDocumentLabelSchema.parse('विवाह प्रमाणपत्र')).toBe('विवाह प्रमाणपत्र');
    expect(messageOf(undefined)).toBe(O.labelRequired);
    expect(messageOf('   ')).toBe(O.labelRequired);
    expect(messageOf('ab')).toBe(O.labelTooShort);
    expect(messageOf(' ab ')).toBe(O.labelTooShort);
    expect(messageOf('x'.repeat(121))).toBe(O.labelTooLong);
    expect(otherDocumentLabelSchema.parse('x'.repeat(120))).toHaveLength(120);
    for (const control of ['\n', '\t', '\u0000', '\u007f', '\u2028']) {
      expect(messageOf(`Marriage${control}certificate`), JSON.stringify(control)).toBe(O.labelControl);
    }
    expect(O).toEqual({
      option: 'Another document…',
      fieldLabel: 'Document name',
      labelRequired: 'Name the document the customer should upload',
      labelTooShort: 'The document name should be at least 3 characters',
      labelTooLong: 'The document name should not exceed 120 characters',
      labelControl: 'The document name cannot contain line breaks, tabs or other control characters',
      oneDocument: 'Choose a document from the checklist, or name another document, not both',
    });
  });

  it('has an id of its own kind, which fits an item id in a path and a document slot', () => {
    const id = otherDocumentId('1a2b3c4d');
    expect(id).toBe('other-1a2b3c4d');
    expect(isOtherDocumentId(id)).toBe(true);
    expect(checklistItemIdSchema.parse(id)).toBe(id);
    expect(documentSlotElementId(`12-${id}`)).toBe(`document-12-${id}`);
    for (const notOne of ['other-1a2b3c4', 'other-1A2B3C4D', 'other-1a2b3c4d5', 'photo', 'another-1a2b3c4d']) {
      expect(isOtherDocumentId(notOne), notOne).toBe(false);
    }
    expect(() => otherDocumentId('xyz')).toThrow();
  });

  it('never collides with a checklist item: no checklist id begins with its prefix', () => {
    const source = readFileSync(new URL('./checklist.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/['"`]other-/);
  });

  it('is listed once per id for its member, required, in the order first asked, with the label it was asked with', () => {
    const requests = [
      { memberId: 7, itemId: 'photo', itemLabel: null },
      { memberId: 7, itemId: 'other-00000001', itemLabel: 'Marriage certificate' },
      { memberId: 8, itemId: 'other-00000002', itemLabel: 'Name-change affidavit' },
      { memberId: 7, itemId: 'other-00000003', itemLabel: 'Surrender certificate' },
      { memberId: 7, itemId: 'other-00000001', itemLabel: 'Marriage certificate' },
    ];
    expect(otherDocumentItems(requests, 7)).toEqual([
      { id: 'other-00000001', label: 'Marriage certificate', required: true, accept: DOCUMENT_UPLOAD },
      { id: 'other-00000003', label: 'Surrender certificate', required: true, accept: DOCUMENT_UPLOAD },
    ]);
    expect(otherDocumentItems(requests, 8).map((i) => i.label)).toEqual(['Name-change affidavit']);
    expect(otherDocumentItems(requests, 9)).toEqual([]);
  });

  it('is named verbatim in the e-mail, with whose it is', () => {
    expect(otherDocumentWords('Marriage certificate', { fullName: ' Priya Sharma ' })).toBe(
      'Marriage certificate (for Priya Sharma)',
    );
  });
});
