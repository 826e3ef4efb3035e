import directory from 'virtual:english-section/directory';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The English texts of the coin, pair and comparison pages come with these pages' code.
addEnglishSection('directory', directory);
