import { useState } from 'react';
import { errorMessage } from './api-client.ts';
import { type FetchedFile, saveFile } from './file-download.ts';

/**
 * A button's or link's file download: busy while the server makes the file, then saved; a refusal
 * kept as `problem` (the server's message, else `failed`) for the page to say beside the control.
 */
export function useFileDownload(failed: string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function download(fetchIt: () => Promise<FetchedFile>) {
    setBusy(true);
    setProblem(null);
    try {
      saveFile(await fetchIt());
    } catch (error) {
      setProblem(errorMessage(error, failed));
    } finally {
      setBusy(false);
    }
  }
  return { busy, problem, download };
}
