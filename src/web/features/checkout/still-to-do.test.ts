import { describe, expect, it } from 'vitest';
import type { ChecklistItemStatus, MemberChecklist } from '../../../domain/applications/documents.ts';
import { checklist, order } from '../../testing/order-fixtures.ts';
import { STILL_TO_DO_TEXT, stillToDoAfterPayment } from './still-to-do.ts';

const accept = { types: ['pdf' as const], maxBytes: 10 * 1024 * 1024 };
const item = (id: string, label: string, overrides: Partial<ChecklistItemStatus> = {}): ChecklistItemStatus => ({
  id,
  label,
  required: true,
  accept,
  uploaded: false,
  documents: [],
  ...overrides,
});
const uploaded = (id: string, label: string) => item(id, label, { uploaded: true });
/** Our team's Parental Authorization Form, in the member's print pack once paid. */
const authorizationForm = (memberId: number) =>
  item('parental-authorization-form', 'Parental Authorization Form', {
    preparedByUs: true,
    printPack: `/api/v1/application/order/DOC-48213907/members/${memberId}/print-pack`,
  });
const member = (memberId: number, fullName: string, items: ChecklistItemStatus[]): MemberChecklist => ({
  memberId,
  fullName,
  kind: 'Minor',
  items,
  otherDocuments: [],
  complete: items.every((i) => i.uploaded || !i.required),
});

describe('what a paid application in Forms incomplete still needs (review r68a)', () => {
  it('names only the notarised forms to print from the print pack once every form is reviewed and uploaded', () => {
    const list = checklist({
      members: [member(12, 'Aarav Sharma', [uploaded('photo', 'Aarav’s photo'), authorizationForm(12)])],
    });
    expect(stillToDoAfterPayment(order(), list)).toBe(
      'What happens next: print Aarav’s Parental Authorization Form from the print pack on your order page, sign it as the pack shows (before a notary where it says so) and upload it. Once everything is in, our team starts on your application.',
    );
  });

  it('lists the forms to finish, the uploads and each child’s prepared form, from their print packs', () => {
    const list = checklist({
      members: [
        member(11, 'Priya Sharma', [item('foreign-passport', 'Current foreign passport')]),
        member(12, 'Aarav Sharma', [authorizationForm(12)]),
        member(13, 'Anaya Sharma', [authorizationForm(13)]),
      ],
    });
    const withForms = order({
      toDo: { incompleteForms: [{ memberId: 11, fullName: 'Priya Sharma' }], missingDocuments: [], photosToRedo: [] },
    });
    expect(stillToDoAfterPayment(withForms, list)).toBe(
      'What happens next: finish and review Priya’s form, upload the documents still missing and print Aarav’s Parental Authorization Form and Anaya’s Parental Authorization Form from the print packs on your order page, sign them as the pack shows (before a notary where it says so) and upload them. Once everything is in, our team starts on your application.',
    );
  });

  it('asks for no form and no print pack when only an upload is left', () => {
    const list = checklist({
      members: [member(11, 'Priya Sharma', [item('foreign-passport', 'Current foreign passport')])],
    });
    const text = stillToDoAfterPayment(order(), list);
    expect(text).toBe(
      'What happens next: upload the documents still missing. Once everything is in, our team starts on your application.',
    );
  });

  it('leaves it to the order page when its lists name nothing (our team sent it back)', () => {
    expect(stillToDoAfterPayment(order(), checklist())).toBe(STILL_TO_DO_TEXT.unknown);
  });
});
