// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_ORDER_MESSAGES as M, PHOTO_ORDER_UPLOAD, type PhotoOrder } from '../../../../domain/photos/orders.ts';
import { PHOTO_SIZES, sizeTitle } from '../../../../domain/photos/sizes.ts';
import { PHOTO_MAX_BYTES } from '../../../../domain/uploads/file-types.ts';
import { unsupportedTypeMessage } from '../../../../domain/uploads/messages.ts';
import { photoKeys } from '../../../lib/photo-api.ts';
import { cleanupAfterEach, fakeApi, installBrowserStubs, ok, renderWithRouter } from '../../../testing/dom.tsx';
import { ItemsStep } from './items-step.tsx';
import { photoOrderAt, renderStep } from './testing.tsx';
import { ITEMS_TEXT } from './text.ts';

beforeAll(installBrowserStubs);
cleanupAfterEach();

const ORDER = photoOrderAt(1, { backgroundChangeOffered: false });
const US = PHOTO_SIZES['us-2x2'];
/** The order's one item, a US 2 × 2 photo, with `photos`. */
const usItem = (photos: PhotoOrder['items'][number]['photos'] = []): PhotoOrder['items'][number] => ({
  id: 11,
  photoSize: US.id,
  documentType: US.documentType,
  personName: null,
  label: US.label,
  photos,
});

/** A photo of the item whose check failed (no face): nothing to poll. */
const photo = (id: number): PhotoOrder['items'][number]['photos'][number] => ({
  id,
  itemId: 11,
  name: `p${id}.jpg`,
  size: 100_000,
  type: 'image/jpeg',
  state: 'failed' as const,
  report: null,
  error: 'No face',
  url: '/o',
  links: { original: '/o', fitted: null, printSheet: null },
  uploadedAt: '2026-11-28T08:00:00.000Z',
  failedRuleChoice: null,
  secondLook: null,
  secondLookReason: null,
  retakeUrl: null,
});

/** The step as the page shows it: its order follows the cached answer of each change. */
function CachedOrderStep() {
  const order = useQuery({ queryKey: photoKeys.order(ORDER.displayId), queryFn: () => ORDER, initialData: ORDER });
  return <ItemsStep order={order.data} goTo={() => {}} moving={false} />;
}

