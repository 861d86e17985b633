import { ApiError } from './api-client.ts';

/** A file the API answered, for the page to save. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/** The download's name from Content-Disposition, else `fallbackName`. */
export function fileNameOf(disposition: string | null, fallbackName: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallbackName;
}

/**
 * Fetches a file the API makes (an export, a converted PDF) as a Blob and its name. A refusal is an
 * ApiError with the server's message, so the page can say it where the visitor clicked instead of
 * the browser opening the API's JSON.
 */
export async function fetchFile(url: string, init: RequestInit, fallbackName: string): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
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
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  };
}

/** Hands a fetched file to the browser's download, under its name. */
export function saveFile({ blob, fileName }: FetchedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
