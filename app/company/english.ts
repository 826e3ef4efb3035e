import about from 'virtual:english-section/about';
import faq from 'virtual:english-section/faq';
import howItWorks from 'virtual:english-section/howItWorks';
import legal from 'virtual:english-section/legal';
import partnersPage from 'virtual:english-section/partnersPage';
import press from 'virtual:english-section/press';
import providersPage from 'virtual:english-section/providersPage';
import sitemapPage from 'virtual:english-section/sitemapPage';
import withdrawal from 'virtual:english-section/withdrawal';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The English texts of the company, support and legal pages come with these pages' code.
addEnglishSection('about', about);
addEnglishSection('partnersPage', partnersPage);
addEnglishSection('howItWorks', howItWorks);
addEnglishSection('faq', faq);
addEnglishSection('press', press);
addEnglishSection('providersPage', providersPage);
addEnglishSection('legal', legal);
addEnglishSection('sitemapPage', sitemapPage);
addEnglishSection('withdrawal', withdrawal);
