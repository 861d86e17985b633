import type { ConfirmedPassport, ConfirmPassport, MrzReading } from '../../../../domain/passports/mrz-reading.ts';
import { apiCall, type UploadProgress, uploadFile } from '../../../lib/api-client.ts';

/** A member's passport calls (issue 30 §2): …/members/{memberId}/passport under the order. */
const passportPath = (ref: string, memberId: number) =>
  `/application/order/${encodeURIComponent(ref)}/members/${memberId}/passport`;

export const passportKey = (ref: string, memberId: number) => ['application', 'passport', ref, memberId] as const;

export const getConfirmedPassport = (ref: string, memberId: number) =>
  apiCall<ConfirmedPassport | null>({ url: passportPath(ref, memberId) });

/** Reads a photo or scan of the bio page; nothing is stored. */
export const readPassportPhoto = (ref: string, memberId: number, file: File, progress: UploadProgress = {}) =>
  uploadFile<MrzReading>(`${passportPath(ref, memberId)}/read`, file, progress);

/** Reads the member's uploaded passport copy. */
export const readPassportDocument = (ref: string, memberId: number, documentId: number) =>
  apiCall<MrzReading>({ url: `${passportPath(ref, memberId)}/read/documents/${documentId}`, method: 'POST' });

export const confirmPassport = (ref: string, memberId: number, body: ConfirmPassport) =>
  apiCall<ConfirmedPassport>({ url: passportPath(ref, memberId), method: 'PUT', body });

export const removePassport = (ref: string, memberId: number) =>
  apiCall<null>({ url: passportPath(ref, memberId), method: 'DELETE' });
