import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ROUTE_MIDDLEWARE_NAMES } from '../../core/routing/middleware-names.ts';
import { consoleAction, consoleRequest, doneNotice } from '../console/console.server.ts';
import { ActionForm, Card, ConsolePage, Input, Table } from '../console/parts.tsx';

/** Path rules (redirects and route middleware switches), edited here as with `npm run path-rule`. */
export async function loader(args: LoaderFunctionArgs) {
  const context = await consoleRequest(args);
  if (context.needsSecondFactor) return { needsSecondFactor: true as const };
  return {
    needsSecondFactor: false as const,
    rules: await context.console.pathRules(),
    notice: doneNotice(context.url),
    middlewares: [...ROUTE_MIDDLEWARE_NAMES],
  };
}

export function action(args: ActionFunctionArgs) {
  return consoleAction(args, async ({ console: service, actor }, form) => {
    const path = (form.path ?? '').trim();
    if (form.intent === 'delete') {
      await service.deletePathRule(actor, path);
      return `Rule for ${path} deleted.`;
    }
    const middlewares: Record<string, boolean> = {};
    for (const name of ROUTE_MIDDLEWARE_NAMES) {
      const value = form[`mw-${name}`];
      if (value === 'on' || value === 'off') middlewares[name] = value === 'on';
    }
    const status = Number(form.status || 301);
    await service.savePathRule(actor, {
      path,
      redirectTo: form.to?.trim() ? form.to.trim() : null,
      redirectStatus: ([301, 302, 307, 308].includes(status) ? status : 301) as 301,
      middlewares,
    });
    return `Rule for ${path} saved.`;
  });
}

export default function ConsolePathRules() {
  const data = useLoaderData<typeof loader>();
  if (data.needsSecondFactor)
    return (
      <ConsolePage name="path-rules" title="Path rules" needsSecondFactor>
        {null}
      </ConsolePage>
    );
  const { rules, notice, middlewares } = data;
  return (
    <ConsolePage name="path-rules" title="Path rules" notice={notice}>
      <Card title="Add or change a rule">
        <ActionForm intent="save" submit="Save the rule" testId="form-path-rule">
          <Input name="path" label="Path (e.g. /old-page)" />
          <Input name="to" label="Redirect to (path or URL, empty for none)" wide />
          <label className="flex flex-col text-sm">
            <span>Status</span>
            <select name="status" className="rounded-lg border px-2 py-1">
              {[301, 302, 307, 308].map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
          {middlewares.map((name) => (
            <label key={name} className="flex flex-col text-sm">
              <span>{name}</span>
              <select name={`mw-${name}`} className="rounded-lg border px-2 py-1" defaultValue="">
                <option value="">as defined</option>
                <option value="on">on</option>
                <option value="off">off</option>
              </select>
            </label>
          ))}
        </ActionForm>
      </Card>
      <Card>
        <Table
          testId="path-rule-list"
          head={['Path', 'Redirect', 'Status', 'Middlewares', '']}
          rows={rules.map((rule) => [
            rule.path,
            rule.redirectTo ?? '–',
            String(rule.redirectStatus),
            JSON.stringify(rule.middlewares),
            <ActionForm key="delete" intent="delete" submit="Delete" danger>
              <input type="hidden" name="path" value={rule.path} />
            </ActionForm>,
          ])}
        />
      </Card>
    </ConsolePage>
  );
}
