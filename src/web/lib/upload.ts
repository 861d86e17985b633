import { ApiError, apiUrl } from './api-client.ts';

export interface UploadProgress {
  /** 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * Posts one file (multipart, field `file`) to an API path and resolves to the envelope's data.
 * XMLHttpRequest, not fetch: fetch reports no upload progress. Rejects with an ApiError (status 0:
 * no answer came, or cancelled).
 */
export function uploadFile<T>(path: string, file: File, { onProgress, signal }: UploadProgress = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: T; message?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
      else
        reject(
          new ApiError(
            xhr.status,
            (body as ConstructorParameters<typeof ApiError>[1]) ?? undefined,
            typeof body?.message === 'string' ? body.message : 'The upload did not finish. Please try again.',
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'The upload did not finish. Please check your connection.'));
    xhr.onabort = () => reject(new ApiError(0, undefined, 'Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
