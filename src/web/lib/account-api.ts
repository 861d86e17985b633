import type { AddressInput } from '../../domain/users/address.ts';
import type { ProfileUpdate } from '../../domain/users/profile.ts';
import { api, envelopeOf } from './api-client.ts';

/** The signed-in user's calls of SPEC.md §7 (users/…). The session cookie identifies the user. */

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  dashboard: ['account', 'dashboard'] as const,
  orders: (page: number, limit: number) => ['account', 'orders', page, limit] as const,
  addresses: ['account', 'addresses'] as const,
};

// The address's id is a path segment, a string in the document.
const address = (id: number) => ({ params: { path: { id: String(id) } } });

export const getProfile = () => envelopeOf(api.GET('/api/v1/users/profile'));
export const updateProfile = (body: ProfileUpdate) => envelopeOf(api.PATCH('/api/v1/users/profile', { body }));
export const checkPassword = (password: string) =>
  envelopeOf(api.POST('/api/v1/users/check-password', { body: { password } }));
export const updatePassword = (currentPassword: string, newPassword: string) =>
  envelopeOf(api.POST('/api/v1/users/update-password', { body: { currentPassword, newPassword } }));

export const getDashboard = () => envelopeOf(api.GET('/api/v1/users/dashboard'));
export const getOrders = (page: number, limit: number) =>
  envelopeOf(api.GET('/api/v1/users/orders', { params: { query: { page, limit } } }));

export const getAddresses = () => envelopeOf(api.GET('/api/v1/users/addresses'));
export const createAddress = (body: AddressInput) => envelopeOf(api.POST('/api/v1/users/addresses', { body }));
export const saveAddress = (id: number, body: AddressInput) =>
  envelopeOf(api.PUT('/api/v1/users/addresses/{id}', { ...address(id), body }));
export const deleteAddress = (id: number) => envelopeOf(api.DELETE('/api/v1/users/addresses/{id}', address(id)));
export const makeDefaultAddress = (id: number) =>
  envelopeOf(api.POST('/api/v1/users/addresses/{id}/default', address(id)));
