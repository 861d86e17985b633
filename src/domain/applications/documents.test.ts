import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../orders/status.ts';
import { canChangeDocuments } from './application.ts';
import { documentChecklist } from './checklist.ts';
import {
  checklistItemIdSchema,
  checklistStatus,
  DOCUMENT_MESSAGES,
  documentLinks,
  documentRequestsOpen,
  itemStillNeeded,
  itemsStillNeeded,
  openRequest,
} from './documents.ts';

const items =
  documentChecklist({
    serviceSlug: 'indian-visa',
    packageSlug: 'e-business',
    choices: { citizenship: 'US' },
    memberKind: 'Adult',
  }) ?? [];

describe('checklistStatus', () => {
  const on = '2026-11-01T10:00:00.000Z';

  it('ticks the items that have a file and is complete once every required one has', () => {
    expect(items.map((i) => i.id)).toEqual(['passport-bio-page', 'photo', 'business-card', 'invitation-letter']);
    const some = checklistStatus(items, 7, [{ id: 1, itemId: 'photo', uploadedAt: on }], []);
    expect(some.items.map((i) => [i.id, i.uploaded])).toEqual([
      ['passport-bio-page', false],
      ['photo', true],
      ['business-card', false],
      ['invitation-letter', false],
    ]);
    expect(some.items[1]?.documents).toEqual([{ id: 1, itemId: 'photo', uploadedAt: on }]);
    expect(some.complete).toBe(false);
    const all = checklistStatus(
      items,
      7,
      items.map((item, n) => ({ id: n, itemId: item.id, uploadedAt: on })),
      [],
    );
    expect(all.complete).toBe(true);
  });

  it('keeps the files of items the checklist no longer lists apart', () => {
    const status = checklistStatus(
      items,
      7,
      [
        { id: 1, itemId: 'thumb-impression', uploadedAt: on },
        { id: 2, itemId: 'photo', uploadedAt: on },
      ],
      [],
    );
    expect(status.otherDocuments).toEqual([{ id: 1, itemId: 'thumb-impression', uploadedAt: on }]);
  });

  it('counts only required items towards completeness', () => {
    const optional = items.map((item) => ({ ...item, required: item.id === 'photo' }));
    expect(checklistStatus(optional, 7, [{ itemId: 'photo', uploadedAt: on }], []).complete).toBe(true);
  });

  it('does not tick an item our team asked for again, even with its file, until a new upload answers them', () => {
    const optional = items.map((item) => ({ ...item, required: item.id === 'photo' }));
    const request = {
      memberId: 7,
      itemId: 'business-card',
      note: 'Unreadable',
      createdAt: new Date('2026-11-02T09:00:00Z'),
    };
    const files = optional.map((item, n) => ({ id: n, itemId: item.id, uploadedAt: on }));
    const asked = checklistStatus(optional, 7, files, [request]);
    const card = asked.items.find((i) => i.id === 'business-card');
    expect(card).toMatchObject({ uploaded: false, requested: { note: 'Unreadable' } });
    expect(card?.documents).toHaveLength(1);
    // An optional item asked for again holds the checklist back too.
    expect(asked.complete).toBe(false);
    expect(asked.items.filter(itemStillNeeded).map((i) => i.id)).toEqual(['business-card']);

    const answered = files.map((f) =>
      f.itemId === 'business-card' ? { ...f, uploadedAt: '2026-11-02T09:30:00Z' } : f,
    );
    const after = checklistStatus(optional, 7, answered, [request]);
    expect(after.items.find((i) => i.id === 'business-card')).toMatchObject({ uploaded: true });
    expect(after.complete).toBe(true);
    // Another member's request is not this one's.
    expect(checklistStatus(optional, 8, files, [request]).complete).toBe(true);
  });
});

describe('canChangeDocuments', () => {
  it('is open before payment and while forms or documents are missing, nowhere else', () => {
    expect(ORDER_STATUSES.filter(canChangeDocuments)).toEqual(['Payment pending', 'Forms incomplete']);
    expect(canChangeDocuments('forms INCOMPLETE')).toBe(true);
    expect(canChangeDocuments('Unknown')).toBe(false);
  });
});

