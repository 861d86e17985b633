import { createContext, useContext } from 'react';
import type { Control } from 'react-hook-form';
import type { MemberKind } from '../../../../domain/applications/member-kinds.ts';
import type { UploadField } from '../../../../domain/forms/definition.ts';
import type { FileRef } from '../../../../domain/forms/files.ts';
import type { ComplianceReport } from '../../../../domain/photos/compliance.ts';
import type { ThumbnailSize } from '../../../../domain/uploads/thumbnail.ts';

/** What the form holds: raw answers keyed by field key, as typed (the schema normalises them). */
export type FormValues = Record<string, unknown>;

export interface UploadContext {
  field: UploadField;
  /** Report progress as a fraction from 0 to 1. */
  onProgress(fraction: number): void;
  /** Aborted when the customer cancels or removes the file. */
  signal: AbortSignal;
}

/** What the upload service kept of a file. */
export interface UploadedFile {
  /** The answer: the stored document's reference. */
  ref: FileRef;
  /** The SevaPhotos engine's checks, when the service fitted the image to a portal's size. */
  report?: ComplianceReport;
}

/**
 * Sends one file to the upload service and resolves to what it kept (the upload service is
 * another part of the application; tests and the preview pass a stand-in). Reject with an Error
 * whose message the customer can read.
 */
export type UploadFile = (file: File, context: UploadContext) => Promise<UploadedFile>;

export interface EngineContextValue {
  control: Control<FormValues>;
  /** Checks one field again (as a partial save would), so its message clears as soon as it is fixed. */
  recheck(key: string): void;
  /** Prefix of element ids, unique per engine on the page. */
  idPrefix: string;
  memberKind: MemberKind;
  today: string;
  upload: UploadFile | undefined;
  /**
   * An upload (a field's, or a document's on a host step) has started: Continue, Back and leaving
   * the form wait until `sending` settles, true once it is in or cancelled (usePendingUploads).
   */
  trackUpload(key: string, sending: Promise<boolean>): void;
  /** Where a stored document can be previewed (`thumb`: its small thumbnail), if the host knows. */
  fileUrl: ((ref: FileRef, size?: ThumbnailSize) => string | undefined) | undefined;
  /** The photo checks kept with a stored document (a fitted photo or signature), if the host knows them. */
  fileReport: ((ref: FileRef) => ComplianceReport | undefined) | undefined;
  /** What the host says of a stored document beyond its checks (another member's same file), if anything. */
  fileNote: ((ref: FileRef) => string | undefined) | undefined;
  /** Where a pre-filled answer came from ("From Priya Sharma’s answers"), by field key. */
  notes: Readonly<Record<string, string>>;
  /** The one-tap copies to show at the top of a section, by section key. */
  offersBySection: ReadonlyMap<string, readonly CopyOffer[]>;
  /** Takes an offer's answers into the form. */
  applyOffer(offer: CopyOffer): void;
}

/** Answers the host offers to copy into the form with one tap ("Same address as Priya"). */
export interface CopyOffer {
  id: string;
  label: string;
  /** Shown beside each answer it fills. */
  from: string;
  values: FormValues;
  /** Its questions: those it has no answer for are emptied when it is taken (no old line 2 left). */
  keys: readonly string[];
  /** Whether it is still offered over the member's answers as they are now (none: always). */
  fits?: (current: FormValues) => boolean;
}

export const EngineContext = createContext<EngineContextValue | null>(null);

export function useEngine(): EngineContextValue {
  const value = useContext(EngineContext);
  if (!value) throw new Error('Form engine fields render inside <FormEngine>');
  return value;
}
