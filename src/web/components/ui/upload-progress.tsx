/** What a screen reader hears of an upload on its way: every quarter, not every byte. */
export const uploadProgressWords = (name: string, progress: number) =>
  `Uploading ${name}: ${Math.min(100, Math.floor(progress * 4) * 25)}%`;

/** An upload on its way: a progress bar named after the file, its percentage, and Cancel. */
export function UploadProgress({ name, progress, onCancel }: { name: string; progress: number; onCancel(): void }) {
  return (
    <>
      <span role="status" className="sr-only">
        {uploadProgressWords(name, progress)}
      </span>
      <div className="flex items-center gap-3">
        <progress
          value={progress}
          max={1}
          aria-label={`Uploading ${name}`}
          className="h-2 flex-1 appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600"
        />
        <span className="w-12 text-right text-sm font-semibold text-slate-700" aria-hidden="true">
          {Math.round(progress * 100)}%
        </span>
      </div>
      <button
        type="button"
        onClick={onCancel}
        className="text-sm font-semibold text-slate-700 underline underline-offset-4"
      >
        Cancel upload
      </button>
    </>
  );
}