describe('the items step (step 1)', () => {
  it('asks for a size before adding an item, adds the chosen one, and holds Continue until every item has a photo', async () => {
    const api = fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'POST /api/v1/photo-orders/PHO-1001/items': () =>
        ok({
          ...ORDER,
          items: [usItem()],
        }),
    });
    const { goTo } = renderStep(ItemsStep, ORDER);
    expect(await screen.findByText(ITEMS_TEXT.empty)).toBeTruthy();
    expect(screen.getByText(ITEMS_TEXT.needPhoto)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(goTo).not.toHaveBeenCalled();

    await screen.findByRole('option', { name: sizeTitle(US) });
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.add }));
    expect(await screen.findByText(M.sizeRequired)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByLabelText(ITEMS_TEXT.sizeLabel), { target: { value: US.id } });
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.add }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      photoSize: 'us-2x2',
      idempotencyKey: expect.any(String),
    });
    expect(screen.queryByText(M.sizeRequired)).toBeNull();
  });

  it('says a missing size as an alert, and takes the focus to the item it adds (review 62 §4)', async () => {
    fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'POST /api/v1/photo-orders/PHO-1001/items': () => ok({ ...ORDER, items: [usItem()] }),
    });
    renderWithRouter(
      <QueryClientProvider client={new QueryClient()}>
        <CachedOrderStep />
      </QueryClientProvider>,
    );
    await screen.findByRole('option', { name: sizeTitle(US) });
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.add }));
    expect((await screen.findByRole('alert')).textContent).toBe(M.sizeRequired);

    fireEvent.change(screen.getByLabelText(ITEMS_TEXT.sizeLabel), { target: { value: US.id } });
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.add }));
    const heading = await screen.findByRole('heading', { level: 3 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.id).toBe('item-11-title');
  });

  it('adds one item for a double tap on Add item: the second tap while adding is not a second item to pay for', async () => {
    const api = fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'POST /api/v1/photo-orders/PHO-1001/items': () =>
        // Answered a moment later, as over a phone's network: the button says "Adding…" meanwhile.
        new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
          ok({
            ...ORDER,
            items: [usItem()],
          }),
        ),
    });
    renderStep(ItemsStep, ORDER);
    await screen.findByRole('option', { name: sizeTitle(US) });
    fireEvent.change(screen.getByLabelText(ITEMS_TEXT.sizeLabel), { target: { value: US.id } });
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.add }));
    await screen.findByRole('button', { name: ITEMS_TEXT.adding });
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.adding }));
    await screen.findByRole('button', { name: ITEMS_TEXT.add });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('sends an add tapped again after no answer came under the same key (the server adds it once), and a new add under a new key', async () => {
    let answered = 0;
    const api = fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'GET /api/v1/photo-orders/PHO-1001': () => ok({ ...ORDER, items: [usItem()] }),
      'POST /api/v1/photo-orders/PHO-1001/items': () => {
        answered += 1;
        return answered === 1 ? 'network-error' : ok({ ...ORDER, items: [usItem()] });
      },
    });
    renderStep(ItemsStep, ORDER);
    await screen.findByRole('option', { name: sizeTitle(US) });
    const add = async () => {
      fireEvent.change(screen.getByLabelText(ITEMS_TEXT.sizeLabel), { target: { value: US.id } });
      fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.add }));
      await screen.findByRole('button', { name: ITEMS_TEXT.add });
    };
    await add();
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    await add();
    await add();
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    const keys = api.calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('names the files chosen beyond the item’s four instead of dropping them silently', async () => {
    fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
    });
    const order = photoOrderAt(1, {
      backgroundChangeOffered: false,
      items: [usItem([photo(1), photo(2), photo(3)])],
    });
    renderStep(ItemsStep, order);
    const input = (await screen.findByText(ITEMS_TEXT.choose)).querySelector('input') as HTMLInputElement;
    const files = ['a.jpg', 'b.jpg', 'c.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    fireEvent.change(input, { target: { files } });
    expect((await screen.findByText(ITEMS_TEXT.leftOut(['b.jpg', 'c.jpg']))).getAttribute('role')).toBe('alert');
  });

  it('asks before removing an item with photos or a photo, and keeps them on Keep it; an empty item goes at once', async () => {
    const order = photoOrderAt(1, { backgroundChangeOffered: false, items: [usItem([photo(1), photo(2)])] });
    const api = fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'DELETE /api/v1/photo-orders/PHO-1001/items/11/photos/1': () => ok({ ...order, items: [usItem([photo(2)])] }),
      'DELETE /api/v1/photo-orders/PHO-1001/items/11': () => ok({ ...order, items: [] }),
    });
    const deletes = () => api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);
    renderStep(ItemsStep, order);

    fireEvent.click(await screen.findByRole('button', { name: `${ITEMS_TEXT.removeItem}: ${sizeTitle(US)}` }));
    const asked = await screen.findByRole('dialog', { name: ITEMS_TEXT.removeItemTitle(`${US.documentType}`) });
    expect(asked.textContent).toContain(ITEMS_TEXT.removeItemDescription(2));
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.removeKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.removePhoto('p1.jpg') }));
    const photoAsked = await screen.findByRole('dialog', { name: ITEMS_TEXT.removePhotoTitle('p1.jpg') });
    expect(photoAsked.textContent).toContain(ITEMS_TEXT.removePhotoDescription);
    fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.removeConfirm }));
    await waitFor(() => expect(deletes()).toEqual(['/api/v1/photo-orders/PHO-1001/items/11/photos/1']));
    // The photo's card and its button are gone: the focus is on the item's heading.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H3'));
    cleanup();

    // An item without photos loses nothing: removed on the first tap.
    const empty = photoOrderAt(1, { backgroundChangeOffered: false, items: [usItem()] });
    const again = fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'DELETE /api/v1/photo-orders/PHO-1001/items/11': () => ok({ ...empty, items: [] }),
    });
    // The step's heading, as the order flow renders it around the step.
    const heading = Object.assign(document.createElement('h2'), { id: 'photo-step-heading', tabIndex: -1 });
    document.body.append(heading);
    renderStep(ItemsStep, empty);
    fireEvent.click(await screen.findByRole('button', { name: `${ITEMS_TEXT.removeItem}: ${sizeTitle(US)}` }));
    await waitFor(() => expect(again.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    heading.remove();
  });

  it('names whose photo an item is, on leaving the field, and saves it', async () => {
    const item = usItem();
    const order = photoOrderAt(1, { backgroundChangeOffered: false, items: [item] });
    const api = fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
      'PATCH /api/v1/photo-orders/PHO-1001/items/11': () =>
        ok({ ...order, items: [{ ...item, personName: 'Asha' }] }, M.itemNamed),
    });
    renderStep(ItemsStep, order);
    const name = await screen.findByLabelText(ITEMS_TEXT.personName);
    // Leaving it unchanged saves nothing.
    fireEvent.blur(name);
    fireEvent.change(name, { target: { value: 'Asha' } });
    fireEvent.blur(name);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ personName: 'Asha' }]),
    );
  });

  it('titles a named item with whose photo it is', async () => {
    fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
    });
    const item = {
      id: 11,
      photoSize: US.id,
      documentType: US.documentType,
      personName: 'Asha',
      label: US.label,
      photos: [],
    };
    renderStep(ItemsStep, photoOrderAt(1, { backgroundChangeOffered: false, items: [item] }));
    expect(await screen.findByRole('heading', { level: 3, name: `Asha · ${US.documentType}` })).toBeTruthy();
    expect((screen.getByLabelText(ITEMS_TEXT.personName) as HTMLInputElement).value).toBe('Asha');
  });
});

