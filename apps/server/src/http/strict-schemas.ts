/**
 * No 500 from client input (issue #15): every route's body, querystring and params refuse
 * fields they do not declare (400 "Unrecognized key"), and a PATCH must change something. Applied
 * once to every route as it is registered, so a new route cannot forget it; the OpenAPI document
 * shows it (`additionalProperties: false`).
 *
 * One field is tolerated everywhere: `organizationId` in the query. The web's organization
 * switcher adds it to every call a SUPER_ADMIN makes (decision 007); routes whose organization
 * follows from their ids ignore it.
 */
import type { onRouteHookHandler, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../errors.ts';

const PARTS = ['body', 'querystring', 'params'] as const;
const tenantSelector = z.coerce.number().int().positive().optional().catch(undefined);

const refuseEmptyPatch: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
    return done(badRequest('Send at least one field to change', 'empty_patch'));
  done();
};

export const strictSchemas: onRouteHookHandler = (route) => {
  const schema = route.schema as Partial<Record<(typeof PARTS)[number], unknown>> | undefined;
  if (!schema) return;
  for (const part of PARTS) {
    const given = schema[part];
    if (!(given instanceof z.ZodObject)) continue;
    const object =
      part === 'querystring' && !('organizationId' in given.shape)
        ? given.extend({ organizationId: tenantSelector })
        : given;
    schema[part] = object.strict();
  }
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.includes('PATCH') && schema.body) {
    const existing = route.preValidation;
    route.preValidation = [refuseEmptyPatch, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
  }
};
