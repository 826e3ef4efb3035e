import { type MiddlewareFunction, redirect } from 'react-router';
import { DEFAULT_LANG } from '../../core/i18n/languages.ts';
import { resolveRuleRedirect } from '../../core/routing/path-rules.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { requestStateContext } from '../lib/request-context.ts';
import { requestLocationContext } from './location.server.ts';
import { middlewareSwitchesContext } from './route-middleware.ts';

/**
 * SPEC §7 "lookup by path": a rule for the exact path wins; a rule written for the unprefixed path
 * also applies in every language. A relative target is followed inside the site (in the visitor's
 * language when the rule was found through the unprefixed path); an absolute one leaves the site.
 */
export const pathRuleMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const { services } = context.get(requestStateContext);
  const { url, pathname, lang, path } = context.get(requestLocationContext);

  let rule = await services.pathRules.get(pathname);
  let viaUnprefixed = false;
  if (!rule && lang !== DEFAULT_LANG) {
    rule = await services.pathRules.get(path);
    viaUnprefixed = rule !== null;
  }
  if (rule) {
    const target = resolveRuleRedirect(rule, {
      baseUrl: services.config.BASE_URL,
      allowedHosts: services.config.REDIRECT_ALLOWED_HOSTS,
    });
    if (target) {
      const location =
        !target.external && viaUnprefixed ? localizePath(lang, target.location) : target.location;
      const search = url.searchParams;
      search.delete('_routes');
      const query = !location.includes('?') && search.size > 0 ? `?${search}` : '';
      throw redirect(`${location}${query}`, target.status);
    }
    if (rule.redirectTo) {
      services.log.warn(
        { path: pathname, target: rule.redirectTo },
        'Path rule redirect to a host not on the allow-list ignored',
      );
    }
    context.set(middlewareSwitchesContext, rule.middlewares);
  }
  return next();
};
