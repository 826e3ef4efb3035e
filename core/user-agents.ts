import { isbot } from 'isbot';

/** Search-engine crawlers and other robots (the root language redirect leaves them alone). */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? '');
}

/**
 * Robots and performance audits (Lighthouse, PageSpeed): no tag manager for them (SPEC §7). Decided
 * on the server, so the detection list never ships to browsers.
 */
export function isAuditOrCrawler(userAgent: string | null | undefined): boolean {
  const agent = userAgent ?? '';
  return isCrawler(agent) || agent.includes('Chrome-Lighthouse') || agent.includes('PageSpeed');
}
