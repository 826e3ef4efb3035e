import account from 'virtual:english-section/account';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The account area's English texts come with its pages' code.
addEnglishSection('account', account);
