import { type OrderFilesRetention, RETENTION_MESSAGES as R } from '../../domain/orders/retention.ts';
import { Icon } from './ui/icon.tsx';

/**
 * A closed order's files under the retention policy (issue 34 §4): until when they can be
 * downloaded, or that they were deleted and when, where the files were. Nothing while the order
 * is open.
 */
export function FilesRetentionNote({ files }: { files: OrderFilesRetention }) {
  const text = files.deletedAt ? R.deleted(files.deletedAt) : files.deleteOn ? R.kept(files.deleteOn) : null;
  if (!text) return null;
  return (
    <p
      data-testid="files-retention"
      className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Icon name="info" className="mt-0.5 size-4" />
      <span>{text}</span>
    </p>
  );
}
