import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { formCalls, organizerFormCalls } from '../../../types/api/form';
import type { Services } from '../services';

/** Forms (types/api/form.ts): the rules are in services/forms/. */
export default async function formRoutes(app: FastifyInstance, s: Services) {
  // One SMS call for every purpose: a form's phone field, or the red packet phone sign-up.
  route(app, formCalls.sendValidate, ({ viewer, body }) => (body.type === 'bindphone' ? s.redPacketPhones.sendCode(viewer, body) : s.forms.sendCode(viewer, body)));
  route(app, formCalls.validateCodeV2, ({ viewer, body }) => s.forms.checkCode(viewer, body));
  route(app, formCalls.validation, ({ viewer, params, body }) => s.forms.validation(viewer, params.id, body.action));
  route(app, formCalls.paper, ({ viewer, params, body }) => s.forms.paper(viewer, params.id, body));
  route(app, organizerFormCalls.submissions, ({ viewer, params, query }) => s.formSubmissions.list(viewer, params.id, query.form, query.page));
  route(app, organizerFormCalls.csv, async ({ viewer, params, query, reply }) => {
    const csv = await s.formSubmissions.csv(viewer, params.id, query.form);
    const name = `submissions-${params.id}${query.form ? `-${query.form.replace(/[^A-Za-z0-9_-]/g, '_')}` : ''}.csv`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
}
