/**
 * Builds the delivery module for one app (decision 028): the VAPID keys, the push sender hooked
 * to every notification `notifyUsers` makes, last-seen tracking on sockets and API calls, and
 * the digest job, started with the app and stopped before the database closes.
 */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { publicUrl } from '../../config.ts';
import { createSealedBox } from '../../identity/sealed-box.ts';
import { identitySecret } from '../../identity/setup.ts';
import { Mailer } from '../../mail/mailer.ts';
import { onNotificationsEmitted } from '../chat/notifications.ts';
import { DigestJob } from './digest-job.ts';
import { digestSources } from './digest-sources.ts';
import { lastSeenTracker } from './last-seen.ts';
import { pushNotifications } from './push-notifications.ts';
import { pushSender } from './push-sender.ts';
import { forgetRevokedSubscriptions } from './subscriptions.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';
import { loadVapidKeys } from './vapid-keys.ts';

export async function createDelivery(app: FastifyInstance, io: Server, track: <T>(work: Promise<T>) => Promise<T>) {
  const { config, database, log } = app;
  const secret = identitySecret(config, log);
  const keys = await loadVapidKeys(database.db, createSealedBox(secret), config);
  const send = pushSender({
    db: database.db,
    keys,
    hosts: config.PUSH_ENDPOINT_HOSTS,
    log,
    count: (outcome) => app.metrics.pushes.inc({ outcome }),
  });
  onNotificationsEmitted(io, pushNotifications({ io, db: database.db, send, log, track }));
  app.identity.onSessionsRevoked(forgetRevokedSubscriptions(database.db));

  const lastSeen = lastSeenTracker(database.db, log);
  io.on('connection', (socket) => {
    const user = socket.data.user as { id: number } | undefined;
    if (!user) return;
    void lastSeen.socket(user.id);
    socket.on('disconnect', () => void lastSeen.socket(user.id));
  });
  app.addHook('onResponse', async (request) => {
    if (request.auth) lastSeen.request(request.auth.user.id);
  });

  // Identity's mailer where there is one (so closing waits for its deliveries too), else our own.
  const mailer =
    app.identity.embedded?.mailer ?? new Mailer(database.db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const tokens = unsubscribeTokens(secret);
  const digest = new DigestJob({
    database,
    io,
    mailer,
    sources: digestSources,
    tokens,
    afterMinutes: config.DIGEST_AFTER_MINUTES,
    checkSeconds: config.DIGEST_CHECK_SECONDS,
    publicUrl: () => publicUrl(config, config.PORT),
    log,
    countMail: () => app.metrics.digests.inc(),
  });
  digest.start();
  app.addHook('preClose', async () => digest.stop());
  app.addHook('onClose', async () => mailer.drain());
  return { publicKey: keys.publicKey, tokens, digest, lastSeen, send };
}

export type Delivery = Awaited<ReturnType<typeof createDelivery>>;
