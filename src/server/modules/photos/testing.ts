import sharp from 'sharp';
import type { ComplianceReport } from '../../../domain/photos/compliance.ts';
import type { PhotoSizeSpec } from '../../../domain/photos/sizes.ts';

/** A stand-in for the compliance engine: passes every photo and fits it to the size's exact pixels. */
export async function fakeAnalyse(_image: Buffer, size: PhotoSizeSpec) {
  const fitted = await sharp({
    create: { width: size.widthPx, height: size.heightPx, channels: 3, background: '#f4f4f4' },
  })
    .jpeg()
    .toBuffer();
  const report: ComplianceReport = {
    sizeId: size.id,
    checks: [{ rule: 'resolution', passed: true, measured: '1200 × 1200 px', expected: 'at least 600 px', fix: null }],
    passed: true,
    fitted: { widthPx: size.widthPx, heightPx: size.heightPx, bytes: fitted.length, headPercent: null },
  };
  return { report, fitted };
}

/** A plain 800 × 800 JPEG the fake engine accepts. */
export function testFace(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 800, channels: 3, background: '#d9c2a8' } })
    .jpeg()
    .toBuffer();
}
