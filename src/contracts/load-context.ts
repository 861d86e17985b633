/**
 * What the server hands the web app's page loaders (the SSR load context), described here so
 * that neither side imports the other (docs/decisions/0032-web-shell-and-boundaries.md). Types
 * only, built from src/domain: the server's plugins/web.ts fills an `AppContextValue` from
 * `app.services` (TypeScript checks there that the real services fit `LoaderServices`), and
 * the web's `lib/app-context.ts` holds the React Router context key typed with it.
 */

import type { AuditListQuery, AuditRecord } from '../domain/admin/audit.ts';
import type { AdminAddonPrice, AdminService, AdminServiceRow } from '../domain/admin/catalog.ts';
import type { AdminFaq } from '../domain/admin/catalog-content.ts';
import type {
  AdminAboutBlock,
  AdminArticle,
  AdminBanner,
  AdminOffer,
  AdminPartner,
  AdminTeamMember,
  AdminTerm,
} from '../domain/admin/content.ts';
import type { AdminCoupon, CouponListQuery } from '../domain/admin/coupons.ts';
import type { AdminFormDetail, AdminFormSummary } from '../domain/admin/forms.ts';
import type { AdminMessage, AdminMessageDetail, AdminMessageListQuery } from '../domain/admin/messages.ts';
import type { DeskOrder, OrderQueueQuery, QueuedOrder, ServiceFilterOption } from '../domain/admin/orders.ts';
import type { AdminReferralReward, AdminReferralRewardListQuery } from '../domain/admin/referral-rewards.ts';
import type { AdminRefund, AdminRefundDetail, AdminRefundListQuery, AutomaticRefund } from '../domain/admin/refunds.ts';
import type { AdminUser, AdminUserListQuery } from '../domain/admin/users.ts';
import type { ListData } from '../domain/api/envelope.ts';
import type { Pagination } from '../domain/api/pagination.ts';
import type { PricedPackage, ServicePageContent } from '../domain/catalog/catalog-content.ts';
import type { ParameterChoices } from '../domain/catalog/parameters.ts';
import type { ServiceDetail } from '../domain/catalog/service-detail.ts';
import type { ServiceSummary } from '../domain/catalog/service-summary.ts';
import type { ReferralReward } from '../domain/checkout/referral-reward-api.ts';
import type { FormResult } from '../domain/contact/result.ts';
import type { ContactEnquiryInput, ContactEnquiryReceipt, ContactInfo } from '../domain/contact/schema.ts';
import type {
  AboutContent,
  Article,
  ArticleSummary,
  FaqGroup,
  ReferEarn,
  TermPage,
} from '../domain/content/schemas.ts';
import type { Country } from '../domain/countries/country.ts';
import type { AdminDeletionRequest, DeletionState } from '../domain/data-rights/schemas.ts';
import type { CampaignLeadInput } from '../domain/marketing/campaign-lead.ts';
import type { Banner, Offer, PartnerService } from '../domain/marketing/marketing.ts';
import type { OpenApplication } from '../domain/orders/open-application.ts';
import type { OrderSummary } from '../domain/orders/order-summary.ts';
import type { PhotoOrder, PhotoOrderRef } from '../domain/photos/orders.ts';
import type { SecondLookEntry } from '../domain/photos/second-look.ts';
import type { RefundReceipt, RefundRequestInput } from '../domain/refunds/schema.ts';
import type { Profile } from '../domain/users/profile.ts';
import type { Viewer } from '../domain/users/viewer.ts';

/** Values the browser may see (DESIGN.md §1: an explicit allow-list). */
export interface PublicConfig {
  siteUrl: string;
  tollFreeNumber: string;
  supportEmail: string;
  whatsappNumber: string;
  blogUrl: string;
  /** reCAPTCHA v3 site key; null when the human check is off (then skip the script; POST /api/hello still answers success). */
  recaptchaSiteKey: string | null;
}

/** Who sent a form: the network address (for rate limits) and the signed-in user, if any. */
export interface FormSender {
  ip?: string | null;
  userId?: number | null;
}

/** A stored campaign lead. */
export type StoredForm = FormResult<{ id: number; createdAt: Date }>;

/**
 * The part of the modules' services that page loaders and actions call. A loader that needs
 * another method adds it here; the server's services must already have it (plugins/web.ts
 * assigns them to this type).
 */
