import type { z } from 'zod';
import type { ListData } from '../../domain/api/envelope.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import type { OrderSummary } from '../../domain/orders/order-summary.ts';
import type { ConfirmPayment, Payment, PaymentOption, PaymentProviderName } from '../../domain/payments/payment.ts';
import type {
  ChooseDelivery,
  ChoosePlan,
  OrderPhoto,
  PhotoOrder,
  PhotoStep,
  photoFileTypeSchema,
  photoPlansSchema,
  photoSizeSchema,
} from '../../domain/photos/orders.ts';
import type { PhotoCurrency } from '../../domain/photos/pricing.ts';
import type { PhotoSizeId } from '../../domain/photos/sizes.ts';
import { apiCall } from './api-client.ts';
import { type UploadProgress, uploadFile } from './upload.ts';

/**
 * The photo order calls of SPEC.md §7 under /api/v1/photo-orders/… and /photo-store/…
 * (docs/decisions/0063): one place the photo order pages call them from. `ref` is the order's
 * PHO-… id or its number.
 */

export type PhotoSize = z.infer<typeof photoSizeSchema>;
export type PhotoFileType = z.infer<typeof photoFileTypeSchema>;
export type PhotoPlans = z.infer<typeof photoPlansSchema>;

export const photoKeys = {
  /** Every photo order query. */
  all: ['photo-order'] as const,
  sizes: ['photo-store', 'sizes'] as const,
  fileTypes: ['photo-store', 'file-types'] as const,
  plans: (currency: string) => ['photo-store', 'plans', currency] as const,
  orders: ['photo-order', 'list'] as const,
  order: (ref: string) => ['photo-order', 'order', ref] as const,
  photo: (ref: string, photoId: number) => ['photo-order', 'photo', ref, photoId] as const,
  addresses: ['photo-order', 'addresses'] as const,
  payment: (ref: string) => ['photo-order', 'payment', ref] as const,
  paymentOptions: (ref: string) => ['photo-order', 'payment-options', ref] as const,
};

const order = (ref: string) => `/photo-orders/${encodeURIComponent(ref)}`;
const item = (ref: string, itemId: number) => `${order(ref)}/items/${itemId}`;

export const getPhotoSizes = () => apiCall<PhotoSize[]>({ url: '/photo-store/photo-size' });
export const getPhotoFileTypes = () => apiCall<PhotoFileType[]>({ url: '/photo-store/file-type' });
export const getPhotoPlans = (currency: PhotoCurrency) =>
  apiCall<PhotoPlans>({ url: '/photo-orders/plans', queryParams: { currency } });

export const listPhotoOrders = (page = 1, limit = 100) =>
  apiCall<ListData<OrderSummary>>({ url: '/photo-orders', queryParams: { page, limit } });
export const createPhotoOrder = (idempotencyKey: string) =>
  apiCall<PhotoOrder>({ url: '/photo-orders', method: 'POST', body: { idempotencyKey } });
export const getPhotoOrder = (ref: string) => apiCall<PhotoOrder>({ url: order(ref) });

export const addPhotoItem = (ref: string, photoSize: PhotoSizeId) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/items`, method: 'POST', body: { photoSize } });
export const removePhotoItem = (ref: string, itemId: number) =>
  apiCall<PhotoOrder>({ url: item(ref, itemId), method: 'DELETE' });
export const getOrderPhoto = (ref: string, itemId: number, photoId: number) =>
  apiCall<OrderPhoto>({ url: `${item(ref, itemId)}/photos/${photoId}` });
export const removeOrderPhoto = (ref: string, itemId: number, photoId: number) =>
  apiCall<PhotoOrder>({ url: `${item(ref, itemId)}/photos/${photoId}`, method: 'DELETE' });
/** One photo for an item; its compliance check starts at once (poll getOrderPhoto). */
export const uploadOrderPhoto = (ref: string, itemId: number, file: File, progress: UploadProgress = {}) =>
  uploadFile<OrderPhoto>(`${item(ref, itemId)}/photos`, file, progress);

export const choosePhotoPlan = (ref: string, body: ChoosePlan) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/plan`, method: 'PUT', body });
export const setPhotoDelivery = (ref: string, body: ChooseDelivery) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/delivery`, method: 'PUT', body });
export const setPhotoStep = (ref: string, step: PhotoStep) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/step`, method: 'PUT', body: { step } });
export const resetPhotoOrder = (ref: string) => apiCall<PhotoOrder>({ url: `${order(ref)}/reset`, method: 'POST' });

// Paying: the same providers as applications (docs/decisions/0055, 0063); the server prices the order.
export const startPhotoPayment = (ref: string, provider?: PaymentProviderName) =>
  apiCall<Payment>({ url: `${order(ref)}/payment`, method: 'POST', body: provider ? { provider } : {} });
export const getPhotoPaymentOptions = (ref: string) =>
  apiCall<PaymentOption[]>({ url: `${order(ref)}/payment/options` });
export const confirmPhotoPayment = (ref: string, body: ConfirmPayment) =>
  apiCall<Payment>({ url: `${order(ref)}/payment/confirm`, method: 'POST', body });
export const getPhotoPayment = (ref: string) => apiCall<Payment | null>({ url: `${order(ref)}/payment` });

/** PHOTO_ENHANCEMENT_ORDER's address for an order (SPEC.md §2: ?orderId=). */
export function photoOrderHref(ref: string): string {
  return `${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${new URLSearchParams({ orderId: ref })}`;
}
