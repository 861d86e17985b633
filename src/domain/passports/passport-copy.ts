/**
 * Which checklist item a passport read by the form's reader is the copy of (decision 0196): an
 * Indian passport's (a renewal's current passport, a renunciation's last one) or another
 * country's (the OCI's foreign passport, a visa's bio page). A power of attorney's "Passport" is
 * either. The reader offers to keep the photo it read as that item's file, so a phone's parent
 * does not upload the same page twice.
 */
const INDIAN_PASSPORT_ITEMS = ['current-passport', 'last-indian-passport', 'passport-copy'] as const;
const FOREIGN_PASSPORT_ITEMS = [
  'foreign-passport',
  'new-foreign-passport',
  'passport-bio-page',
  'passport-copy',
] as const;

/** The member's item for a passport issued by `issuingState` (ISO alpha-2), the first the checklist has. */
export function passportCopyItem<T extends { id: string }>(
  items: readonly T[],
  issuingState: string | null,
): T | undefined {
  const ids: readonly string[] = issuingState === 'IN' ? INDIAN_PASSPORT_ITEMS : FOREIGN_PASSPORT_ITEMS;
  for (const id of ids) {
    const item = items.find((i) => i.id === id);
    if (item) return item;
  }
  return undefined;
}
