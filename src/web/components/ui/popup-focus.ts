/**
 * A popup that takes the focus when it opens takes it on itself, not on its first control: a
 * screen reader reads its title, Tab starts inside it (a dialog's focus trap holds only once the
 * focus is in), no field pops a phone's keyboard up, and Enter cannot act on a control the
 * customer never chose (the notifications' first Delete). Pass as `onOpenAutoFocus` of a Radix
 * `Popover.Content` or of vaul's `Drawer.Content` (with `autoFocus` on `Drawer.Root`: vaul left
 * alone keeps the focus on the opener, and Tab walked the page behind the backdrop).
 */
export function focusPopupItself(event: Event): void {
  event.preventDefault();
  (event.currentTarget as HTMLElement | null)?.focus();
}
