import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, apiUrl, errorMessage } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
    });
  });

  it('sends no Content-Type without a body', async () => {
    const fetchMock = answer(200, { isSuccess: true, statusCode: 200, message: 'ok', data: null });
    await apiCall({ url: '/users/notification/4', method: 'DELETE' });
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
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
    expect(errorMessage(error, 'Registration failed,Plase try again')).toBe('Registration failed,Plase try again');
  });
});
