import { useEffect, useState } from 'react';
import type { Lang } from '../../core/i18n/languages.ts';
import type { SnippetOptions } from '../../core/widget/snippet.ts';
import { defaultSnippetOptions } from './snippet-form.ts';

/** The generator's choices, starting from the defaults in the page's language, and a setter for one. */
export function useSnippetOptions(lang: Lang) {
  const [options, setOptions] = useState<SnippetOptions>(() => defaultSnippetOptions(lang));
  const set = <K extends keyof SnippetOptions>(key: K, value: SnippetOptions[K]) =>
    setOptions((current) => ({ ...current, [key]: value }));
  return { options, set };
}

/** `value` once it stopped changing for `delayMs` (the first value at once). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
