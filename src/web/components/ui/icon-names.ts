/**
 * Icons of /public/icons/ui.svg: lucide icons (ISC licence) drawn from a sprite so that no icon
 * path data ships in the page JavaScript (DESIGN.md §4 budget). `icon-sprite.test.ts` keeps the
 * sprite equal to lucide's own icon data; add a name here and run it with UPDATE_ICON_SPRITE=1.
 */
export const UI_ICON_NAMES = [
  'arrow-left',
  'arrow-right',
  'arrow-up-right',
  'bell',
  'check',
  'chevron-down',
  'circle-alert',
  'circle-check',
  'clock',
  'copy',
  'download',
  'eye',
  'eye-off',
  'gift',
  'heart-handshake',
  'house',
  'inbox',
  'info',
  'key-round',
  'layout-dashboard',
  'loader-circle',
  'lock-keyhole',
  'log-in',
  'log-out',
  'mail',
  'mail-check',
  'map-pin',
  'menu',
  'message-circle',
  'minus',
  'package',
  'pencil',
  'phone',
  'plus',
  'refresh-cw',
  'scale',
  'search',
  'send',
  'share-2',
  'shield-check',
  'shopping-bag',
  'star',
  'tag',
  'trash-2',
  'user-plus',
  'user-round',
  'users-round',
  'x',
] as const;

/** Icons a catalog service may name in `services.icon` (lucide names). */
export const SERVICE_ICON_NAMES = [
  'badge-check',
  'book-open',
  'book-user',
  'building-2',
  'camera',
  'file-signature',
  'file-text',
  'file-x',
  'globe',
  'id-card',
  'image',
  'landmark',
  'plane',
  'scroll-text',
  'sparkles',
  'stamp',
] as const;

/** Drawn for this site rather than taken from lucide. */
export const CUSTOM_ICON_NAMES = ['star-filled'] as const;

export type IconName =
  | (typeof UI_ICON_NAMES)[number]
  | (typeof SERVICE_ICON_NAMES)[number]
  | (typeof CUSTOM_ICON_NAMES)[number];

export const FALLBACK_SERVICE_ICON: IconName = 'file-text';

const serviceIcons: ReadonlySet<string> = new Set(SERVICE_ICON_NAMES);

/** The sprite icon for a service's icon name; unknown names get a document icon. */
export function serviceIconName(name: string): IconName {
  return serviceIcons.has(name) ? (name as IconName) : FALLBACK_SERVICE_ICON;
}
