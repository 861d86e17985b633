import { DEFAULT_CONTACT } from '../domain/config/site.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { linkOriginFor } from './http/site-url.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createContentChanges } from './lib/content-changes.ts';
import type { MailOutbox } from './mail/outbox.ts';
import {
  createAdminOrdersService,
  createCustomerMessages,
  createOrderNotesPersonalData,
  createRequestAnsweredAlert,
} from './modules/admin-orders/service.ts';
import {
  createApplicationsPersonalData,
  createApplicationsService,
  createDocumentsService,
  createFeeChanges,
  createFormsReminders,
  createFormsService,
  createMemberFormsService,
  createOrderCompletion,
  createPassportsService,
  createPrintPackService,
  missionResolver,
  storedMissionAddress,
} from './modules/applications/service.ts';
import { createAuditLog } from './modules/audit/service.ts';
import { createPasswords, type PasswordHashing } from './modules/auth/passwords.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createCatalogAdmin, createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutPricing, createCheckoutService, createCouponsAdmin } from './modules/checkout/service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCountriesService } from './modules/countries/service.ts';
import { createDataRightsService } from './modules/data-rights/service.ts';
import { createJurisdictionService } from './modules/jurisdiction/service.ts';
import { createMarketingService } from './modules/marketing/service.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { createOrdersService } from './modules/orders/service.ts';
import {
  createExchangeRateRefresh,
  createPaymentsService,
  createSandboxProvider,
  createSdkProvider,
  createStoredExchangeRates,
  type PaymentProvider,
} from './modules/payments/service.ts';
import {
  type AnalysePhoto,
  analysePhoto,
  createPhotosPersonalData,
  createPhotosService,
  fitUpload,
} from './modules/photos/service.ts';
import { createReferralsAdmin } from './modules/referrals/admin.ts';
import { createReferralsService } from './modules/referrals/service.ts';
import { createRefundsService } from './modules/refunds/service.ts';
import { createUsersService } from './modules/users/service.ts';
import { readZoneText } from './ocr/mrz-ocr.ts';
import type { RateLimitStore } from './plugins/rate-limit-store.ts';
import type { FileStorage } from './storage/index.ts';

/** What modules need besides the database. */
export interface ServiceDeps {
  env: Env;
  /** E-mail is queued in the transaction of the row that causes it (docs/decisions/0033). */
  mail: MailOutbox;
  /** Background work a request hands off (modules register their workers before the queue starts). */
  jobs: Pick<JobQueue, 'send' | 'work' | 'schedule' | 'unschedule'>;
  /** Where the modules' own rate limits count (the refund form's failed look-ups). */
  rateLimits?: RateLimitStore;
  /** The app's one file storage (uploaded documents). */
  storage: FileStorage;
  /** The photo compliance engine; by default the engine module, loaded on the first photo (tests pass a fake). */
  photoAnalyser?: AnalysePhoto;
  /** After an erasure, the database keeps no copy of the replaced rows (DatabaseHandle.scrubDeadRows). */
  scrubDeadRows: () => Promise<void>;
  /** Whose day's fees are in force: the catalog's prices and the fee-change job (tests hold it). */
  feeClock?: () => Date;
  /** How passwords are hashed; by default at OWASP's cost (tests pass a cheaper one: test/app.ts). */
  passwordHashing?: PasswordHashing;
  /** Passport OCR (src/server/ocr); by default Tesseract in its worker, started on the first page. */
  passportOcr?: (image: Buffer) => Promise<string>;
  log?: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
}

