import texts from 'virtual:english-deferred';
import { addEnglishTexts } from './english-sections.ts';

// The English texts the home page's first render does without (vite.config.ts `DEFERRED_TEXTS`),
// loaded on demand by app/i18n/english-deferred.ts.
addEnglishTexts(texts);
