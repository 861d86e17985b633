import type { DataRightsStatus, DeletionRequestInput, DeletionStatus } from '../../../domain/data-rights/schemas.ts';
import { apiCall, apiUrl } from '../../lib/api-client.ts';
import { type FetchedFile, fetchFile } from '../../lib/file-download.ts';

/** The customer's data rights calls (issue 34 §3); the session cookie says whose. */

export const dataRightsKeys = { status: ['account', 'data-rights'] as const };

export const getDataRightsStatus = () => apiCall<DataRightsStatus>({ url: '/users/data-rights' });

export const requestDeletion = (body: DeletionRequestInput) =>
  apiCall<DeletionStatus>({ url: '/users/data-deletion', method: 'POST', body });

/** The customer keeps their account after all: the waiting request is withdrawn. */
export const withdrawDeletion = () =>
  apiCall<DataRightsStatus>({ url: '/users/data-deletion/withdraw', method: 'POST' });

/**
 * POST /users/data-export: the archive as a Blob and its name, for the page to save. A refusal
 * (429 after three an hour, a session that ended) is an ApiError with the server's message.
 */
export const downloadExport = (): Promise<FetchedFile> =>
  fetchFile(apiUrl('/users/data-export'), { method: 'POST' }, 'sevadocs-data.zip');
