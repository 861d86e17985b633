import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';

/**
 * The compliance engine's one call (src/server/modules/photos/compliance/, built on its own
 * branch): checks a photo against a size's rules and fits it, or answers `fitted: null` when it
 * cannot be fitted (no face).
 */
export type AnalysePhoto = (
  image: Buffer,
  size: PhotoSizeSpec,
) => Promise<{ report: ComplianceReport; fitted: Buffer | null }>;

/**
 * Where the engine will be. Loaded by path, on the first photo, until its branch is merged (then a
 * static import replaces this): the face model costs ~170 MB, which a server that never checks a
 * photo should not pay, and this branch must build without the engine's files.
 */
const ENGINE_MODULE = './compliance/engine.ts';

/** The engine, loaded on first use; a missing engine makes each check fail (and is logged by the job). */
export function engineAnalyser(): AnalysePhoto {
  let loaded: Promise<AnalysePhoto> | null = null;
  return async (image, size) => {
    loaded ??= import(/* @vite-ignore */ new URL(ENGINE_MODULE, import.meta.url).href).then(
      (engine: { analysePhoto: AnalysePhoto }) => engine.analysePhoto,
    );
    try {
      return await (await loaded)(image, size);
    } catch (error) {
      loaded = null;
      throw error;
    }
  };
}
