/**
 * Push subscriptions, notification preferences and one's own profile (decision 028). Every
 * route: authenticate → validate (shared schema) → requireActive → service → presenter.
 */
import {
  apiResponseSchema,
  myProfileSchema,
  notificationPreferencesSchema,
  PROFILE_PHOTO,
  profileUpdateSchema,
  pushPublicKeySchema,
  pushSubscriptionRemovedSchema,
  pushSubscriptionSavedSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { requireActive } from './policies.ts';
import { readPreferences, savePreferences } from './preferences.ts';
import { presentProfile, readablePhoto, removePhoto, replacePhoto, updateProfile } from './profile.ts';
import { allowedPushEndpoint } from './push-endpoints.ts';
import { removeSubscription, saveSubscription } from './subscriptions.ts';

const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const effects = { changed: (ids: number[]) => app.freshUsers.changed(ids) };
  // A photo arrives as its bytes; its type is decided from them, whatever the header says.
  app.addContentTypeParser(
    [...PROFILE_PHOTO.types, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PROFILE_PHOTO.maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/push/public-key',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
        response: { 200: apiResponseSchema(pushPublicKeySchema) },
      },
    },
    async (request) => {
      requireActive(requireAuth(request).user);
      return ok({ publicKey: app.delivery.publicKey });
    },
  );

  app.post(
    '/push/subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Save this browser’s push subscription (an endpoint moves to whoever subscribes with it)',
        body: pushSubscriptionSchema,
        response: { 200: apiResponseSchema(pushSubscriptionSavedSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = requireActive(auth.user);
      if (!allowedPushEndpoint(request.body.endpoint, app.config.PUSH_ENDPOINT_HOSTS))
        throw badRequest('endpoint: this push service is not one the server sends to', 'push_endpoint_refused');
      const sessionId = typeof auth.claims.origin_jti === 'string' ? auth.claims.origin_jti : null;
      return ok(await saveSubscription(db, user.id, sessionId, request.body));
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Forget this browser’s push subscription',
        body: pushUnsubscribeSchema,
        response: { 200: apiResponseSchema(pushSubscriptionRemovedSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      return ok(await removeSubscription(db, user.id, request.body.endpoint));
    },
  );

  app.get(
    '/me/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'My notification switches (all on until turned off)',
        response: { 200: apiResponseSchema(notificationPreferencesSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      return ok(await readPreferences(db, user.id));
    },
  );

  app.put(
    '/me/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Set my notification switches',
        body: notificationPreferencesSchema,
        response: { 200: apiResponseSchema(notificationPreferencesSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      return ok(await savePreferences(db, user.id, request.body));
    },
  );

  app.get(
    '/me/profile',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], summary: 'My profile', response: { 200: apiResponseSchema(myProfileSchema) } },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row) throw notFound('User');
      return ok(presentProfile(row));
    },
  );

  app.patch(
    '/me/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Change my name or phone number',
        body: profileUpdateSchema,
        response: { 200: apiResponseSchema(myProfileSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      return ok(await updateProfile(db, user, request.body, effects));
    },
  );

  app.put(
    '/me/photo',
    {
      preHandler: app.authenticate,
      bodyLimit: PROFILE_PHOTO.maxBytes,
      schema: {
        tags: ['profile'],
        summary: 'Replace my photo: the image’s bytes as the body (JPEG, PNG or WebP, at most 5 MB)',
        response: { 200: apiResponseSchema(myProfileSchema) },
      },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      if (!Buffer.isBuffer(request.body))
        throw badRequest(
          'Send the image’s bytes with Content-Type image/jpeg, image/png or image/webp',
          'photo_missing',
        );
      return ok(await replacePhoto(db, app.uploads, user, request.body, effects, request.log));
    },
  );

  app.delete(
    '/me/photo',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], summary: 'Remove my photo', response: { 200: apiResponseSchema(myProfileSchema) } },
    },
    async (request) => {
      const user = requireActive(requireAuth(request).user);
      return ok(await removePhoto(db, app.uploads, user, effects, request.log));
    },
  );

  app.get(
    '/photos/:key',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'A person’s photo (people of their school; read with the bearer token like attachments)',
        params: z.object({ key: z.string().regex(/^[0-9a-f]{32}$/, 'not a photo key') }),
      },
    },
    async (request, reply) => {
      const viewer = requireActive(requireAuth(request).user);
      const photo = await readablePhoto(db, viewer, request.params.key);
      const body = await app.uploads.read(photo.storageKey);
      // A new photo gets a new key, so a copy never goes stale; private: it is a person's face.
      return reply
        .header('content-type', photo.mimeType)
        .header('content-length', String(photo.size))
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(body);
    },
  );
};
