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
  DOCUMENT_REQUEST_WITHDRAWAL as W,
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

  it('names whose it is as a list names its members, when given how (decision 0188 §2)', () => {
    const firstName = (m: { fullName: string }) => m.fullName.trim().split(' ')[0] ?? '';
    expect(otherDocumentWords('Marriage certificate', { fullName: 'Priya Sharma' }, firstName)).toBe(
      'Marriage certificate (for Priya)',
    );
  });
});

describe('a withdrawn request for a document outside the checklist (decision 0188)', () => {
  const withdrawnAt = new Date('2026-12-08T10:00:00Z');

  it('makes no item once every request for it is withdrawn; one still standing keeps it, with its label', () => {
    const requests = [
      { memberId: 7, itemId: 'other-00000001', itemLabel: 'Marriage certificate', withdrawnAt },
      { memberId: 7, itemId: 'other-00000002', itemLabel: 'Name-change affidavit', withdrawnAt },
      { memberId: 7, itemId: 'other-00000002', itemLabel: 'Name-change affidavit', withdrawnAt: null },
      { memberId: 7, itemId: 'other-00000003', itemLabel: 'Surrender certificate' },
    ];
    expect(otherDocumentItems(requests, 7).map((i) => [i.id, i.label])).toEqual([
      ['other-00000002', 'Name-change affidavit'],
      ['other-00000003', 'Surrender certificate'],
    ]);
  });

  it('says so in the shared words, verbatim', () => {
    expect(W.withdrawn).toBe('Request withdrawn: the customer no longer needs to upload the document, and is told so');
    expect(W.notFound).toBe('This order has no such document request');
    expect(W.neededAnyway).toBe(
      'The checklist asks for this document until the customer sends it, so this request cannot be withdrawn: no file of theirs is in for it yet.',
    );
    expect(W.alreadyWithdrawn).toBe('This request was withdrawn already. Reload the page to see it as it is.');
    expect(W.fileIn).toBe(
      'The customer has uploaded a file for this document, so the request cannot be withdrawn: the file stays on the order. Reload the page to see it.',
    );
    expect(W.notOpen('Order pending')).toBe(
      'This order is Order pending now: a request can be withdrawn while the order is In review or Forms incomplete. Reload the page to see it as it is.',
    );
    expect(W.action).toBe('Withdraw');
    expect(W.actionName('Marriage certificate', 'Priya Sharma')).toBe(
      'Withdraw the request for Marriage certificate (Priya Sharma)',
    );
    expect(W.confirmTitle('Marriage certificate', 'Priya Sharma')).toBe(
      'Withdraw the request for Marriage certificate (Priya Sharma)?',
    );
    expect(W.confirmText).toBe(
      'The customer’s checklist and order page stop asking for it, the order no longer waits for it, and the customer is e-mailed that it is no longer needed. Every request for this document is withdrawn; they stay in this list, marked withdrawn.',
    );
    expect([W.confirm, W.pending, W.cancel]).toEqual(['Withdraw the request', 'Withdrawing…', 'Keep the request']);
    expect(W.withdrawnLine('Dec 8, 2026, 10:00 AM UTC', 'meera@example.com')).toBe(
      'Withdrawn Dec 8, 2026, 10:00 AM UTC by meera@example.com',
    );
    expect(W.withdrawnLine('Dec 8, 2026, 10:00 AM UTC', null)).toBe('Withdrawn Dec 8, 2026, 10:00 AM UTC');
    const document = 'Marriage certificate (for Priya Sharma)';
    expect(W.mailSubject('DOC-48213907', document)).toBe(
      'Your order DOC-48213907: Marriage certificate (for Priya Sharma) is no longer needed',
    );
    expect(W.mailHeading(document)).toBe('Our team no longer needs Marriage certificate (for Priya Sharma)');
    expect(W.mailIntro).toBe(
      'You do not need to upload it: our team withdrew their request, and your order page no longer asks for it.',
    );
    expect(W.mailLink).toBe('See your order here');
    // A new file of a document they sent (decision 0192): the one sent stays.
    expect(W.confirmTextAgain).toBe(
      'The customer’s checklist and order page stop asking for a new file and keep the one they sent, the order no longer waits for it, and the customer is e-mailed that they need not upload it again. Every open request for this document is withdrawn; they stay in this list, marked withdrawn.',
    );
    const sent = 'Priya Sharma’s passport bio page';
    expect(W.againMailSubject('DOC-48213907', sent)).toBe(
      'Your order DOC-48213907: no need to upload Priya Sharma’s passport bio page again',
    );
    expect(W.againMailHeading(sent)).toBe('No need to upload Priya Sharma’s passport bio page again');
    expect(W.againMailIntro).toBe(
      'Our team withdrew their request for a new file: the one you sent before stays with your order, and your order page no longer asks for another.',
    );
    expect(W.againNotice(sent)).toBe(
      'No need to upload Priya Sharma’s passport bio page again: our team withdrew their request, and the file you sent stays.',
    );
    expect(W.notice(document)).toBe(
      'Marriage certificate (for Priya Sharma) is no longer needed: our team withdrew their request.',
    );
    expect(W.documentStatus).toBe('Withdrawn');
  });
});