export interface LoaderServices {
  /** The back office's reads (issue 13); loaders check the viewer's role before calling them. */
  audit: {
    list(query: AuditListQuery): Promise<ListData<AuditRecord>>;
  };
  /** The back office's orders (decision 0068); staff only, checked by the loaders. */
  adminOrders: {
    list(query: OrderQueueQuery): Promise<ListData<QueuedOrder>>;
    serviceFilters(): Promise<ServiceFilterOption[]>;
    get(orderRef: string): Promise<DeskOrder | null>;
  };
  catalog: {
    listServices(paging: Pagination): Promise<ListData<ServiceSummary>>;
    getServiceBySlug(slug: string): Promise<ServiceDetail | null>;
    getPackagesForChoices(
      serviceId: number,
      requested: ParameterChoices,
    ): Promise<{ service: ServiceDetail; choices: ParameterChoices; packages: PricedPackage[] } | null>;
    getServicePage(slug: string): Promise<ServicePageContent | null>;
  };
  contact: {
    contactInfo(): ContactInfo;
    submit(input: ContactEnquiryInput, from?: FormSender): Promise<FormResult<ContactEnquiryReceipt>>;
    /** The back office's contact messages (staff; decision 0069). */
    adminListMessages(query: AdminMessageListQuery): Promise<ListData<AdminMessage>>;
    adminGetMessage(id: number): Promise<AdminMessageDetail | null>;
  };
  content: {
    getAbout(): Promise<AboutContent>;
    getReferEarn(user: { referralCode: string } | null): Promise<ReferEarn | null>;
    listArticles(paging: Pagination): Promise<ListData<ArticleSummary>>;
    getArticle(slug: string): Promise<Article | null>;
    listFaqGroups(): Promise<FaqGroup[]>;
    listTermPages(): Promise<TermPage[]>;
    /** The back office's articles (admins; decision 0072). */
    adminListArticles(): Promise<AdminArticle[]>;
    adminGetArticle(id: number): Promise<AdminArticle | null>;
    adminListTerms(): Promise<AdminTerm[]>;
    /** The About page's team and text (admins; decision 0075). */
    adminListTeam(): Promise<AdminTeamMember[]>;
    adminGetTeamMember(id: number): Promise<AdminTeamMember | null>;
    adminListAboutBlocks(): Promise<AdminAboutBlock[]>;
  };
  marketing: {
    listOffers(paging: Pagination): Promise<ListData<Offer>>;
    listActiveBanners(paging: Pagination): Promise<ListData<Banner>>;
    listPartnerServices(paging: Pagination): Promise<ListData<PartnerService>>;
    submitLead(input: CampaignLeadInput, from?: { ip?: string | null }): Promise<StoredForm>;
    /** The back office's offers and banners (admins; decision 0072). */
    adminListOffers(): Promise<AdminOffer[]>;
    adminGetOffer(id: number): Promise<AdminOffer | null>;
    adminListBanners(): Promise<AdminBanner[]>;
    adminGetBanner(id: number): Promise<AdminBanner | null>;
    /** The home page's partner services (admins; decision 0075). */
    adminListPartners(): Promise<AdminPartner[]>;
    adminGetPartner(id: number): Promise<AdminPartner | null>;
  };
  /**
   * SevaPhotos (issue 31 §4): the customer's own order (the payment confirmation's promise of a
   * person's check) and the staff queue of photos waiting for one (loaders check the role first).
   */
  photos: {
    get(customerId: number, ref: PhotoOrderRef): Promise<FormResult<PhotoOrder>>;
    secondLook: { queue(): Promise<SecondLookEntry[]> };
  };
  /** Customers' deletion requests waiting for open orders: the back office's queue (staff; issue 34 §3). */
  dataRights: {
    queue(state: DeletionState): Promise<AdminDeletionRequest[]>;
  };
  referrals: {
    listRewards(userId: number, paging: Pagination): Promise<ListData<ReferralReward>>;
  };
  /** The back office's referral gift cards (staff; decision 0057). */
  referralsAdmin: {
    list(query: AdminReferralRewardListQuery): Promise<ListData<AdminReferralReward>>;
  };
  refunds: {
    submit(input: RefundRequestInput, from?: { ip?: string | null }): Promise<FormResult<RefundReceipt>>;
    /** The back office's refund requests (staff; decision 0069). */
    adminList(query: AdminRefundListQuery): Promise<ListData<AdminRefund>>;
    adminGet(id: number): Promise<AdminRefundDetail | null>;
    /** The newest automatic refunds of stray charges (issue 28). */
    automaticRefunds(): Promise<AutomaticRefund[]>;
  };
  users: {
    getProfile(userId: number): Promise<Profile | null>;
    /** The back office's users section (admins; decision 0069). */
    adminList(query: AdminUserListQuery): Promise<ListData<AdminUser>>;
    adminGet(userId: number): Promise<AdminUser | null>;
  };
  /** The back office's form builder (admins; decision 0073). */
  forms: {
    adminList(): Promise<AdminFormSummary[]>;
    adminGet(packageId: number): Promise<AdminFormDetail | null>;
  };
  /** A returning customer's unpaid or unfinished applications, for home (issue 30 §4). */
  applications: {
    openApplicationsOf(userId: number): Promise<OpenApplication[]>;
  };
  /** A user's orders, for the back office's user page. */
  orders: {
    listForUser(userId: number, paging: Pagination): Promise<ListData<OrderSummary>>;
  };
  /** The back office's catalog, coupons and countries (decision 0070); loaders check the admin role first. */
  catalogAdmin: {
    listServices(): Promise<AdminServiceRow[]>;
    getService(id: number): Promise<AdminService | null>;
    listAddonPrices(): Promise<AdminAddonPrice[]>;
    /** The FAQ page's own questions (no service), shown or not (decision 0076). */
    listGeneralFaqs(): Promise<AdminFaq[]>;
  };
  couponsAdmin: {
    list(query: CouponListQuery): Promise<ListData<AdminCoupon>>;
    get(id: number): Promise<AdminCoupon | null>;
  };
  countries: {
    list(): Promise<Country[]>;
  };
}

/** The value under the web app's `appContext` key, set by the server for every page request. */
export interface AppContextValue {
  services: LoaderServices;
  publicConfig: PublicConfig;
  /** The signed-in user of this request (from the session cookie), or null. */
  viewer: Viewer | null;
  /** The network address of this request (the public forms' rate limits use it). */
  clientIp: string | null;
  /** Whether e-mails are kept in the dev mailbox (the embedded mode without SMTP). */
  devMailbox: boolean;
  /** Whether the development pages (/dev/crash, /dev/form-preview) answer: `npm run dev` and the test suites. */
  devPages: boolean;
  /** A request from this machine itself, not relayed by a proxy (the dev mailbox's audience). */
  fromThisMachine: boolean;
  /** The nonce this response's content security policy lets inline scripts run with ('' in dev). */
  cspNonce: string;
  /**
   * Logs a failure of this page on the server (a loader that threw, a render that crashed) in the
   * server's log, as one structured entry with the request's id, instead of on the console.
   */
  reportError(error: unknown): void;
}
