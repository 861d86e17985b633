import type { DeskOrder } from '../../domain/admin/orders.ts';
import type { ApplicationOrder } from '../../domain/applications/application.ts';
import type { PhotoOrder } from '../../domain/photos/orders.ts';

/** A New OCI Card's price: the government fee, the ICWF and VFS's fee, which our team pays at the centre. */
export const OCI_DESK_PRICE = {
  totalCents: 32500,
  currency: 'USD',
  governmentFeeCents: 27500,
  mandatoryFees: [
    { label: 'ICWF', amountCents: 300 },
    { label: 'VFS Global service fee', amountCents: 1590 },
  ],
  feesPaidOnPortal: false,
};

/**
 * A service order on the desk with no members (DOC-48213907, a New OCI Card from the USA): the
 * application's fields the desk's panels read, `application` over them, and the desk's own
 * service fields (`service`: the fees paid record, say).
 */
export function deskServiceOrder(
  status: string,
  {
    application = {},
    service = {},
  }: { application?: Partial<ApplicationOrder>; service?: Partial<NonNullable<DeskOrder['service']>> } = {},
): DeskOrder {
  return {
    id: 1,
    displayId: 'DOC-48213907',
    kind: 'service',
    title: 'OCI Card: New OCI Card',
    status,
    customer: { id: 7, name: 'Priya Sharma', email: 'priya@example.com' },
    sla: { state: 'running', startedAt: null, dueAt: null, days: 70, basis: 'OCI within 70 days' },
    nextStatuses: [],
    notes: [],
    expedite: false,
    charged: { currency: 'USD', lines: [], totalCents: 0 },
    payments: { attempts: [], refunds: [] },
    service: {
      order: {
        service: { id: 1, slug: 'oci-card', name: 'OCI Card' },
        package: { id: 2, slug: 'new-oci-card', name: 'New OCI Card' },
        choices: { applyingFrom: 'US' },
        price: OCI_DESK_PRICE,
        members: [],
        timeline: [],
        mission: null,
        filing: 'mission',
        postingAddress: null,
        ...application,
      },
      definition: null,
      answers: [],
      checklist: { canChangeDocuments: false, complete: true, members: [] },
      documents: [],
      documentRequests: [],
      addOns: [],
      feesPaid: null,
      postingAddress: null,
      photosToCheck: [],
      ...service,
    },
    photo: null,
  } as unknown as DeskOrder;
}

/**
 * A photo order on the desk (PHO-51234567, Order pending, one 2 × 2 in item without photos): the
 * fields the desk's panels read, `photoPart` over them (the plan, the delivery, a recorded hand-over).
 */
export function deskPhotoOrder(photoPart: Partial<PhotoOrder>): DeskOrder {
  return {
    id: 2,
    displayId: 'PHO-51234567',
    kind: 'photo',
    title: 'Passport photos',
    status: 'Order pending',
    customer: { id: 8, name: 'Priya Sharma', email: 'priya@example.com' },
    sla: { state: 'running', startedAt: null, dueAt: null, days: 2, basis: 'Digital photos within 2 days' },
    nextStatuses: [],
    notes: [],
    expedite: false,
    charged: { currency: 'USD', lines: [], totalCents: 0 },
    payments: { attempts: [], refunds: [] },
    service: null,
    photo: {
      currency: 'USD',
      items: [
        { id: 5, photoSize: 'us-2x2', documentType: 'US passport', personName: null, label: '2 × 2 in', photos: [] },
      ],
      options: [],
      delivery: null,
      timeline: [],
      ...photoPart,
    } as PhotoOrder,
  } as unknown as DeskOrder;
}
