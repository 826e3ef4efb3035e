/** The English dictionary built into the browser bundle (vite.config.ts, `englishCatalogue`). */
declare module 'virtual:english-catalogue' {
  const catalogue: import('../core/i18n/dictionaries.ts').Dictionary;
  export default catalogue;
}

/** One English section only some pages use (vite.config.ts, `PAGE_SECTIONS`). */
declare module 'virtual:english-section/*' {
  const section: import('../core/i18n/dictionaries.ts').Dictionary;
  export default section;
}

/** The English texts the home page's first render does without (vite.config.ts, `DEFERRED_TEXTS`). */
declare module 'virtual:english-deferred' {
  const texts: import('../core/i18n/dictionaries.ts').Dictionary;
  export default texts;
}
