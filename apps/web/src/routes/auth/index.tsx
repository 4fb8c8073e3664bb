import { redirectSearchSchema } from '@fieldhouse/client/redirect-search.ts';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** /auth: a signed-in user goes to the redirect target, anyone else to sign-in (SPEC §2). */
export const Route = createFileRoute('/auth/')({
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ context, search }) => {
    if (context.auth.state.status === 'signedIn') throw redirect({ href: search.redirect });
    throw redirect({ to: '/auth/sign-in', search: { redirect: search.redirect } });
  },
});
