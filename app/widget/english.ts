import widget from 'virtual:english-section/widget';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The widget's and the snippet generator's English texts come with their code.
addEnglishSection('widget', widget);
