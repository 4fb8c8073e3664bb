import { redirectSearchSchema } from '@fieldhouse/client/redirect-search.ts';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** /auth/login: the older address of sign-in, kept so bookmarks work. */
export const Route = createFileRoute('/auth/login')({
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/auth/sign-in', search: { redirect: search.redirect } });
  },
});
