import { Hono } from 'hono';
import { leadAddSchema, leadEditSchema, leadQuerySchema } from '../../../src/domain/schemas/lead.ts';
import type { ServiceContext } from '../../services/context.ts';
import { addLead, editLead, getLeads } from '../../services/leads.ts';
import type { AuthVariables } from '../callerAuth.ts';
import { ok } from '../respond.ts';
import { readJson, readQuery } from '../validate.ts';

export function leadRoutes(ctx: ServiceContext) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/get', async (c) =>
    ok(c, await getLeads(ctx, c.get('caller').actor, readQuery(c, leadQuerySchema))),
  );
  app.post('/add', async (c) => {
    const lead = await addLead(ctx, c.get('caller').actor, await readJson(c, leadAddSchema));
    return ok(c, { data: lead }, 201);
  });
  app.post('/edit', async (c) =>
    ok(c, { data: await editLead(ctx, c.get('caller').actor, await readJson(c, leadEditSchema)) }),
  );
  return app;
}
