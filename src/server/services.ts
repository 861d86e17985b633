import { DEFAULT_CONTACT } from '../domain/config/site.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { Mailer } from './mail/mailer.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCountriesService } from './modules/countries/service.ts';
import { createMarketingService } from './modules/marketing/service.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { createRefundsService } from './modules/refunds/service.ts';
import { createUsersService } from './modules/users/service.ts';
import type { RateLimitStore } from './plugins/rate-limit-store.ts';

/** What modules need besides the database. */
export interface ServiceDeps {
  env: Env;
  mailer: Mailer;
  /** Where the modules' own rate limits count (the refund form's failed look-ups). */
  rateLimits?: RateLimitStore;
  log?: { error(details: object, message: string): void };
}

/** The modules' public surfaces, built once per app and shared by routes and page loaders. */
export function createServices(db: Database, { env, mailer, rateLimits, log }: ServiceDeps) {
  const catalog = createCatalogService(db);
  const company = {
    companyName: DEFAULT_CONTACT.companyName,
    tollFreeNumber: env.TOLL_FREE_NUMBER,
    supportEmail: env.SUPPORT_EMAIL,
    whatsappNumber: env.WHATSAPP_NUMBER,
  };
  const users = createUsersService(db);
  const notifications = createNotificationsService(db);
  const orders = createOrdersService(db);
  return {
    catalog,
    users,
    notifications,
    orders,
    auth: createAuthService(db, { users, notifications, mailer, siteUrl: env.siteUrl, log }),
    countries: createCountriesService(db),
    content: createContentService(db, { catalog, siteUrl: env.siteUrl }),
    marketing: createMarketingService(db, { mailer, contact: company, log }),
    contact: createContactService(db, { mailer, contact: company, log }),
    refunds: createRefundsService(db, { orders, mailer, contact: company, log, ...(rateLimits ? { rateLimits } : {}) }),
  };
}
export type Services = ReturnType<typeof createServices>;
