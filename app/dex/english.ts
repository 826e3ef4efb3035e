import dex from 'virtual:english-section/dex';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The English texts of /dex come with its code.
addEnglishSection('dex', dex);
