import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { accountRequest } from '../account/account.server.ts';
import { AccountPage } from '../account/parts.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { requestStateContext } from '../lib/request-context.ts';

/** The account site's map (SPEC §2 footer: "a sitemap on the account site"): its pages and the public site's map. */
export function loader(args: LoaderFunctionArgs) {
  const { page, path } = accountRequest(args);
  const { config } = args.context.get(requestStateContext).services;
  const base = config.BASE_URL.replace(/\/+$/, '');
  return {
    ...page,
    links: [
      { key: 'account.pages.home.title', href: path('/account') },
      { key: 'account.customer.pages.swaps.title', href: path('/account/swaps') },
      { key: 'account.pages.registration.title', href: path('/account/registration') },
      { key: 'account.pages.signIn.title', href: path('/account/sign-in') },
      { key: 'account.pages.forgotPassword.title', href: path('/account/forgot-password') },
    ],
    // The public site may be on another host than the account area (ACCOUNT_URL).
    publicSitemap: `${base}${page.lang === 'en' ? '' : `/${page.lang}`}/sitemap`,
  };
}

export default function AccountSitemap() {
  const { links, publicSitemap } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountPage name="sitemap" texts="account.customer.pages.sitemap">
      <ul className="flex flex-col gap-2" data-testid="account-sitemap">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="link">
              {t(link.key)}
            </a>
          </li>
        ))}
        <li>
          <a href={publicSitemap} className="link">
            {t('account.customer.sitemap.public')}
          </a>
        </li>
      </ul>
    </AccountPage>
  );
}
