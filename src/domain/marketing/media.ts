/** SPEC.md §3: banner images load from a media base path plus `bannerImage`. */
export const MEDIA_BASE_PATH = '/media/';

/** The URL of a stored media path; absolute URLs are kept as they are. */
export function mediaUrl(path: string, base: string = MEDIA_BASE_PATH): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${base.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
}
