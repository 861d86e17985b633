import type { z } from 'zod';
import { ROUTES } from '../../domain/config/routes.ts';
import type { PhotoCheck } from '../../domain/photos/checks.ts';
import type { FailedRuleChoice } from '../../domain/photos/failed-rules.ts';
import type {
  ChooseDelivery,
  ChoosePlan,
  OrderPhoto,
  PhotoStep,
  photoFileTypeSchema,
  photoPlansSchema,
  photoSizeSchema,
} from '../../domain/photos/orders.ts';
import type { PhotoCurrency } from '../../domain/photos/pricing.ts';
import type { PhotoSizeId } from '../../domain/photos/sizes.ts';
import type { AddressInput } from '../../domain/users/address.ts';
import type { AddressCountry } from '../../domain/users/regions.ts';
import { api, envelopeOf, type UploadProgress, uploadFile } from './api-client.ts';

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

const order = (orderRef: string) => ({ params: { path: { orderRef } } });
const item = (orderRef: string, itemId: number) => ({ params: { path: { orderRef, itemId } } });
const photo = (orderRef: string, itemId: number, photoId: number) => ({
  params: { path: { orderRef, itemId, photoId } },
});
const itemPath = (ref: string, itemId: number) => `/photo-orders/${encodeURIComponent(ref)}/items/${itemId}`;

export const getPhotoSizes = () => envelopeOf(api.GET('/api/v1/photo-store/photo-size'));
export const getPhotoFileTypes = () => envelopeOf(api.GET('/api/v1/photo-store/file-type'));
export const getPhotoPlans = (currency: PhotoCurrency = 'USD') =>
  envelopeOf(api.GET('/api/v1/photo-orders/plans', { params: { query: { currency } } }));
export const lookupPostal = (country: AddressCountry, code: string) =>
  envelopeOf(api.GET('/api/v1/postal-lookup', { params: { query: { country, code } } }));

/**
 * Starts the order once per visit: the same key answers the same order (a double click, a reload).
 * Without a currency the server starts it in the one the customer last ordered in.
 */
export const createPhotoOrder = (idempotencyKey: string, currency?: PhotoCurrency) =>
  envelopeOf(api.POST('/api/v1/photo-orders', { body: { idempotencyKey, ...(currency ? { currency } : {}) } }));
export const listPhotoOrders = (page = 1, limit = 20) =>
  envelopeOf(api.GET('/api/v1/photo-orders', { params: { query: { page, limit } } }));
export const getPhotoOrder = (ref: string) => envelopeOf(api.GET('/api/v1/photo-orders/{orderRef}', order(ref)));

export const addPhotoItem = (ref: string, photoSize: PhotoSizeId, idempotencyKey?: string) =>
  envelopeOf(api.POST('/api/v1/photo-orders/{orderRef}/items', { ...order(ref), body: { photoSize, idempotencyKey } }));
export const namePhotoItem = (ref: string, itemId: number, personName: string) =>
  envelopeOf(
    api.PATCH('/api/v1/photo-orders/{orderRef}/items/{itemId}', { ...item(ref, itemId), body: { personName } }),
  );
export const removePhotoItem = (ref: string, itemId: number) =>
  envelopeOf(api.DELETE('/api/v1/photo-orders/{orderRef}/items/{itemId}', item(ref, itemId)));

/** Uploads one photo of an item with progress; its check starts on the server (poll getOrderPhoto). */
export const uploadPhoto = (ref: string, itemId: number, file: File, progress?: UploadProgress) =>
  uploadFile<OrderPhoto>(`${itemPath(ref, itemId)}/photos`, file, progress);
export const getOrderPhoto = (ref: string, itemId: number, photoId: number) =>
  envelopeOf(api.GET('/api/v1/photo-orders/{orderRef}/items/{itemId}/photos/{photoId}', photo(ref, itemId, photoId)));
export const removeOrderPhoto = (ref: string, itemId: number, photoId: number) =>
  envelopeOf(
    api.DELETE('/api/v1/photo-orders/{orderRef}/items/{itemId}/photos/{photoId}', photo(ref, itemId, photoId)),
  );

/** For a photo that failed a rule, instead of a retake: a person's check, or accepting it may be refused. */
export const chooseForFailedRules = (ref: string, itemId: number, photoId: number, choice: FailedRuleChoice) =>
  envelopeOf(
    api.PUT('/api/v1/photo-orders/{orderRef}/items/{itemId}/photos/{photoId}/choice', {
      ...photo(ref, itemId, photoId),
      body: { choice },
    }),
  );

export const choosePhotoCurrency = (ref: string, currency: PhotoCurrency) =>
  envelopeOf(api.PUT('/api/v1/photo-orders/{orderRef}/currency', { ...order(ref), body: { currency } }));
export const choosePhotoPlan = (ref: string, body: ChoosePlan) =>
  envelopeOf(api.PUT('/api/v1/photo-orders/{orderRef}/plan', { ...order(ref), body }));
export const choosePhotoDelivery = (ref: string, body: ChooseDelivery) =>
  envelopeOf(api.PUT('/api/v1/photo-orders/{orderRef}/delivery', { ...order(ref), body }));
export const setPhotoStep = (ref: string, step: PhotoStep) =>
  envelopeOf(api.PUT('/api/v1/photo-orders/{orderRef}/step', { ...order(ref), body: { step } }));
export const resetPhotoOrder = (ref: string) =>
  envelopeOf(api.POST('/api/v1/photo-orders/{orderRef}/reset', order(ref)));

export const getPhotoAddresses = () => envelopeOf(api.GET('/api/v1/photo-orders/addresses'));
export const addPhotoAddress = (body: AddressInput) => envelopeOf(api.POST('/api/v1/photo-orders/addresses', { body }));

/** A visitor's photo check before any account (its cookie is HttpOnly: only the server reads it). */
export const checkPhoto = (size: PhotoSizeId, file: File, progress?: UploadProgress) =>
  uploadFile<PhotoCheck>(`/photo-checks?${new URLSearchParams({ size })}`, file, progress);
export const getPhotoCheck = () => envelopeOf(api.GET('/api/v1/photo-checks/current'));
/** At payment: the signed-in customer's new order takes the browser's check (once). */
export const claimPhotoCheck = () => envelopeOf(api.POST('/api/v1/photo-orders/claim-check', { body: {} }));

/** PHOTO_ENHANCEMENT_ORDER's address for an order (SPEC.md §2: ?orderId=). */
export function photoOrderHref(ref: string): string {
  return `${ROUTES.PHOTO_ENHANCEMENT_ORDER}?${new URLSearchParams({ orderId: ref })}`;
}
