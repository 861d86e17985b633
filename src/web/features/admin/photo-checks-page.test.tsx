// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_OPTIMIZE_LOOK,
  SECOND_LOOK_MESSAGES as S,
  SECOND_LOOK_CAUSE_LABELS,
  type SecondLookEntry,
} from '../../../domain/photos/second-look.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../testing/dom.tsx';
import { PhotoChecksPage, PHOTO_CHECKS_PAGE_TEXT as TEXT } from './photo-checks-page.tsx';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const ENTRY: SecondLookEntry = {
  photoId: 31,
  itemId: 11,
  name: 'grey-wall.jpg',
  photoSize: 'us-2x2',
  documentType: 'US Passport',
  cause: 'borderline',
  state: 'done',
  report: {
    sizeId: 'us-2x2',
    passed: true,
    fitted: { widthPx: 600, heightPx: 600, bytes: 60_000, headPercent: 60 },
    checks: [
      {
        rule: 'background',
        passed: true,
        measured: 'Brightness 195 of 255, variation 3',
        expected: 'Brightness at least 190 of 255, variation at most 20',
        fix: null,
        borderline: true,
      },
    ],
  },
  order: {
    displayId: 'PHO-51234567',
    status: 'Order pending',
    email: 'anita@example.com',
    hasPrints: true,
    photoOptimize: false,
  },
  links: { fitted: '/api/v1/admin/orders/PHO-51234567/items/11/photos/31/fitted?v=Xy3_k-held', original: '/o' },
  // Fri 17:00 New York → due Mon 10:00; 80 business minutes left.
  sla: { startedAt: '2025-11-28T22:00:00.000Z', dueAt: '2025-12-01T15:00:00.000Z', minutesLeft: 80 },
};

describe('the photo checks queue (issue 31 §4)', () => {
  it('shows each photo with its thumbnail, measured values, order and time left', async () => {
    renderWithRouter(
      <PhotoChecksPage queue={[ENTRY, { ...ENTRY, photoId: 32, sla: { ...ENTRY.sla, minutesLeft: -35 } }]} />,
    );
    await screen.findByRole('heading', { level: 1, name: TEXT.title });
    // The cards: list items named by their heading (each card's checks are a list of their own).
    const [first, second] = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('aria-labelledby'));
    const card = within(first as HTMLElement);
    expect(card.getByRole('img', { name: TEXT.thumbnail('grey-wall.jpg') }).getAttribute('src')).toBe(
      ENTRY.links.fitted,
    );
    expect(card.getByRole('link', { name: 'PHO-51234567' }).getAttribute('href')).toBe('/admin/orders/PHO-51234567');
    expect(card.getByText(/Brightness 195 of 255/)).toBeTruthy();
    expect(card.getByText('1 h 20 min left')).toBeTruthy();
    expect(card.getByText(/due Mon 10:00 AM EST/)).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Overdue by 35 min')).toBeTruthy();
  });

  it('says Photo Optimize was bought, so the editor checks the photo’s fit by hand', async () => {
    renderWithRouter(
      <PhotoChecksPage
        queue={[
          { ...ENTRY, order: { ...ENTRY.order, photoOptimize: true } },
          { ...ENTRY, photoId: 32, cause: 'asked', order: { ...ENTRY.order, photoOptimize: true } },
          { ...ENTRY, photoId: 33, cause: 'asked' },
        ]}
      />,
    );
    await screen.findByRole('heading', { level: 1, name: TEXT.title });
    const [borderline, optimized, asked] = screen
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('aria-labelledby'))
      .map((li) => within(li as HTMLElement));
    expect(borderline?.getByText(SECOND_LOOK_CAUSE_LABELS.borderline)).toBeTruthy();
    expect(borderline?.getByText(PHOTO_OPTIMIZE_LOOK)).toBeTruthy();
    expect(optimized?.getByText(PHOTO_OPTIMIZE_LOOK)).toBeTruthy();
    expect(optimized?.queryByText(SECOND_LOOK_CAUSE_LABELS.asked)).toBeNull();
    expect(asked?.getByText(SECOND_LOOK_CAUSE_LABELS.asked)).toBeTruthy();
    expect(asked?.queryByText(PHOTO_OPTIMIZE_LOOK)).toBeNull();
  });

  it('says so when nothing waits', async () => {
    renderWithRouter(<PhotoChecksPage queue={[]} />);
    expect(await screen.findByText(TEXT.empty)).toBeTruthy();
  });

  it('refuses a rejection without a reason, and sends one with it', async () => {
    const api = fakeApi({
      'POST /api/v1/admin/photo-checks/31/reject': () =>
        ok({ photoId: 31, secondLook: 'rejected', orderDisplayId: 'PHO-51234567', printsHeld: true }, S.rejected),
    });
    renderWithRouter(<PhotoChecksPage queue={[ENTRY]} />);
    fireEvent.click(await screen.findByRole('button', { name: TEXT.reject }));
    expect(screen.getByText(S.reasonRequired)).toBeTruthy();
    expect(api.calls).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: TEXT.reason }), {
      target: { value: 'Glare on the glasses.' },
    });
    fireEvent.click(screen.getByRole('button', { name: TEXT.reject }));
    await waitFor(() => expect(api.calls.map((c) => c.body)).toEqual([{ reason: 'Glare on the glasses.' }]));
    expect(await screen.findByText(S.rejected)).toBeTruthy();
  });

  it('lets staff reject, not approve, a photo with nothing fitted to release; a retake still checking neither', async () => {
    const failed: SecondLookEntry = { ...ENTRY, photoId: 41, cause: 'retake', state: 'failed', report: null };
    const unfitted: SecondLookEntry = {
      ...ENTRY,
      photoId: 42,
      report: ENTRY.report && { ...ENTRY.report, passed: false, fitted: null },
    };
    const checking: SecondLookEntry = { ...ENTRY, photoId: 43, cause: 'retake', state: 'pending', report: null };
    renderWithRouter(<PhotoChecksPage queue={[failed, unfitted, checking]} />);
    await screen.findByRole('heading', { level: 1, name: TEXT.title });
    const cards = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('aria-labelledby'));
    const buttons = (card: HTMLElement | undefined) => ({
      approve: within(card as HTMLElement).getByRole('button', { name: new RegExp(TEXT.approve) }),
      reject: within(card as HTMLElement).getByRole('button', { name: TEXT.reject }),
    });
    for (const card of cards.slice(0, 2)) {
      expect(buttons(card)).toMatchObject({ approve: { disabled: true }, reject: { disabled: false } });
      expect(within(card as HTMLElement).getByText(S.notFitted)).toBeTruthy();
    }
    expect(within(cards[0] as HTMLElement).getByText(TEXT.checkFailed)).toBeTruthy();
    expect(buttons(cards[2])).toMatchObject({ approve: { disabled: true }, reject: { disabled: true } });
    expect(within(cards[2] as HTMLElement).getByText(TEXT.checking)).toBeTruthy();
  });
});
