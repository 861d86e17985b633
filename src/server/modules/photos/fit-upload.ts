import { APPLICATION_PHOTO_MESSAGES as P } from '../../../domain/photos/application-photos.ts';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';
import { photoVerdict } from '../../../domain/photos/verdict.ts';
import { UPLOAD_MESSAGES } from '../../../domain/uploads/messages.ts';
import { HttpError } from '../../http/errors.ts';
import type { ReencodedImage } from '../../uploads/index.ts';
import { uploadRefused } from '../../uploads/refusal.ts';
import type { AnalysePhoto } from './analyser.ts';
import { type AnalyseOptions, FaceDetectionError } from './compliance/engine.ts';

export interface FittedUpload {
  /** The fitted JPEG: what storage keeps instead of the customer's file. */
  image: ReencodedImage;
  /** SevaPhotos' checks and the fitted output's figures, shown with the preview. */
  report: ComplianceReport;
}

/**
 * Fits an accepted image (already re-encoded) to a portal's size with the SevaPhotos engine, for
 * an application's photo, signature or thumb impression slot (the applications module gets it
 * passed in; `options.mark` says which of the last two a signature slot holds): the same
 * straightening, crop, scale and recompression under the size's byte cap as a photo order, and the
 * same checks. A photo the engine cannot fit (no face, two faces, blurred, unreadable) is refused
 * with the fix of its verdict's reason; a fitted photo whose checks fail is kept, and the checks
 * say what to change before choosing another. Nothing is retouched (fit.ts).
 */
export async function fitUpload(
  analyse: AnalysePhoto,
  image: Buffer,
  size: PhotoSizeSpec,
  options: Pick<AnalyseOptions, 'mark'> = {},
): Promise<FittedUpload> {
  let result: Awaited<ReturnType<AnalysePhoto>>;
  try {
    // What a signature slot holds (a child's thumb impression or a signature); never a background change.
    result = await analyse(image, size, options.mark ? { mark: options.mark } : {});
  } catch (error) {
    // Detection could not run at all: a retry in a moment can succeed.
    if (error instanceof FaceDetectionError) throw new HttpError(503, P.notChecked, { file: P.notChecked });
    throw error;
  }
  if (!result.fitted) {
    // The verdict's reason: a blurred photo is refused as blurred, not as one without a face.
    const fix = photoVerdict(result.report).reason?.fix;
    throw uploadRefused(422, fix ?? UPLOAD_MESSAGES.imageUnreadable);
  }
  return { image: { data: result.fitted, contentType: 'image/jpeg' }, report: result.report };
}
