import sharp from 'sharp';

/** The stripes' colour and strength: the face stays recognisable, the file is no use to print or upload. */
const STRIPE = { colour: '#d97706', opacity: 0.45, everyPx: 24 } as const;

/**
 * A photo a person has not approved (their check is open, or they rejected it), as its owner may
 * see it: the fitted photo under diagonal stripes. The order page shows it beside "A person checks
 * this photo before it is used"; the clean file is served once they approve it. Shapes only, no
 * text: a server without fonts draws the same.
 */
export async function heldPreview(fitted: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(fitted).metadata();
  if (!width || !height) throw new Error('a fitted photo without dimensions');
  const stripes = Array.from({ length: Math.ceil((width + height) / STRIPE.everyPx) }, (_, i) => {
    const x = i * STRIPE.everyPx;
    return `<line x1="${x}" y1="0" x2="${x - height}" y2="${height}" />`;
  }).join('');
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g stroke="${STRIPE.colour}" stroke-opacity="${STRIPE.opacity}" stroke-width="${STRIPE.everyPx / 4}">${stripes}</g></svg>`,
  );
  return sharp(fitted)
    .composite([{ input: overlay }])
    .jpeg({ quality: 85 })
    .toBuffer();
}
