import type { Config } from '../../core/config.ts';
import { DEFAULT_LANG, type Lang } from '../../core/i18n/languages.ts';

/** Where the shell's outward links lead (SPEC §2 "Page shell"); read from config by the root loader. */
export interface SiteLinks {
  account: string;
  apiDocs: string;
  press: string;
  pressKit: string;
  bugBounty: string;
  promoArticle: string;
  telegramBot: string;
  trustReview: string;
}

export function siteLinks(config: Config): SiteLinks {
  return {
    account: config.ACCOUNT_URL,
    apiDocs: config.API_DOCS_URL,
    press: config.PRESS_URL,
    pressKit: config.PRESS_KIT_URL,
    bugBounty: config.BUG_BOUNTY_URL,
    promoArticle: config.PROMO_ARTICLE_URL,
    telegramBot: config.TELEGRAM_BOT_URL,
    trustReview: config.TRUST_REVIEW_URL,
  };
}

/** The account area's registration page in the visitor's language (`/account/de/registration`). */
export function accountRegistrationUrl(account: string, lang: Lang): string {
  return accountPageUrl(account, lang, '/registration');
}

/** An account-area page in a language: the language follows the area's address (core/routing/paths.ts). */
export function accountPageUrl(account: string, lang: Lang, path = ''): string {
  return lang === DEFAULT_LANG ? `${account}${path}` : `${account}/${lang}${path}`;
}

/** The account site's sitemap (SPEC §2 footer, §6). */
export function accountSitemapUrl(account: string): string {
  return `${account}/sitemap`;
}