/**
 * The upload's XMLHttpRequest, answered by file name: `bad-…` is refused as the server refuses a
 * non-photo, `slow-…` is never answered (a phone's slow upload), `held-…` waits for the test's
 * `FakeUpload.finish(name)` or `FakeUpload.drop(name)` (the connection lost).
 */
class FakeUpload {
  static sent: string[] = [];
  static held = new Map<string, FakeUpload>();
  static finish(name: string) {
    const xhr = FakeUpload.held.get(name);
    if (!xhr) return;
    xhr.status = 201;
    xhr.response = { isSuccess: true, statusCode: 201, message: 'Photo uploaded', data: { id: 1 } };
    xhr.onload?.();
  }
  static drop(name: string) {
    FakeUpload.held.get(name)?.onerror?.();
  }
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(form: FormData) {
    const name = (form.get('file') as File).name;
    FakeUpload.sent.push(name);
    if (name.startsWith('slow-')) return;
    if (name.startsWith('held-')) {
      FakeUpload.held.set(name, this);
      return;
    }
    setTimeout(() => {
      const refused = name.startsWith('bad-');
      this.status = refused ? 415 : 201;
      this.response = refused
        ? { isSuccess: false, statusCode: 415, message: 'This file type is not accepted here.', data: null }
        : { isSuccess: true, statusCode: 201, message: 'Photo uploaded', data: { id: 1 } };
      this.onload?.();
    }, 10);
  }
}

describe('files chosen beyond an item’s free places', () => {
  it('are uploaded when a refused file gives its place back, instead of being left out with four places free', async () => {
    fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
    });
    const order = photoOrderAt(1, {
      backgroundChangeOffered: false,
      items: [usItem()],
    });
    const real = window.XMLHttpRequest;
    FakeUpload.sent = [];
    window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
    try {
      renderStep(ItemsStep, order);
      const input = (await screen.findByText(ITEMS_TEXT.choose)).querySelector('input') as HTMLInputElement;
      const names = ['bad-1.heic', 'bad-2.jpg', 'bad-3.jpg', 'me.jpg', 'me-2.jpg', 'me-3.jpg'];
      const files = names.map((name) => new File(['x'], name, { type: 'image/jpeg' }));
      fireEvent.change(input, { target: { files } });
      expect(await screen.findByText(ITEMS_TEXT.leftOut(['me-2.jpg', 'me-3.jpg']))).toBeTruthy();
      await waitFor(() => expect([...FakeUpload.sent].sort()).toEqual([...names].sort()));
      await waitFor(() => expect(screen.queryByText(/were not added/)).toBeNull());
      expect(screen.getAllByText('This file type is not accepted here.')).toHaveLength(3);
    } finally {
      window.XMLHttpRequest = real;
    }
  });
});

describe('removing an item while its photo uploads', () => {
  it('asks first: the upload on its way would go with it', async () => {
    const real = window.XMLHttpRequest;
    window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
    try {
      const api = fakeApi({
        'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
        'GET /api/v1/photo-store/file-type': () => ok([]),
      });
      renderStep(ItemsStep, photoOrderAt(1, { backgroundChangeOffered: false, items: [usItem()] }));
      const input = (await screen.findByText(ITEMS_TEXT.choose)).querySelector('input') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['x'], 'slow-asha.jpg', { type: 'image/jpeg' })] } });
      await waitFor(() => expect(FakeUpload.sent).toContain('slow-asha.jpg'));
      fireEvent.click(screen.getByRole('button', { name: `${ITEMS_TEXT.removeItem}: ${sizeTitle(US)}` }));
      const asked = await screen.findByRole('dialog');
      expect(asked.textContent).toContain(ITEMS_TEXT.removeItemDescription(1));
      expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    } finally {
      window.XMLHttpRequest = real;
    }
  });
});

