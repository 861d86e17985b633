/**
 * A phone's bottom sheet (vaul's Drawer) takes the focus when it opens: on the sheet itself, not
 * its first field, so a screen reader reads its title and Tab stays inside (the dialog's focus
 * trap holds only once the focus is in), without a field popping the phone's keyboard up. vaul
 * left alone keeps the focus on the opener, and Tab walked the page behind the backdrop.
 * Pass as `onOpenAutoFocus` of `Drawer.Content`, with `autoFocus` on `Drawer.Root`.
 */
export function focusSheetItself(event: Event): void {
  event.preventDefault();
  (event.currentTarget as HTMLElement | null)?.focus();
}
