/**
 * A phone's photo of a document's page, made smaller in the browser before it is sent (decision
 * 0196, walk E): the server keeps a page at most 1600 px on its long side, so a 12 MP photo's
 * 3–5 MB took ~35 s to send at 750 kbit/s for ~100 KB kept. Drawn upright (its EXIF orientation
 * applied) on white at most `maxSide` px, as a JPEG; the server checks and re-encodes it like any
 * upload. HEIC, which a canvas cannot read, a small file, and any browser that cannot draw it go
 * as they are: shrinking only ever saves time, it never refuses a file.
 */

/** Above this many bytes a photo is worth drawing again (a phone's photo; a screenshot is less). */
const SHRINK_FROM_BYTES = 1_500_000;
/** Half again the server's 1600 px: room for its own fitting, far from a 4000 px photo. */
const MAX_SIDE_PX = 2400;
const JPEG_QUALITY = 0.9;

export async function shrinkPagePhoto(file: File): Promise<File> {
  if (file.size < SHRINK_FROM_BYTES || !/^image\/(?:jpeg|png)$/.test(file.type)) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) {
      bitmap.close();
      return file;
    }
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.(?:jpe?g|png)$/i, '')}.jpg`, {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  }
}
