import fiat from 'virtual:english-section/fiat';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The English texts of the buy, sell, fiat, checkout and order pages come with these pages' code.
addEnglishSection('fiat', fiat);