describe('checklist item ids in paths', () => {
  it('take the checklist’s kebab-case ids and nothing else', () => {
    expect(checklistItemIdSchema.safeParse('parent-passport-1').success).toBe(true);
    for (const bad of ['Photo', 'photo_1', '-photo', 'photo-', '../photo', 'a'.repeat(65), '']) {
      const result = checklistItemIdSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DOCUMENT_MESSAGES.itemIdInvalid);
    }
  });
});

describe('documentLinks', () => {
  it('names the download and the preview of a document under its order', () => {
    expect(documentLinks('DOC-48213907', 12)).toEqual({
      download: '/api/v1/application/order/DOC-48213907/documents/12/download',
      preview: '/api/v1/application/order/DOC-48213907/documents/12/preview',
    });
  });
});

describe('openRequest', () => {
  const at = new Date('2026-11-20T10:00:00Z');
  const requests = [
    { memberId: 1, itemId: 'photo', note: 'Too dark', createdAt: new Date('2026-11-19T10:00:00Z') },
    { memberId: 1, itemId: 'photo', note: 'Still too dark', createdAt: at },
    { memberId: 2, itemId: 'photo', note: 'Other member', createdAt: at },
  ];

  it('is the newest request for the member’s item while no upload came after it', () => {
    expect(openRequest(requests, 1, 'photo', [])).toEqual({ note: 'Still too dark', at: at.toISOString() });
    expect(openRequest(requests, 1, 'photo', [{ uploadedAt: '2026-11-19T12:00:00Z' }])).toEqual({
      note: 'Still too dark',
      at: at.toISOString(),
    });
  });

  it('is answered by an upload after it, and absent without a request', () => {
    expect(openRequest(requests, 1, 'photo', [{ uploadedAt: '2026-11-20T10:00:01Z' }])).toBeUndefined();
    expect(openRequest(requests, 1, 'signature', [])).toBeUndefined();
  });

  it('is never a request staff withdrew (decision 0188): the newest one still standing is', () => {
    const withdrawnAt = new Date('2026-11-21T10:00:00Z');
    const withdrawn = requests.map((r) => (r.note === 'Still too dark' ? { ...r, withdrawnAt } : r));
    expect(openRequest(withdrawn, 1, 'photo', [])).toEqual({
      note: 'Too dark',
      at: '2026-11-19T10:00:00.000Z',
    });
    const allWithdrawn = requests.map((r) => ({ ...r, withdrawnAt }));
    expect(openRequest(allWithdrawn, 1, 'photo', [])).toBeUndefined();
    expect(checklistStatus(items, 1, [], allWithdrawn).items.some((i) => i.requested)).toBe(false);
  });
});

describe('documentRequestsOpen', () => {
  it('is In review and Forms incomplete only: where staff ask for a document and withdraw a request', () => {
    expect(ORDER_STATUSES.filter(documentRequestsOpen)).toEqual(['Forms incomplete', 'In review']);
  });
});

describe('itemsStillNeeded', () => {
  const at = (iso: string) => new Date(iso);
  const needed = (uploads: Parameters<typeof itemsStillNeeded>[2], requests: Parameters<typeof itemsStillNeeded>[3]) =>
    itemsStillNeeded(items, 7, uploads, requests).map((i) => i.id);

  it('lists the required items without a file, in checklist order', () => {
    const uploads = [
      { itemId: 'photo', uploadedAt: '2026-11-01T10:00:00.000Z' },
      { itemId: 'business-card', uploadedAt: '2026-11-01T10:00:00.000Z' },
    ];
    expect(needed(uploads, [])).toEqual(['passport-bio-page', 'invitation-letter']);
  });

  it('keeps an item our team asked for again until an upload made after the request answers it', () => {
    const uploads = items.map((i) => ({ itemId: i.id, uploadedAt: '2026-11-01T10:00:00.000Z' }));
    const requests = [
      { memberId: 7, itemId: 'photo', note: 'Blurred', createdAt: at('2026-11-02T09:00:00.000Z') },
      { memberId: 8, itemId: 'business-card', note: 'Another member', createdAt: at('2026-11-02T09:00:00.000Z') },
    ];
    expect(needed(uploads, requests)).toEqual(['photo']);
    const answered = uploads.map((u) => (u.itemId === 'photo' ? { ...u, uploadedAt: '2026-11-02T09:30:00.000Z' } : u));
    expect(needed(answered, requests)).toEqual([]);
  });
});
