import type { ListData } from '../../domain/api/envelope.ts';
import type { Dashboard, OrderSummary } from '../../domain/orders/order-summary.ts';
import type { Address, AddressInput } from '../../domain/users/address.ts';
import type { Profile, ProfileUpdate } from '../../domain/users/profile.ts';
import { apiCall } from './api-client.ts';

/** The signed-in user's calls of SPEC.md §7 (users/…). The session cookie identifies the user. */

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  dashboard: ['account', 'dashboard'] as const,
  orders: (page: number, limit: number) => ['account', 'orders', page, limit] as const,
  addresses: ['account', 'addresses'] as const,
};

export const getProfile = () => apiCall<Profile>({ url: '/users/profile' });
export const updateProfile = (body: ProfileUpdate) =>
  apiCall<Profile>({ url: '/users/profile', method: 'PATCH', body });
export const checkPassword = (password: string) =>
  apiCall<null>({ url: '/users/check-password', method: 'POST', body: { password } });
export const updatePassword = (currentPassword: string, newPassword: string) =>
  apiCall<null>({ url: '/users/update-password', method: 'POST', body: { currentPassword, newPassword } });

export const getDashboard = () => apiCall<Dashboard>({ url: '/users/dashboard' });
export const getOrders = (page: number, limit: number) =>
  apiCall<ListData<OrderSummary>>({ url: '/users/orders', queryParams: { page, limit } });

export const getAddresses = () => apiCall<ListData<Address>>({ url: '/users/addresses' });
export const createAddress = (body: AddressInput) =>
  apiCall<Address>({ url: '/users/addresses', method: 'POST', body });
export const saveAddress = (id: number, body: AddressInput) =>
  apiCall<Address>({ url: `/users/addresses/${id}`, method: 'PUT', body });
export const deleteAddress = (id: number) => apiCall<null>({ url: `/users/addresses/${id}`, method: 'DELETE' });
export const makeDefaultAddress = (id: number) =>
  apiCall<Address>({ url: `/users/addresses/${id}/default`, method: 'POST' });
