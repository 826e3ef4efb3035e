import addCoin from 'virtual:english-section/addCoin';
import congrats from 'virtual:english-section/congrats';
import contact from 'virtual:english-section/contact';
import forms from 'virtual:english-section/forms';
import forPartners from 'virtual:english-section/forPartners';
import reviews from 'virtual:english-section/reviews';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The English texts of the contact, review, partner and promo pages come with these pages' code.
addEnglishSection('forms', forms);
addEnglishSection('contact', contact);
addEnglishSection('addCoin', addCoin);
addEnglishSection('reviews', reviews);
addEnglishSection('forPartners', forPartners);
addEnglishSection('congrats', congrats);
