import { DEFAULT_CONTACT } from '../../domain/config/site.ts';
import type { OrderKind } from '../../domain/orders/order-kind.ts';
import { ORDER_BRAND_NAMES } from '../../domain/orders/status-descriptions.ts';

/**
 * OutgoingMail.fromName of an e-mail signed by `brand`: SevaPhotos's go out under its name, at
 * MAIL_FROM's address; the company's keep MAIL_FROM's own name (the deployment may have set one).
 */
export const senderAs = (brand: string): { fromName?: string } =>
  brand === DEFAULT_CONTACT.photoBrandName ? { fromName: brand } : {};

/** The sender of an order's e-mails: the brand its kind is sold under. */
export const orderSender = (kind: OrderKind) => senderAs(ORDER_BRAND_NAMES[kind]);
