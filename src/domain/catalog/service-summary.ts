import { z } from 'zod';
import { CURRENCIES } from './money.ts';
import { SERVICE_PARAMETERS } from './parameters.ts';

/** A service as the list endpoints and the home grid show it. */
export const serviceSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  summary: z.string(),
  icon: z.string(),
  parameters: z.array(z.enum(SERVICE_PARAMETERS)),
  /** The lowest full price (fees included) among its packages, in the service's main currency. */
  fromPrice: z.object({ amountCents: z.number(), currency: z.enum(CURRENCIES) }).nullable(),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;
