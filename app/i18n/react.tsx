import {
  Children,
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { I18n, TFunction, TranslateValues } from './i18n.ts';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `t` for the active language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  // A new `t` per language, so memoised children see the change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` is the reason for a new function.
  const t = useMemo<TFunction>(() => (key, values) => i18n.t(key, values), [i18n, language]);
  return { t, i18n };
}

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * Fills the `<name>…</name>` parts of a text with the matching element of `components`, the inner
 * text becoming its children (links inside translated sentences). Tags do not nest.
 */
export function richText(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: `${name}-${match.index}` }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return Children.toArray(parts);
}

/** A translated sentence with elements inside it (see `richText`). */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: string;
  values?: TranslateValues;
  components: Record<string, ReactElement>;
}) {
  const { t } = useTranslation();
  return <>{richText(t(i18nKey, values), components)}</>;
}