/** The modules' public surfaces, built once per app and shared by routes and page loaders. */
export async function createServices(
  db: Database,
  {
    env,
    mail,
    jobs,
    rateLimits,
    storage,
    log,
    photoAnalyser,
    passportOcr = readZoneText,
    feeClock,
    scrubDeadRows,
    passwordHashing,
  }: ServiceDeps,
) {
  // The one signal that public content changed: drops the catalog snapshot, the marketing lists and
  // the page cache (decision 0070); app.ts makes it cross-process on PostgreSQL (decision 0079).
  const contentChanges = createContentChanges();
  const catalog = createCatalogService(db, { changes: contentChanges, ...(feeClock ? { now: feeClock } : {}) });
  const company = {
    companyName: DEFAULT_CONTACT.companyName,
    tollFreeNumber: env.TOLL_FREE_NUMBER,
    supportEmail: env.SUPPORT_EMAIL,
    whatsappNumber: env.WHATSAPP_NUMBER,
  };
  // Every back-office change writes its entry here, in its own transaction (decision 0067).
  const audit = createAuditLog(db);
  const users = createUsersService(db, { adminEmails: env.ADMIN_EMAILS, audit });
  const linkOrigin = linkOriginFor(env);
  const notifications = createNotificationsService(db);
  const orders = createOrdersService(db, {
    notifications,
    mail,
    storage,
    users,
    linkOrigin,
    companyName: company.companyName,
    premiumSupport: env.premiumSupport,
  });
  const forms = createFormsService(db, { audit });
  const pricing = createCheckoutPricing({ catalog, orders, users });
  const completion = createOrderCompletion({ orders });
  const analyse = photoAnalyser ?? analysePhoto;
  // Staff's messages to the customer, kept by the back office, on the customer's order pages too.
  const customerMessages = createCustomerMessages();
  const jurisdiction = createJurisdictionService(db);
  const documents = createDocumentsService(db, {
    orders,
    storage,
    completion,
    forms,
    fitPhoto: (image, size, options) => fitUpload(analyse, image, size, options),
    resolveMission: missionResolver(jurisdiction),
    ...(log ? { log } : {}),
  });
  const applications = createApplicationsService(db, {
    orders,
    catalog,
    documents,
    forms,
    completion,
    pricing,
    // Read in the member change's transaction `on`: a read on `db` meanwhile would wait for it (PGlite has one connection).
    resolveMissionIn: (on) => missionResolver(createJurisdictionService(on)),
    mail,
    companyName: company.companyName,
    premiumSupport: env.premiumSupport,
    messages: customerMessages,
  });
  // The fee on the day (issue 32 §2): unpaid applications repriced when a dated fee change takes effect.
  const feeChanges = createFeeChanges(db, {
    orders,
    catalog,
    pricing,
    mail,
    notifications,
    jobs,
    companyName: company.companyName,
    ...(feeClock ? { now: feeClock } : {}),
  });
  // A change made in this process (another's notice is that process's to act on); the job is idempotent.
  contentChanges.subscribe((cause) => {
    if (cause !== 'change') return;
    feeChanges.catalogChanged().catch((error: unknown) => {
      log?.warn({ err: error }, 'the fee review after a catalog change could not be queued');
    });
  });
  // What an application holds about its customer: the data export and the erasure (issue 34 §3).
  const applicationsPersonalData = createApplicationsPersonalData(db);
  const checkout = createCheckoutService(db, {
    orders,
    applications,
    completion,
    catalog,
    pricing,
    fees: feeChanges,
    documents,
  });
  orders.registerKind(checkout.orderKind);
  const photos = createPhotosService(db, {
    orders,
    users,
    storage,
    jobs,
    analyse,
    checkout,
    log: log ?? console,
    mail,
    audit,
    notifications,
    messages: customerMessages,
  });
  orders.registerKind(photos.orderKind);
  // Each configured provider, the default first (docs/decisions/0055, 0058).
  const sandbox = env.PAYMENT_PROVIDERS.includes('sandbox')
    ? createSandboxProvider({
        db,
        ...(env.SANDBOX_WEBHOOK_SECRET ? { secret: env.SANDBOX_WEBHOOK_SECRET } : {}),
      })
    : null;
  const providers = await Promise.all(
    env.PAYMENT_PROVIDERS.map((name): PaymentProvider | Promise<PaymentProvider> => {
      if (name !== 'sandbox') return createSdkProvider(name, env);
      if (sandbox) return sandbox.provider;
      throw new Error('the sandbox provider was not created');
    }),
  );
  const payments = createPaymentsService(db, {
    orders,
    mail,
    notifications,
    jobs,
    providers,
    // Made further down; asked only when a payment starts, long after.
    paymentHold: (customerId) => dataRights.paymentHold(customerId),
    rates: createStoredExchangeRates({
      maxAgeMs: env.EXCHANGE_RATE_MAX_AGE_HOURS * 3_600_000,
      log: log ?? console,
    }),
    siteUrl: env.siteUrl,
    linkOrigin,
    companyName: company.companyName,
    premiumSupport: env.premiumSupport,
    log: log ?? console,
  });
  // The scheduled refresh of those rates, when a source is configured (decision 0061).
  const exchangeRateRefresh = createExchangeRateRefresh(db, {
    jobs,
    sourceUrl: env.EXCHANGE_RATE_SOURCE_URL,
    cron: env.EXCHANGE_RATE_REFRESH_CRON,
    log: log ?? console,
  });
  const referrals = createReferralsService(db, {
    users,
    orders,
    notifications,
    mail,
    linkOrigin,
    companyName: company.companyName,
  });
  // The referrer's reward is earned in the transaction that completes the friend's order (decision 0057).
  orders.onStatusChange(referrals.onStatusChange);
  // …and withdrawn when the friend's order is refunded in full (issue 28).
  orders.onFullyRefunded(referrals.onFullyRefunded);
  const memberForms = createMemberFormsService(db, {
    orders,
    forms,
    completion,
    resolveMissionIn: (on) => missionResolver(createJurisdictionService(on)),
    mail,
    companyName: company.companyName,
    accountContact: async (customerId) => {
      const profile = await users.getProfile(customerId);
      return profile ? { email: profile.email, phone: profile.phone || null } : null;
    },
  });
  const passports = createPassportsService(db, { orders, forms, completion, storage, readZoneText: passportOcr });
  // Each member's print pack after payment (issue 32 §3); the mailing label's mission address comes with §1.
  const printPacks = createPrintPackService(db, { orders, forms, catalog, missionAddress: storedMissionAddress });
  // A payment that leaves the forms to do files their reminders, in its transaction (issue 30 §4).
  const formsReminders = createFormsReminders(db, {
    orders,
    jobs,
    mail,
    companyName: company.companyName,
  });
  orders.onStatusChange(formsReminders.onStatusChange);
  // Marketing and content edits call the one content-changed hook too, so every cache that
  // subscribes to it, in every process, hears of them (decisions 0070, 0072, 0079).
  const content = createContentService(db, { catalog, siteUrl: env.siteUrl, audit, storage, changes: contentChanges });
  const marketing = createMarketingService(db, { mail, contact: company, audit, storage, changes: contentChanges });

  const auth = createAuthService(db, {
    users,
    notifications,
    mail,
    jobs,
    siteUrl: env.siteUrl,
    passwords: createPasswords(passwordHashing),
  });
  const refunds = createRefundsService(db, {
    orders,
    payments,
    audit,
    mail,
    notifications,
    jobs,
    contact: company,
    feesPaidRecord: async (orderId) => (await applications.staffRecords(orderId)).feesPaid,
    log: log ?? console,
    ...(rateLimits ? { rateLimits } : {}),
  });
  orders.onStatusChange(refunds.onStatusChange);
  // The staff who asked a customer for documents hear when the last is in (walk H).
  orders.onStatusChange(
    createRequestAnsweredAlert({
      orders,
      documents,
      users,
      mail,
      siteUrl: linkOrigin(null),
      companyName: company.companyName,
    }).onStatusChange,
  );
  const contact = createContactService(db, { mail, audit, contact: company });
  // Data rights, self-service (issue 34 §3): the customer's export and erasure.
  const dataRights = createDataRightsService(db, {
    users,
    auth,
    orders,
    applications: applicationsPersonalData,
    photos: createPhotosPersonalData(db),
    notes: createOrderNotesPersonalData(),
    notifications,
    refunds,
    referrals,
    audit,
    storage,
    contact,
    marketing,
    mail,
    scrubDeadRows,
    log: log ?? console,
  });

  return {
    audit,
    catalog,
    payments,
    exchangeRateRefresh,
    sandbox,
    users,
    notifications,
    orders,
    forms,
    applications,
    checkout,
    photos,
    referrals,
    documents,
    memberForms,
    passports,
    printPacks,
    formsReminders,
    feeChanges,
    auth,
    countries: createCountriesService(db, { audit, changes: contentChanges }),
    jurisdiction,
    content,
    marketing,
    contact,
    refunds,
    dataRights,
    contentChanges,
    catalogAdmin: createCatalogAdmin(db, {
      audit,
      changed: contentChanges.changed,
      ordersOf: applications.countOrdersOf,
    }),
    couponsAdmin: createCouponsAdmin(db, { audit, uses: checkout.couponUses, orders }),
    // The gift cards staff send for referrals, and their record of each sent (decision 0057).
    referralsAdmin: createReferralsAdmin(db, { users, orders, audit, notifications }),
    // The back office's orders (issue 13, decision 0068).
    adminOrders: createAdminOrdersService(db, {
      orders,
      users,
      refunds,
      applications,
      memberForms,
      printPacks,
      documents,
      notifications,
      photos,
      catalog,
      audit,
      addOns: checkout,
      mail,
      companyName: company.companyName,
    }),
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