/** Step 1 of `order`, with uploads answered by FakeUpload (sent and held reset). */
async function withFakeUploads(
  order: Parameters<typeof renderStep>[1],
  run: (goTo: ReturnType<typeof renderStep>['goTo']) => Promise<void>,
) {
  const real = window.XMLHttpRequest;
  window.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  FakeUpload.sent = [];
  FakeUpload.held.clear();
  try {
    fakeApi({
      'GET /api/v1/photo-store/photo-size': () => ok(Object.values(PHOTO_SIZES)),
      'GET /api/v1/photo-store/file-type': () => ok([]),
    });
    await run(renderStep(ItemsStep, order).goTo);
  } finally {
    window.XMLHttpRequest = real;
  }
}

describe('Continue while photos are on their way', () => {
  /** Step 1 of an order whose item has a photo (Continue is offered). */
  const withUploads = (run: (goTo: ReturnType<typeof renderStep>['goTo']) => Promise<void>) =>
    withFakeUploads(photoOrderAt(1, { backgroundChangeOffered: false, items: [usItem([photo(1)])] }), run);
  const choose = async (name: string) => {
    const input = (await screen.findByText(ITEMS_TEXT.choose)).querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], name, { type: 'image/jpeg' })] } });
    await waitFor(() => expect(FakeUpload.sent).toContain(name));
  };
  const continueButton = () => screen.getByRole('button', { name: /Continue|Saving/ });

  it('waits for them, saying so, and goes on once they are in', async () => {
    await withUploads(async (goTo) => {
      await choose('held-asha.jpg');
      fireEvent.click(continueButton());
      expect(await screen.findByText(ITEMS_TEXT.finishingUploads)).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(goTo).not.toHaveBeenCalled();
      FakeUpload.finish('held-asha.jpg');
      await waitFor(() => expect(goTo).toHaveBeenCalledWith(2));
    });
  });

  it('stays beside a photo that did not arrive, whose Try again sends the same file without choosing it again', async () => {
    await withUploads(async (goTo) => {
      await choose('held-ravi.jpg');
      fireEvent.click(continueButton());
      await screen.findByText(ITEMS_TEXT.finishingUploads);
      FakeUpload.drop('held-ravi.jpg');
      expect(await screen.findByText('The upload did not finish. Please check your connection.')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText(ITEMS_TEXT.finishingUploads)).toBeNull());
      expect(goTo).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: ITEMS_TEXT.retryUpload }));
      await waitFor(() => expect(FakeUpload.sent.filter((n) => n === 'held-ravi.jpg')).toHaveLength(2));
      FakeUpload.finish('held-ravi.jpg');
      await waitFor(() => expect(screen.queryByText(/did not finish/)).toBeNull());
    });
  });

  it('asks before the page is closed or reloaded while a photo is on its way', async () => {
    await withUploads(async () => {
      const leave = () => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(leave()).toBe(false);
      await choose('held-mira.jpg');
      expect(leave()).toBe(true);
      FakeUpload.finish('held-mira.jpg');
      await waitFor(() => expect(leave()).toBe(false));
    });
  });
});

describe('a file that is not a photo', () => {
  it('is refused before a byte is sent, with the server’s words, and gives its place to a photo left out', async () => {
    await withFakeUploads(photoOrderAt(1, { backgroundChangeOffered: false, items: [usItem()] }), async () => {
      const input = (await screen.findByText(ITEMS_TEXT.choose)).querySelector('input') as HTMLInputElement;
      const pdf = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
      const names = ['held-1.jpg', 'held-2.jpg', 'held-3.jpg', 'held-4.jpg'];
      const photos = names.map((name) => new File(['x'], name, { type: 'image/jpeg' }));
      fireEvent.change(input, { target: { files: [pdf, ...photos] } });
      expect(await screen.findByText(unsupportedTypeMessage(PHOTO_ORDER_UPLOAD.types))).toBeTruthy();
      await waitFor(() => expect([...FakeUpload.sent].sort()).toEqual(names));
      expect(screen.queryByText(/were not added/)).toBeNull();
      expect(screen.queryByRole('button', { name: ITEMS_TEXT.retryUpload })).toBeNull();
    });
  });
});

describe('a photo over the size limit', () => {
  it('is refused before a byte is sent, with the server’s words, and offers no Try again', async () => {
    await withFakeUploads(photoOrderAt(1, { backgroundChangeOffered: false, items: [usItem()] }), async () => {
      const input = (await screen.findByText(ITEMS_TEXT.choose)).querySelector('input') as HTMLInputElement;
      const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
      Object.defineProperty(big, 'size', { value: PHOTO_MAX_BYTES + 1 });
      fireEvent.change(input, { target: { files: [big] } });
      expect(await screen.findByText('This file is larger than 15 MB. Please upload a smaller file.')).toBeTruthy();
      expect(FakeUpload.sent).toEqual([]);
      expect(screen.queryByRole('button', { name: ITEMS_TEXT.retryUpload })).toBeNull();
    });
  });
});
