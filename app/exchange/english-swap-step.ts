import aside from 'virtual:english-section/exchange.aside';
import create from 'virtual:english-section/exchange.create';
import { addEnglishTexts } from '../i18n/english-sections.ts';

// The swap step's English texts (its form and the aside beside it) come with its code: the home
// page's exchange form does without them.
addEnglishTexts({ exchange: { create, aside } });
