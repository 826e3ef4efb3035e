/** The English dictionary built into the browser bundle (vite.config.ts, `englishCatalogue`). */
declare module 'virtual:english-catalogue' {
  const catalogue: import('../core/i18n/dictionaries.ts').Dictionary;
  export default catalogue;
}
