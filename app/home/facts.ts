/**
 * The marketing statements of SPEC §1 shown on the home page, in their order. The texts are the
 * dictionary keys `home.facts.{id}.figure|label|text|link`; `href` is the unprefixed page a fact
 * links to (localized with the page language when rendered).
 */
export interface HomeFact {
  id: 'affiliateFee' | 'apiShare' | 'swapTime' | 'fiat' | 'dex' | 'countries' | 'promo' | 'founded';
  href?: '/for-partners' | '/how-it-works' | '/fiat' | '/dex' | '/about-us';
}

export const HOME_FACTS: readonly HomeFact[] = [
  { id: 'affiliateFee', href: '/for-partners' },
  { id: 'apiShare', href: '/for-partners' },
  { id: 'swapTime', href: '/how-it-works' },
  { id: 'fiat', href: '/fiat' },
  { id: 'dex', href: '/dex' },
  { id: 'countries', href: '/fiat' },
  { id: 'promo', href: '/how-it-works' },
  { id: 'founded', href: '/about-us' },
];
