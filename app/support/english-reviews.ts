import reviews from 'virtual:english-section/reviews';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The review texts, for the swap page's link to the review form.
addEnglishSection('reviews', reviews);
