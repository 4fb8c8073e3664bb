/**
 * The digest's unsubscribe link (decision 028). GET answers a small page with a button, because
 * mail scanners follow links: only the POST (the button, or a mail app's one-click
 * `List-Unsubscribe=One-Click`, RFC 8058) turns the digest off. No sign-in: the token is the
 * proof. A bad token is a 400 page, never an error trace.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from './html.ts';
import { turnDigestOff } from './preferences.ts';

const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Fieldhouse</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}
button{font:inherit;padding:.6rem 1.2rem;min-height:44px;border-radius:6px;border:0;background:#1c3d6e;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f08c00;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const querySchema = z.object({ token: z.string().max(200).optional() });

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // One-click unsubscribes post a form body (RFC 8058); its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );

  const invalid = () =>
    page(
      'This link does not work',
      '<p>The unsubscribe link is incomplete or was changed. Open the link from the e-mail again, or turn the e-mail digest off under Profile → Notifications in Fieldhouse.</p>',
    );

  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The digest’s unsubscribe page: a button that confirms (HTML)',
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY);
      const token = request.query.token ?? '';
      if (app.delivery.tokens.read(token) === null) return reply.code(400).send(invalid());
      return reply.send(
        page(
          'Stop the e-mail digest?',
          `<p>Fieldhouse e-mails you a summary of unread messages when you have not opened the app for a while.</p>
<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Stop these e-mails</button></form>
<p>You can turn it on again under Profile → Notifications.</p>`,
        ),
      );
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn the e-mail digest off (the page’s button, or RFC 8058 one-click)',
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_POLICY);
      const userId = app.delivery.tokens.read(request.query.token ?? '');
      if (userId === null) return reply.code(400).send(invalid());
      await turnDigestOff(app.database.db, userId).catch((error: unknown) => {
        // A person deleted since the mail: nothing left to turn off.
        request.log.info({ err: error, userId }, 'unsubscribe for no one');
      });
      return reply.send(
        page(
          'You will get no more digests',
          '<p>The e-mail digest is off. Turn it on again any time under Profile → Notifications in Fieldhouse.</p>',
        ),
      );
    },
  );
};
