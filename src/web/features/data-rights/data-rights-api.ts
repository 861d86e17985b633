import type { DataRightsStatus, DeletionRequestInput, DeletionStatus } from '../../../domain/data-rights/schemas.ts';
import { ApiError, apiCall, apiUrl } from '../../lib/api-client.ts';

/** The customer's data rights calls (issue 34 §3); the session cookie says whose. */

export const dataRightsKeys = { status: ['account', 'data-rights'] as const };

export const getDataRightsStatus = () => apiCall<DataRightsStatus>({ url: '/users/data-rights' });

export const requestDeletion = (body: DeletionRequestInput) =>
  apiCall<DeletionStatus>({ url: '/users/data-deletion', method: 'POST', body });

/** The download's name from Content-Disposition, else a dated default. */
function fileNameOf(disposition: string | null): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? 'sevadocs-data.zip';
}

/**
 * POST /users/data-export: the archive as a Blob and its name, for the page to save. A refusal
 * (429 after three an hour, a session that ended) is an ApiError with the server's message.
 */
export async function downloadExport(): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/users/data-export'), { method: 'POST', credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, undefined, 'Network error. Please check your connection and try again.');
  }
  if (!response.ok) {
    const data = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      data,
      data?.message || `Request failed (${response.status})`,
      response.headers.get('retry-after'),
    );
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}
