// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_WAIT_MS,
  ApiError,
  api,
  apiCall,
  apiUrl,
  envelopeOf,
  errorMessage,
  NO_ANSWER_IN_TIME,
  PROVIDER_ANSWER_WAIT_MS,
  serverMessageOr,
  UPLOAD_CANCELLED,
  UPLOAD_STALL_MS,
  UPLOAD_STALLED,
  uploadFile,
} from './api-client.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server that never answers: the request ends only when its signal aborts it. */
function silent() {
  const fetchMock = vi.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal ?? (input as Request).signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Where a promise stands, without waiting for it. */
function track(promise: Promise<unknown>) {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => (state.settled = true),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('call helper (SPEC.md §7)', () => {
  it('puts paths under the API base, keeps absolute ones and appends the query', () => {
    expect(apiUrl('/auth/signin')).toBe('/api/v1/auth/signin');
    expect(apiUrl('users/profile')).toBe('/api/v1/users/profile');
    expect(apiUrl('/api/hello')).toBe('/api/hello');
    expect(apiUrl('/users/notification', { page: 1, limit: 100, skip: undefined })).toBe(
      '/api/v1/users/notification?page=1&limit=100',
    );
  });

  it('sends JSON with the session cookie and returns the envelope', async () => {
    const fetchMock = answer(200, { isSuccess: true, statusCode: 200, message: 'Signed in successfully', data: 'tok' });
    const result = await apiCall<string>({
      url: '/auth/signin',
      method: 'POST',
      body: { email: 'a@b.io', password: 'x' },
      headers: { 'x-platform': 'sevadocs' },
    });
    expect(result).toEqual({ isSuccess: true, statusCode: 200, message: 'Signed in successfully', data: 'tok' });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/signin', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-platform': 'sevadocs' },
      body: '{"email":"a@b.io","password":"x"}',
      signal: expect.any(AbortSignal),
    });
  });

  it('sends no Content-Type without a body', async () => {
    const fetchMock = answer(200, { isSuccess: true, statusCode: 200, message: 'ok', data: null });
    await apiCall({ url: '/users/notification/4', method: 'DELETE' });
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: expect.any(AbortSignal),
    });
  });

  it('logs the status and data of a failed call and rethrows it with the server message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = { isSuccess: false, statusCode: 401, message: 'Invalid email or password', data: null };
    answer(401, body);
    const error = await apiCall({ url: '/auth/signin', method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Invalid email or password');
    expect(warn).toHaveBeenCalledWith('POST /api/v1/auth/signin answered 401', body);
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('logs 5xx as errors and keeps field errors', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(503, { isSuccess: false, statusCode: 503, message: 'Down', data: null });
    await expect(apiCall({ url: '/x' })).rejects.toMatchObject({ status: 503 });
    expect(logged).toHaveBeenCalled();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(400, {
      isSuccess: false,
      statusCode: 400,
      message: 'Bad',
      data: null,
      errors: { phone: 'Enter valid phone number' },
    });
    const error = (await apiCall({ url: '/x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ phone: 'Enter valid phone number' });
  });

  it('logs a network failure and rethrows it; the fallback message is used then', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await apiCall({ url: '/auth/signup', method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.status).toBe(0);
    expect(logged.mock.calls[0]?.[0]).toBe('POST /api/v1/auth/signup: no response (network failure)');
    // What happened to the connection, rather than a fallback that blames the input…
    expect(errorMessage(error, 'Choose a photo size')).toBe(
      'Network error. Please check your connection and try again.',
    );
    // …except where SPEC.md §8 gives the words (a sign-up's other failure).
    expect(serverMessageOr(error, 'Registration failed,Plase try again')).toBe('Registration failed,Plase try again');
  });
});

describe('the typed client (issue 33 §3)', () => {
  /** The one Request the client sent. */
  const sent = (fetchMock: ReturnType<typeof answer>) => fetchMock.mock.calls[0]?.[0] as unknown as Request;

  it('sends JSON with the session cookie, fills the path and query, and returns the envelope', async () => {
    const body = { isSuccess: true, statusCode: 200, message: 'Signed in successfully', data: 'tok' };
    const fetchMock = answer(200, body);
    const result = await envelopeOf(
      api.POST('/api/v1/auth/signin', {
        body: { email: 'a@b.io', password: 'x' },
        headers: { 'x-platform': 'sevadocs' },
      }),
    );
    expect(result).toEqual(body);
    const request = sent(fetchMock);
    expect(request.method).toBe('POST');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('accept')).toBe('application/json');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('x-platform')).toBe('sevadocs');
    expect(await request.text()).toBe('{"email":"a@b.io","password":"x"}');

    const listed = answer(200, { isSuccess: true, statusCode: 200, message: 'ok', data: null });
    await api.GET('/api/v1/users/orders', { params: { query: { page: 2, limit: 10 } } });
    expect(new URL(sent(listed).url).pathname + new URL(sent(listed).url).search).toBe(
      '/api/v1/users/orders?page=2&limit=10',
    );
    const removed = answer(200, { isSuccess: true, statusCode: 200, message: 'ok', data: null });
    await api.DELETE('/api/v1/users/addresses/{id}', { params: { path: { id: '7' } } });
    expect(new URL(sent(removed).url).pathname).toBe('/api/v1/users/addresses/7');
    expect(sent(removed).headers.has('content-type')).toBe(false);
  });

  it('rejects a refusal as an ApiError with the server message, field errors and Retry-After, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = {
      isSuccess: false,
      statusCode: 429,
      message: 'Too many attempts',
      data: null,
      errors: { email: 'x' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 429, headers: { 'retry-after': '30' } })),
    );
    const error = (await api
      .POST('/api/v1/auth/signin', { body: { email: 'a@b.io', password: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(errorMessage(error, 'fallback')).toBe('Too many attempts');
    expect(error.fieldErrors).toEqual({ email: 'x' });
    expect(error.retryAfterMs).toBe(30_000);
    expect(warn).toHaveBeenCalledWith('POST /api/v1/auth/signin answered 429', body);
  });

  it('logs a 5xx as an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(503, { isSuccess: false, statusCode: 503, message: 'Down', data: null });
    await expect(api.GET('/api/v1/users/profile')).rejects.toMatchObject({ status: 503, message: 'Down' });
    expect(logged).toHaveBeenCalledWith('GET /api/v1/users/profile answered 503', expect.anything());
  });

  it('turns a network failure into an ApiError of status 0, and leaves a cancelled call an AbortError', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api.GET('/api/v1/users/profile').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(logged.mock.calls[0]?.[0]).toBe('GET /api/v1/users/profile: no response (network failure)');

    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => Promise.reject(request.signal.reason)),
    );
    controller.abort();
    await expect(api.GET('/api/v1/users/profile', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('a call the server does not answer', () => {
  it('is given up after ANSWER_WAIT_MS with words the customer can act on (the helper)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    silent();
    const call = track(apiCall({ url: '/users/profile', method: 'PUT', body: { name: 'Asha' } }));
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS - 1);
    expect(call.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toBeInstanceOf(ApiError);
    expect(call.error).toMatchObject({ status: 0, message: NO_ANSWER_IN_TIME });
    expect(errorMessage(call.error, 'The address could not be saved.')).toBe(NO_ANSWER_IN_TIME);
    expect(NO_ANSWER_IN_TIME).toBe('The server did not answer in time. Please check your connection and try again.');
  });

  it('is given up after ANSWER_WAIT_MS (the typed client), while a payment waits PROVIDER_ANSWER_WAIT_MS', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    silent();
    const profile = track(api.GET('/api/v1/users/profile'));
    const payment = track(
      api.POST('/api/v1/orders/{orderRef}/payment', { params: { path: { orderRef: 'DOC-1' } }, body: {} }),
    );
    await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
    expect(profile.error).toMatchObject({ status: 0, message: NO_ANSWER_IN_TIME });
    expect(payment.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(PROVIDER_ANSWER_WAIT_MS - ANSWER_WAIT_MS);
    expect(payment.error).toMatchObject({ status: 0, message: NO_ANSWER_IN_TIME });
  });

  it('an answer in time clears the wait, and a call the customer cancels stays an AbortError', async () => {
    vi.useFakeTimers();
    answer(200, { isSuccess: true, statusCode: 200, message: 'ok', data: 1 });
    await expect(apiCall({ url: '/users/profile' })).resolves.toMatchObject({ data: 1 });
    expect(vi.getTimerCount()).toBe(0);

    silent();
    const controller = new AbortController();
    const call = track(apiCall({ url: '/users/profile', signal: controller.signal }));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(call.error).toMatchObject({ name: 'AbortError' });
  });
});

/** XMLHttpRequest as far as uploadFile uses it: the test moves its upload along. */
class ScriptedXhr {
  static last: ScriptedXhr | undefined;
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  aborted = false;
  constructor() {
    ScriptedXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
  }
}

describe('an upload that stalls', () => {
  const file = () => new File([new Uint8Array(100)], 'photo.jpg', { type: 'image/jpeg' });

  it('is given up after UPLOAD_STALL_MS in which nothing got through, however long it took in all', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const sending = track(uploadFile('/photos', file()));
    const xhr = ScriptedXhr.last as ScriptedXhr;
    // A slow line: a little every 50 s, four minutes in all, is not a stall.
    for (let loaded = 20; loaded <= 100; loaded += 20) {
      await vi.advanceTimersByTimeAsync(50_000);
      xhr.progress(loaded);
    }
    expect(xhr.aborted).toBe(false);
    // All in: the server's answer (its checks of a photo) gets the same minute.
    xhr.upload.onload?.();
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1);
    expect(sending.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    expect(sending.error).toMatchObject({ status: 0, message: UPLOAD_STALLED });
  });

  it('a cancel is still a cancel, and a finished upload leaves no wait behind', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const controller = new AbortController();
    const cancelled = track(uploadFile('/photos', file(), { signal: controller.signal }));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled.error).toMatchObject({ status: 0, message: 'Upload cancelled' });
    expect(vi.getTimerCount()).toBe(0);

    const done = track(uploadFile<{ id: number }>('/photos', file()));
    const xhr = ScriptedXhr.last as ScriptedXhr;
    xhr.status = 200;
    xhr.response = { data: { id: 7 } };
    xhr.onload?.();
    xhr.onloadend?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual({ settled: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancelled before it started (while it waited for the form’s save), sends nothing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
    const sent = vi.spyOn(ScriptedXhr.prototype, 'send');
    const controller = new AbortController();
    controller.abort();
    const cancelled = track(uploadFile('/photos', file(), { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled.error).toMatchObject({ status: 0, message: UPLOAD_CANCELLED });
    expect(sent).not.toHaveBeenCalled();
  });
});
