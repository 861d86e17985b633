import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';
import type { AnalyseOptions } from './compliance/engine.ts';

/** The engine: its detection worker and face model start on the first photo, not at import. */
export { analysePhoto, stopFaceDetection } from './compliance/engine.ts';

/**
 * The compliance engine's one call (src/server/modules/photos/compliance/, decision 0062): checks
 * a photo against a size's rules and fits it, or answers `fitted: null` when it cannot be fitted
 * (no face); `options` carries the order's Background Change. The job takes it as a dependency so route tests can answer without the face model.
 */
export type AnalysePhoto = (
  image: Buffer,
  size: PhotoSizeSpec,
  options: AnalyseOptions,
) => Promise<{ report: ComplianceReport; fitted: Buffer | null }>;
