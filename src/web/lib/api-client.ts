import createClient from 'openapi-fetch';
import type { Envelope } from '../../domain/api/envelope.ts';
import type { paths } from './api-schema.ts';

/** DESIGN.md §1: every endpoint of SPEC.md §7 lives under this base. */
export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** SPEC.md §7 call helper: url, method, body, queryParams and headers. */
export interface ApiRequest {
  /** A path under the API base ('/auth/signin') or an absolute path ('/api/hello'). */
  url: string;
  method?: HttpMethod;
  body?: unknown;
  queryParams?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the request outlive the page (a save sent as the tab closes; bodies up to 64 KB). */
  keepalive?: boolean;
}

/** A call that failed: `status` 0 means no response came (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<Envelope> | undefined;
  /** The response's Retry-After, in milliseconds (429 and 503 answers), when it had one. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, body: Partial<Envelope> | undefined, message: string, retryAfter?: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
    this.retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  }

  /** The server's message, when a response with one came. */
  get serverMessage(): string | undefined {
    return typeof this.body?.message === 'string' && this.body.message ? this.body.message : undefined;
  }

  /** Field messages of a 400 answer (DESIGN.md §1: `errors = { field: message }`). */
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {};
  }
}

export function apiUrl(url: string, queryParams?: QueryParams): string {
  const path =
    url.startsWith('/api/') || /^https?:/.test(url) ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(queryParams ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** A failed answer, logged (a 4xx as a warning, a 5xx as an error) and turned into an ApiError. */
function refused(what: string, response: Response, data: Partial<Envelope> | undefined): ApiError {
  // 4xx answers are expected outcomes (wrong password, expired link): a warning, not an error.
  const log = response.status >= 500 ? console.error : console.warn;
  log(`${what} answered ${response.status}`, data);
  return new ApiError(
    response.status,
    data,
    data?.message || `Request failed (${response.status})`,
    response.headers.get('retry-after'),
  );
}

/**
 * How long a call waits for the server's answer before saying so. A phone that lost its network
 * mid-call (a lift, a switch from Wi-Fi to mobile data) otherwise waits minutes, with its button
 * still saying "Saving…" or "Paying…"; the server itself cuts a stalled request body at 30 s.
 */
export const ANSWER_WAIT_MS = 30_000;
/** Calls that wait on a payment provider, whose SDK may take 20 s a try and try three times (payments/stripe.ts). */
export const PROVIDER_ANSWER_WAIT_MS = 90_000;
/** An upload is given up after this long without a byte getting through, or without an answer once all are in. */
export const UPLOAD_STALL_MS = 60_000;
export const NO_ANSWER_IN_TIME = 'The server did not answer in time. Please check your connection and try again.';
export const UPLOAD_STALLED =
  'The upload stopped: nothing got through for a minute. Please check your connection and try again.';

/** The wait for a call to `pathname`: longer for payments and refunds, which call a provider. */
export function answerWaitMs(pathname: string): number {
  return /\/(payment|refunds)(\/|$)/.test(pathname) ? PROVIDER_ANSWER_WAIT_MS : ANSWER_WAIT_MS;
}

/**
 * `send`, given up when its answer (the response's headers) has not come within `ms`: rejects
 * with an ApiError of status 0, which callers treat as no connection (the autosaver retries). The
 * caller's own cancel stays an AbortError, which they recognise.
 */
async function answeredWithin(
  ms: number,
  own: AbortSignal | null | undefined,
  send: (signal: AbortSignal) => Promise<Response>,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const forward = () => controller.abort(own?.reason);
  if (own?.aborted) forward();
  else own?.addEventListener('abort', forward, { once: true });
  try {
    return await send(controller.signal);
  } catch (error) {
    if (controller.signal.aborted && !own?.aborted) {
      console.error(`no answer within ${ms} ms`, error);
      throw new ApiError(0, undefined, NO_ANSWER_IN_TIME);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    own?.removeEventListener('abort', forward);
  }
}

/** No answer came: logged, and an ApiError of status 0 whose message the UI may show. */
function unanswered(what: string, error: unknown): ApiError {
  console.error(`${what}: no response (network failure)`, error);
  return new ApiError(0, undefined, 'Network error. Please check your connection and try again.');
}

/**
 * The typed client of the API (issue 33 §3, docs/decisions/0116-typed-api-client.md): paths,
 * parameters and bodies are checked by the compiler against the OpenAPI document's types
 * (api-schema.ts, written by `npm run api:types`; types only, none of it reaches the browser).
 * It behaves as apiCall does: the session travels in the httpOnly cookie (same-origin
 * credentials), a refusal or a network failure is logged and rejected as an ApiError. Read the
 * envelope with `envelopeOf(api.GET(…))`.
 */
export const api = createClient<paths>({
  // Request, which openapi-fetch builds, needs an absolute address outside a browser (the tests).
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  // Looked up at each call, not once at load: the tests replace fetch.
  fetch: (request) =>
    answeredWithin(answerWaitMs(new URL(request.url).pathname), request.signal, (signal) =>
      globalThis.fetch(new Request(request, { signal })),
    ),
});

const what = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
};

api.use({
  async onResponse({ request, response }) {
    if (response.ok) return;
    const data = (await response.json().catch(() => undefined)) as Partial<Envelope> | undefined;
    throw refused(what(request), response, data);
  },
  onError({ request, error }) {
    // No answer in time: already an ApiError with its own words.
    if (error instanceof ApiError) return error;
    // A cancelled call stays an AbortError, which the callers (and React Query) recognise.
    return request.signal.aborted ? undefined : unanswered(what(request), error);
  },
});

/**
 * The envelope of a typed call's answer, typed by the document (its `data` is the operation's
 * success data). Refusals have already rejected as ApiErrors (the client's middleware).
 */
export async function envelopeOf<D>(call: Promise<{ data?: D; response: Response }>): Promise<D> {
  const { data } = await call;
  return data as D;
}

/**
 * The envelope of a typed call whose answer the document describes more loosely than the domain
 * does (a form definition, which its own parser checks, is an open object there; a passport's two
 * MRZ lines are a list): the request is checked against the document, the data typed as `T`.
 */
export async function envelopeAs<T>(call: Promise<{ data?: unknown; response: Response }>): Promise<Envelope<T>> {
  return (await envelopeOf(call)) as Envelope<T>;
}

/**
 * Sends JSON to a path given at run time and returns the response envelope: the back office's
 * generic forms, whose address is a prop (`api` checks only paths written in the source). Same
 * credentials, logging and ApiError as `api`.
 */
export async function apiCall<T = unknown>({
  url,
  method = 'GET',
  body,
  queryParams,
  headers,
  signal,
  keepalive,
}: ApiRequest): Promise<Envelope<T>> {
  const target = apiUrl(url, queryParams);
  let response: Response;
  try {
    response = await answeredWithin(answerWaitMs(target.split('?')[0] ?? target), signal, (within) =>
      fetch(target, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: within,
        ...(keepalive ? { keepalive } : {}),
      }),
    );
  } catch (error) {
    if (signal?.aborted || error instanceof ApiError) throw error;
    throw unanswered(`${method} ${target}`, error);
  }
  const data = (await response.json().catch(() => undefined)) as Partial<Envelope<T>> | undefined;
  if (!response.ok || data?.isSuccess === false) throw refused(`${method} ${target}`, response, data);
  return data as Envelope<T>;
}

/** The server's message of a failed call, else `fallback` (also for network failures: SPEC.md §8's sign-up words). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * The server's message of a failed call; for a call no answer came to, what happened to the
 * connection ("The server did not answer in time…", "The upload stopped…"), which the customer
 * can act on, rather than a fallback that blames their input; else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.serverMessage && error.status === 0 && error.message) return error.message;
  return serverMessageOr(error, fallback);
}

/** What a cancelled upload rejects with (the control that cancelled it says nothing). */
export const UPLOAD_CANCELLED = 'Upload cancelled';

export interface UploadProgress {
  /** 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * Uploads one file (multipart, field `file`) to an API path and resolves to the envelope's data.
 * XMLHttpRequest, not fetch: fetch reports no upload progress. Rejects with an ApiError carrying
 * the server's message (status 0: no answer came, or cancelled).
 */
export function uploadFile<T>(url: string, file: File, { onProgress, signal }: UploadProgress = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    // Cancelled before it started (while it waited its turn, e.g. for the form's save): an abort
    // listener added now would never fire, and the file would go anyway.
    if (signal?.aborted) {
      reject(new ApiError(0, undefined, UPLOAD_CANCELLED));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(url));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    // Given up after a minute in which nothing moved: a stalled phone otherwise shows its bar for ever.
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, UPLOAD_STALL_MS);
    };
    xhr.onloadend = () => clearTimeout(watchdog);
    xhr.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    // Every byte is in: the wait for the server's answer (its checks of a photo) starts now.
    xhr.upload.onload = moved;
    xhr.onload = () => {
      const body = xhr.response as (Partial<Envelope<unknown>> & { data?: T }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
      else
        reject(
          new ApiError(
            xhr.status,
            body ?? undefined,
            typeof body?.message === 'string' ? body.message : 'The upload did not finish. Please try again.',
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'The upload did not finish. Please check your connection.'));
    xhr.onabort = () => reject(new ApiError(0, undefined, stalled ? UPLOAD_STALLED : UPLOAD_CANCELLED));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
    moved();
  });
}
