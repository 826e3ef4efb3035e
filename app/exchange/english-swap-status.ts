import swapStatus from 'virtual:english-section/swapStatus';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The swap page's English texts (statuses, deposit details, copy buttons) come with its code, not
// with every page's first render.
addEnglishSection('swapStatus', swapStatus);
