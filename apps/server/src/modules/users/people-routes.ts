/**
 * The person picker's search and Edit person's teams, guardians and e-mail (issue 16). Bodies are
 * strict (unknown fields are refused); tenancy and ranks as decision 007.
 */
import {
  apiResponseSchema,
  emailChangeSchema,
  guardianLinkPatchSchema,
  guardianLinkSchema,
  pagedResponseSchema,
  paginationInfo,
  peopleSearchQuerySchema,
  personPickSchema,
  userSchema,
  userTeamsSchema,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin, resolveOrganization } from '../auth/policies.ts';
import { changeEmail, linkGuardian, setUserTeams, unlinkGuardian, updateGuardianLink } from './family.ts';
import { searchPeople } from './people-search.ts';
import { presentUser } from './presenter.ts';
import { findVisibleUser } from './service.ts';

const id = z.coerce.number().int().positive();
const idParams = z.object({ id }).strict();
const linkParams = z.object({ id, guardianId: id }).strict();
const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200, message, data });
const userResponse = apiResponseSchema(z.object({ user: userSchema }));

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/people/search',
    {
      schema: {
        tags,
        summary: 'Typeahead over the organization’s athletes, coaches or guardians, a page at a time',
        querystring: peopleSearchQuerySchema,
        response: { 200: pagedResponseSchema(personPickSchema) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const organizationId = resolveOrganization(actor, request.query.organizationId);
      const { result, totalCount } = await searchPeople(app.database.db, organizationId, request.query);
      return ok({ result, paginationInfo: paginationInfo(request.query.page, request.query.limit, totalCount) });
    },
  );

  app.put(
    '/user/:id/teams',
    {
      schema: {
        tags,
        summary: 'The teams an athlete plays on or a coach coaches (the whole list)',
        params: idParams,
        body: userTeamsSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const { added, removed } = await setUserTeams(app, actor, request.params.id, request.body);
      const user = await findVisibleUser(app, actor, request.params.id);
      const message = added + removed === 0 ? 'No change' : 'Teams updated';
      return ok({ user: await presentUser(app.database.db, user) }, message);
    },
  );

  app.post(
    '/user/:id/guardians',
    {
      schema: {
        tags,
        summary: 'Link a guardian to an athlete, or add a new guardian (invited) and link them',
        params: idParams,
        body: guardianLinkSchema,
        response: { 200: apiResponseSchema(z.object({ guardianId: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const guardian = await linkGuardian(app, actor, request.params.id, request.body);
      return ok({ guardianId: guardian.id }, 'Guardian linked');
    },
  );

  app.patch(
    '/user/:id/guardians/:guardianId',
    {
      schema: {
        tags,
        summary: 'Change a guardian’s relationship to an athlete, or make them the primary guardian',
        params: linkParams,
        body: guardianLinkPatchSchema,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      await updateGuardianLink(app, actor, request.params.id, request.params.guardianId, request.body);
      return ok(null, 'Guardian updated');
    },
  );

  app.delete(
    '/user/:id/guardians/:guardianId',
    {
      schema: {
        tags,
        summary: 'Unlink a guardian from an athlete (both people stay)',
        params: linkParams,
        response: { 200: apiResponseSchema(z.null()) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      await unlinkGuardian(app, actor, request.params.id, request.params.guardianId);
      return ok(null, 'Guardian unlinked');
    },
  );

  app.patch(
    '/user/:id/email',
    {
      schema: {
        tags,
        summary: 'Change a person’s e-mail; their sign-in follows and both addresses are told',
        params: idParams,
        body: emailChangeSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const user = await changeEmail(app, actor, request.params.id, request.body.email);
      return ok({ user: await presentUser(app.database.db, user) }, 'E-mail changed');
    },
  );
};
