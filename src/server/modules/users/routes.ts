import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema, listEnvelopeSchema } from '../../../domain/api/pagination.ts';
import { AUTH_API_MESSAGES } from '../../../domain/auth/messages.ts';
import { checkPhoneCountry } from '../../../domain/phone/phone-country.ts';
import { addressInputSchema, addressSchema } from '../../../domain/users/address.ts';
import { USER_MESSAGES as U } from '../../../domain/users/messages.ts';
import {
  checkPasswordSchema,
  profileSchema,
  profileUpdateSchema,
  updatePasswordSchema,
} from '../../../domain/users/profile.ts';
import { HttpError } from '../../http/errors.ts';
import { idParams } from '../../http/id-params.ts';
import { authLimitFigures, byUser, createLimiter } from '../../http/rate-limits.ts';
import { siteUrlFor } from '../../http/site-url.ts';
import { currentUser } from '../../plugins/session.ts';
import type { AddressResult } from './service.ts';

const nullData = envelopeSchema(z.null());
/** A phone's picked country must be one the number can be from (src/domain/phone). */
const profileUpdateBody = profileUpdateSchema.superRefine(checkPhoneCountry);
const addressBody = addressInputSchema.superRefine(checkPhoneCountry);

function addressOrThrow(result: AddressResult) {
  if (result.ok) return result.address;
  if (result.reason === 'too-many') throw new HttpError(400, U.tooManyAddresses);
  throw new HttpError(404, U.addressNotFound);
}

/** /users/profile, password and the address book; all need a signed-in user. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { users, auth } = app.services;
  const passwordAttempts = createLimiter(app, 'password:user', authLimitFigures(app).perClient, byUser);

  app.get(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) => {
      const profile = await users.getProfile(currentUser(request).viewer.id);
      if (!profile) throw new HttpError(401, AUTH_API_MESSAGES.signInRequired);
      return ok(profile, U.profileLoaded);
    },
  );

  app.patch(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Change name, phone or age group',
        body: profileUpdateBody,
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) => {
      const profile = await users.updateProfile(currentUser(request).viewer.id, request.body);
      if (!profile) throw new HttpError(401, AUTH_API_MESSAGES.signInRequired);
      return ok(profile, U.profileUpdated);
    },
  );

  app.post(
    '/users/check-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Check the current password (Password tab)',
        body: checkPasswordSchema,
        response: { 200: nullData },
      },
      preHandler: passwordAttempts,
    },
    async (request) => {
      const correct = await auth.checkPassword(currentUser(request).viewer.id, request.body.password);
      if (!correct) throw new HttpError(400, U.currentPasswordIncorrect, { password: U.currentPasswordIncorrect });
      return ok(null, U.currentPasswordCorrect);
    },
  );

  app.post(
    '/users/update-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change the password; every other session ends',
        body: updatePasswordSchema,
        response: { 200: nullData },
      },
      preHandler: passwordAttempts,
    },
    async (request, reply) => {
      const { viewer, session } = currentUser(request);
      const result = await auth.changePassword(
        viewer.id,
        request.body.currentPassword,
        request.body.newPassword,
        session.id,
        siteUrlFor(request, app.env),
      );
      if (!result.ok) {
        if (result.reason === 'same') throw new HttpError(400, U.samePassword, { newPassword: U.samePassword });
        throw new HttpError(400, U.currentPasswordIncorrect, { currentPassword: U.currentPasswordIncorrect });
      }
      // The new password retired this browser's device cookie with every other: it gets a new one.
      app.setDeviceCookie(reply, result.deviceCookie);
      return ok(null, U.passwordUpdated);
    },
  );

  // SPEC.md §7 lists /addresses among the photo order calls too: the same address book (step 3's sub-stepper).
  for (const path of ['/users/addresses', '/photo-orders/addresses']) {
    app.get(
      path,
      {
        schema: {
          tags: ['users'],
          summary: 'The address book, default first',
          response: { 200: listEnvelopeSchema(addressSchema) },
        },
      },
      async (request) => {
        const results = await users.listAddresses(currentUser(request).viewer.id);
        return ok({ results, totalCount: results.length, page: 1, limit: results.length });
      },
    );

    app.post(
      path,
      {
        schema: {
          tags: ['users'],
          summary: 'Add an address (the first one becomes the default)',
          body: addressBody,
          response: { 201: envelopeSchema(addressSchema) },
        },
      },
      async (request, reply) => {
        const address = addressOrThrow(await users.createAddress(currentUser(request).viewer.id, request.body));
        return reply.status(201).send(ok(address, U.addressSaved, 201));
      },
    );
  }

  app.put(
    '/users/addresses/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Replace an address',
        params: idParams,
        body: addressBody,
        response: { 200: envelopeSchema(addressSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).viewer.id;
      return ok(addressOrThrow(await users.updateAddress(userId, request.params.id, request.body)), U.addressUpdated);
    },
  );

  app.delete(
    '/users/addresses/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete an address (a deleted default passes to the oldest remaining one)',
        params: idParams,
        response: { 200: nullData },
      },
    },
    async (request) => {
      const deleted = await users.deleteAddress(currentUser(request).viewer.id, request.params.id);
      if (!deleted) throw new HttpError(404, U.addressNotFound);
      return ok(null, U.addressDeleted);
    },
  );

  app.post(
    '/users/addresses/:id/default',
    {
      schema: {
        tags: ['users'],
        summary: 'Make an address the default',
        params: idParams,
        response: { 200: envelopeSchema(addressSchema) },
      },
    },
    async (request) => {
      const userId = currentUser(request).viewer.id;
      return ok(addressOrThrow(await users.setDefaultAddress(userId, request.params.id)), U.addressDefaultSet);
    },
  );
};
