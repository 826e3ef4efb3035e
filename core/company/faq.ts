/**
 * The FAQ's structure: its groups and their questions in order. The texts are the dictionaries'
 * `faq.groups.{group}` and `faq.items.{item}.question` / `.answer`.
 */
export const FAQ_GROUPS = [
  { id: 'basics', items: ['what', 'account', 'coins'] },
  { id: 'swaps', items: ['duration', 'fixedFloating', 'limits', 'memo', 'status'] },
  { id: 'fees', items: ['fees', 'promo'] },
  { id: 'safety', items: ['kyc', 'refund'] },
  { id: 'business', items: ['affiliate', 'api'] },
] as const;

export type FaqGroupId = (typeof FAQ_GROUPS)[number]['id'];
export type FaqItemId = (typeof FAQ_GROUPS)[number]['items'][number];

/** The words of a search, lowercased, accents kept (they matter in several languages). */
export function searchTerms(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether a question and its answer contain every word of the search. */
export function matchesSearch(terms: readonly string[], ...texts: string[]): boolean {
  const haystack = texts.join(' ').toLocaleLowerCase();
  return terms.every((term) => haystack.includes(term));
}
