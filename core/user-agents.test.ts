import { describe, expect, it } from 'vitest';
import { isAuditOrCrawler, isCrawler } from './user-agents.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const LIGHTHOUSE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('user agents', () => {
  it('knows crawlers and audits from browsers', () => {
    for (const userAgent of [GOOGLEBOT, LIGHTHOUSE, 'Mozilla/5.0 (compatible; Google-PageSpeed Insights)']) {
      expect(isAuditOrCrawler(userAgent), userAgent).toBe(true);
    }
    expect(isCrawler(GOOGLEBOT)).toBe(true);
    expect(isAuditOrCrawler(BROWSER)).toBe(false);
    expect(isCrawler(BROWSER)).toBe(false);
    expect(isAuditOrCrawler(null)).toBe(false);
  });
});
