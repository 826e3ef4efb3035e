import crossChain from 'virtual:english-section/crossChain';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The English texts of the cross-chain pages come with their code.
addEnglishSection('crossChain', crossChain);
