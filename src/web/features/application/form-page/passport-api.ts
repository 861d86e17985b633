import type { ConfirmedPassport, ConfirmPassport, MrzReading } from '../../../../domain/passports/mrz-reading.ts';
import { api, envelopeAs, envelopeOf, type UploadProgress, uploadFile } from '../../../lib/api-client.ts';

/** A member's passport calls (issue 30 §2): …/members/{memberId}/passport under the order. */
// The member's id is a path segment, a string in the document.
const member = (orderRef: string, memberId: number) => ({ params: { path: { orderRef, memberId: String(memberId) } } });

export const passportKey = (ref: string, memberId: number) => ['application', 'passport', ref, memberId] as const;

export const getConfirmedPassport = (ref: string, memberId: number) =>
  envelopeAs<ConfirmedPassport | null>(
    api.GET('/api/v1/application/order/{orderRef}/members/{memberId}/passport', member(ref, memberId)),
  );

/** Reads a photo or scan of the bio page; nothing is stored. */
export const readPassportPhoto = (ref: string, memberId: number, file: File, progress: UploadProgress = {}) =>
  uploadFile<MrzReading>(
    `/application/order/${encodeURIComponent(ref)}/members/${memberId}/passport/read`,
    file,
    progress,
  );

/** Reads the member's uploaded passport copy. */
export const readPassportDocument = (ref: string, memberId: number, documentId: number) =>
  envelopeAs<MrzReading>(
    api.POST('/api/v1/application/order/{orderRef}/members/{memberId}/passport/read/documents/{documentId}', {
      params: { path: { orderRef: ref, memberId: String(memberId), documentId: String(documentId) } },
    }),
  );

export const confirmPassport = (ref: string, memberId: number, body: ConfirmPassport) =>
  envelopeAs<ConfirmedPassport>(
    api.PUT('/api/v1/application/order/{orderRef}/members/{memberId}/passport', { ...member(ref, memberId), body }),
  );

export const removePassport = (ref: string, memberId: number) =>
  envelopeOf(api.DELETE('/api/v1/application/order/{orderRef}/members/{memberId}/passport', member(ref, memberId)));
