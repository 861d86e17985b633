/** Icons a story, vision or value block may name (sprite names); anything else shows a check mark. */
export const CONTENT_BLOCK_ICONS = [
  'heart-handshake',
  'eye',
  'badge-check',
  'scale',
  'camera',
  'sparkles',
  'image',
] as const;
export type ContentBlockIcon = (typeof CONTENT_BLOCK_ICONS)[number];

export function isContentBlockIcon(name: string | null): name is ContentBlockIcon {
  return name !== null && (CONTENT_BLOCK_ICONS as readonly string[]).includes(name);
}
