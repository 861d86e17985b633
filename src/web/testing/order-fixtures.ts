/** Fixtures for the application pages' component tests (test code only). */
import type { ApplicationOrder } from '../../domain/applications/application.ts';
import type { OrderChecklist } from '../../domain/applications/documents.ts';
import type { MemberForm } from '../../domain/applications/member-form.ts';
import type { Member } from '../../domain/applications/members.ts';
import type { PhotoToRedo } from '../../domain/applications/photos-to-redo.ts';
import type { ChosenPackage } from '../../domain/catalog/package-choice.ts';
import { premiumSupportFor } from '../../domain/checkout/premium-support.ts';
import type { Payment } from '../../domain/payments/payment.ts';

export const TODAY = '2026-11-20';

export const CHOSEN: ChosenPackage = {
  service: { name: 'OCI Card', slug: 'oci-card', parameters: ['applyingFrom'] },
  pkg: {
    id: 7,
    serviceId: 2,
    name: 'New OCI Card',
    slug: 'new-oci-card',
    description: 'A first OCI card for a foreign citizen of Indian origin.',
    processingTime: '6–8 weeks',
    feeNote: null,
    perApplicant: true,
    applicantKinds: null,
    choices: { applyingFrom: 'US' },
    price: {
      id: 31,
      applyingFrom: 'US',
      citizenship: null,
      destination: null,
      currency: 'USD',
      governmentFeeCents: 27500,
      mandatoryFees: [{ label: 'ICWF', amountCents: 300 }],
      serviceFeeCents: 7900,
      compareAtServiceFeeCents: null,
      totalCents: 35700,
      isEstimate: false,
      feesPaidOnPortal: false,
    },
  },
};

export function member(overrides: Partial<Member> = {}): Member {
  return {
    id: 11,
    fullName: 'Priya Sharma',
    dateOfBirth: '1988-04-12',
    kind: 'Adult',
    relationship: 'Self',
    position: 1,
    progress: { currentStep: 1, totalSteps: 7, reviewed: false },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function order(overrides: Partial<ApplicationOrder> = {}): ApplicationOrder {
  const members = overrides.members ?? [member()];
  return {
    id: 4321,
    displayId: 'DOC-48213907',
    title: 'OCI Card: New OCI Card',
    status: 'Payment pending',
    service: { id: 2, slug: 'oci-card', name: 'OCI Card' },
    package: { id: 7, slug: 'new-oci-card', name: 'New OCI Card' },
    choices: { applyingFrom: 'US' },
    price: {
      currency: 'USD',
      governmentFeeCents: 27500,
      mandatoryFees: [{ label: 'ICWF', amountCents: 300 }],
      serviceFeeCents: 7900,
      compareAtServiceFeeCents: null,
      isEstimate: false,
      feesPaidOnPortal: false,
      perMemberCents: 35700,
      memberCount: members.length,
      totalCents: 35700 * members.length,
    },
    premiumSupport: premiumSupportFor(35700 * members.length),
    formDefinitionId: 3,
    mission: null,
    filing: 'mission',
    postingAddress: null,
    members,
    timeline: [
      { fromStatus: null, status: 'Payment pending', by: 'customer', remark: null, at: '2026-11-20T10:00:00.000Z' },
    ],
    actions: {
      canCancel: true,
      canChangeMemberList: true,
      canEditMembers: true,
      canChangeDocuments: true,
      canChangeAnswers: true,
    },
    toDo: { missingDocuments: [], incompleteForms: [], photosToRedo: [] },
    missing: [],
    preparedAfterPayment: [],
    files: { deleteOn: null, deletedAt: null },
    strayCharges: [],
    messages: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function checklist(overrides: Partial<OrderChecklist> = {}): OrderChecklist {
  return { canChangeDocuments: true, complete: false, members: [], ...overrides };
}

/** An order's payment attempt as the payment calls answer it: the sandbox's, pending, unless overridden. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  const state = overrides.state ?? 'PENDING';
  return {
    attempt: 1,
    provider: 'sandbox',
    state,
    amountCents: 70800,
    currency: 'USD',
    exchangeRate: null,
    // Unconverted, the charge is the order's total; a converted one's total is given with it.
    orderTotal: overrides.exchangeRate
      ? { amountCents: 70800, currency: 'USD' }
      : { amountCents: overrides.amountCents ?? 70800, currency: overrides.currency ?? 'USD' },
    redirectUrl: state === 'PENDING' ? '/api/v1/payments/sandbox/checkout?payment=sbx_1' : null,
    checkout: null,
    orderStatus: state === 'COMPLETED' ? 'Forms incomplete' : 'Payment pending',
    closedBecause: null,
    premiumSupport: premiumSupportFor(overrides.amountCents ?? 70800),
    returned: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A member's stored form as GET …/members/{id}/form answers it: saved, editable, on step 1. */
export function memberForm(
  memberId: number,
  answers: Record<string, unknown>,
  extra: Partial<MemberForm> = {},
): MemberForm {
  return {
    memberId,
    currentStep: 1,
    answers,
    reviewDetails: null,
    canEdit: true,
    canRemoveReview: false,
    savedAt: '2026-11-30T09:30:00.000Z',
    answersSavedAt: '2026-11-30T09:30:00.000Z',
    ...extra,
  };
}

/** A file the order names worth replacing (its `toDo.photosToRedo`): Dev's photo out of focus, `overrides` over it. */
export function photoToRedo(overrides: Partial<PhotoToRedo> = {}): PhotoToRedo {
  return {
    memberId: 12,
    itemId: 'photo',
    label: 'Dev’s photo',
    problem: 'The photo is out of focus.',
    step: 6,
    documentId: 41,
    sameFile: false,
    ...overrides,
  };
}
