import blog from 'virtual:english-section/blog';
import { addEnglishSection } from '../i18n/english-sections.ts';

// The blog's texts (English only: docs/decisions/007-english-only-blog.md) come with its pages' code.
addEnglishSection('blog', blog);
