import { z } from 'zod';

/** SPEC.md §3 Offer: the home page's sticky offers strip. */
export const offerSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  isActive: z.boolean(),
});
export type Offer = z.infer<typeof offerSchema>;

/** SPEC.md §3 Banner: `bannerImage` is a path under MEDIA_BASE_PATH. */
export const bannerSchema = z.object({
  id: z.number(),
  bannerImage: z.string(),
  altText: z.string(),
  link: z.string().nullable(),
  buttonText: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const partnerServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  link: z.string().nullable(),
});
export type PartnerService = z.infer<typeof partnerServiceSchema>;
