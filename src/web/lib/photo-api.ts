import type { z } from 'zod';
import type { ListData } from '../../domain/api/envelope.ts';
import { ROUTES } from '../../domain/config/routes.ts';
import type { OrderSummary } from '../../domain/orders/order-summary.ts';
import { PHOTO_CHECK_PATH, type PhotoCheck } from '../../domain/photos/checks.ts';
import type { FailedRuleChoice } from '../../domain/photos/failed-rules.ts';
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
import type { Address, AddressInput } from '../../domain/users/address.ts';
import type { PostalLookup } from '../../domain/users/postal-lookup.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { apiCall, type UploadProgress, uploadFile } from './api-client.ts';

/**
 * SevaPhotos' calls (SPEC.md §7 photo store and photo orders; docs/decisions/0063) under
 * /api/v1/photo-store, /photo-orders and /postal-lookup: one place the photo pages call them
 * from. `ref` is the order's PHO-… id or its number.
 */

export type PhotoSize = z.infer<typeof photoSizeSchema>;
export type PhotoFileType = z.infer<typeof photoFileTypeSchema>;
export type PhotoPlans = z.infer<typeof photoPlansSchema>;

export const photoKeys = {
  all: ['photos'] as const,
  sizes: ['photos', 'sizes'] as const,
  fileTypes: ['photos', 'file-types'] as const,
  plans: (currency: PhotoCurrency) => ['photos', 'plans', currency] as const,
  order: (ref: string) => ['photos', 'order', ref] as const,
  photo: (ref: string, photoId: number) => ['photos', 'photo', ref, photoId] as const,
  addOns: (ref: string) => ['photos', 'add-ons', ref] as const,
  costSummary: (ref: string) => ['photos', 'cost-summary', ref] as const,
  payment: (ref: string) => ['photos', 'payment', ref] as const,
  paymentOptions: (ref: string) => ['photos', 'payment-options', ref] as const,
  addresses: ['photos', 'addresses'] as const,
};

const order = (ref: string) => `/photo-orders/${encodeURIComponent(ref)}`;

export const getPhotoSizes = () => apiCall<PhotoSize[]>({ url: '/photo-store/photo-size' });
export const getPhotoFileTypes = () => apiCall<PhotoFileType[]>({ url: '/photo-store/file-type' });
export const getPhotoPlans = (currency: PhotoCurrency = 'USD') =>
  apiCall<PhotoPlans>({ url: '/photo-orders/plans', queryParams: { currency } });
export const lookupPostal = (country: AddressCountry, code: string) =>
  apiCall<PostalLookup>({ url: '/postal-lookup', queryParams: { country, code } });

/** Starts the order once per visit: the same key answers the same order (a double click, a reload). */
export const createPhotoOrder = (idempotencyKey: string, currency: PhotoCurrency = 'USD') =>
  apiCall<PhotoOrder>({ url: '/photo-orders', method: 'POST', body: { idempotencyKey, currency } });
export const listPhotoOrders = (page = 1, limit = 20) =>
  apiCall<ListData<OrderSummary>>({ url: '/photo-orders', queryParams: { page, limit } });
export const getPhotoOrder = (ref: string) => apiCall<PhotoOrder>({ url: order(ref) });

export const addPhotoItem = (ref: string, photoSize: PhotoSizeId, documentType?: string) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/items`, method: 'POST', body: { photoSize, documentType } });
export const removePhotoItem = (ref: string, itemId: number) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/items/${itemId}`, method: 'DELETE' });

/** Uploads one photo of an item with progress; its check starts on the server (poll getOrderPhoto). */
export const uploadPhoto = (ref: string, itemId: number, file: File, progress?: UploadProgress) =>
  uploadFile<OrderPhoto>(`${order(ref)}/items/${itemId}/photos`, file, progress);
export const getOrderPhoto = (ref: string, itemId: number, photoId: number) =>
  apiCall<OrderPhoto>({ url: `${order(ref)}/items/${itemId}/photos/${photoId}` });
export const removeOrderPhoto = (ref: string, itemId: number, photoId: number) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/items/${itemId}/photos/${photoId}`, method: 'DELETE' });

/** For a photo that failed a rule, instead of a retake: a person's check, or accepting it may be refused. */
export const chooseForFailedRules = (ref: string, itemId: number, photoId: number, choice: FailedRuleChoice) =>
  apiCall<PhotoOrder>({
    url: `${order(ref)}/items/${itemId}/photos/${photoId}/choice`,
    method: 'PUT',
    body: { choice },
  });

export const choosePhotoPlan = (ref: string, body: ChoosePlan) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/plan`, method: 'PUT', body });
export const choosePhotoDelivery = (ref: string, body: ChooseDelivery) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/delivery`, method: 'PUT', body });
export const setPhotoStep = (ref: string, step: PhotoStep) =>
  apiCall<PhotoOrder>({ url: `${order(ref)}/step`, method: 'PUT', body: { step } });
export const resetPhotoOrder = (ref: string) => apiCall<PhotoOrder>({ url: `${order(ref)}/reset`, method: 'POST' });

export const getPhotoAddresses = () => apiCall<ListData<Address>>({ url: '/photo-orders/addresses' });
export const addPhotoAddress = (body: AddressInput) =>
  apiCall<Address>({ url: '/photo-orders/addresses', method: 'POST', body });

/** A visitor's photo check before any account (its cookie is HttpOnly: only the server reads it). */
export const checkPhoto = (size: PhotoSizeId, file: File, progress?: UploadProgress) =>
  uploadFile<PhotoCheck>(`/photo-checks?${new URLSearchParams({ size })}`, file, progress);
export const getPhotoCheck = () => apiCall<PhotoCheck>({ url: PHOTO_CHECK_PATH });
/** At payment: the signed-in customer's new order takes the browser's check (once). */
export const claimPhotoCheck = () => apiCall<PhotoOrder>({ url: '/photo-orders/claim-check', method: 'POST' });

/** PHOTO_ENHANCEMENT_ORDER's address for an order (SPEC.md §2: ?orderId=). */
export function photoOrderHref(ref: string): string {
  return `${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${new URLSearchParams({ orderId: ref })}`;
}
