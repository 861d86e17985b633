import { createContext } from 'react-router';
import type { ServicePageContent } from '../../../domain/catalog/catalog-content.ts';

/**
 * The service page's catalog content, handed from its loader to the server render through the
 * load context (see lib/load-context.ts) instead of the loader data, so the browser does not
 * download it a second time as JavaScript.
 */
export const servicePageContentKey = createContext<ServicePageContent | null>(null);
