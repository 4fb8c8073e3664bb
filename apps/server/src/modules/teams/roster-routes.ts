/**
 * Roster work from the team page (issue 16): several athletes or coaches added at once from the
 * organization-wide picker, and a jersey number or position edited in place (a duplicate number
 * is answered as a warning, not refused: schools do reuse numbers across home and away kits).
 * Thin routes over the teams service, whose changes keep the team room and audit log in step.
 */
import {
  apiResponseSchema,
  coachBatchAddSchema,
  plural,
  rosterBatchAddSchema,
  rosterMemberPatchSchema,
} from '@fieldhouse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/authenticate.ts';
import { requireAdmin } from '../auth/policies.ts';
import { addAthletes, addCoaches, updateMember } from './service.ts';

const id = z.coerce.number().int().positive();
const idParams = z.object({ id }).strict();
const memberParams = z.object({ id, userId: id }).strict();
const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200, message, data });

export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teams'];
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/teams/:id/members/batch',
    {
      schema: {
        tags,
        summary: 'Add several athletes to the roster at once (those already on it are left as they are)',
        params: idParams,
        body: rosterBatchAddSchema,
        response: { 200: apiResponseSchema(z.object({ added: z.number().int(), alreadyOnTeam: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const { team, added, alreadyOnTeam } = await addAthletes(app, actor, request.params.id, request.body.userIds);
      const message = added
        ? `Added ${plural(added, 'athlete')} to ${team.name}`
        : 'Everyone chosen is already on the team';
      return ok({ added, alreadyOnTeam }, message);
    },
  );

  app.post(
    '/teams/:id/coaches/batch',
    {
      schema: {
        tags,
        summary: 'Add several coaches at once; on a team without coaches the first becomes head coach',
        params: idParams,
        body: coachBatchAddSchema,
        response: { 200: apiResponseSchema(z.object({ added: z.number().int(), alreadyOnTeam: z.number().int() })) },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const { team, added, alreadyOnTeam } = await addCoaches(app, actor, request.params.id, request.body);
      const message = added
        ? `Added ${plural(added, 'coach')} to ${team.name}`
        : 'Everyone chosen already coaches the team';
      return ok({ added, alreadyOnTeam }, message);
    },
  );

  app.patch(
    '/teams/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Change an athlete’s jersey number or position on this team',
        params: memberParams,
        body: rosterMemberPatchSchema,
        response: {
          200: apiResponseSchema(
            z.object({
              jerseyNumber: z.string().nullable(),
              position: z.string().nullable(),
              /** Others on the team wearing the same number. */
              sameNumber: z.array(z.object({ id: z.number().int(), name: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const actor = requireAdmin(requireAuth(request).user);
      const { row, sameNumber } = await updateMember(
        app,
        actor,
        request.params.id,
        request.params.userId,
        request.body,
      );
      return ok(
        { jerseyNumber: row.jerseyNumber, position: row.position, sameNumber },
        sameNumber.length
          ? `#${row.jerseyNumber} is also worn by ${sameNumber.map((p) => p.name).join(', ')}`
          : 'Saved',
      );
    },
  );
};
