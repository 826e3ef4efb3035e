import type { Element, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSanitize, { defaultSchema, type Options as Schema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { rehypeCodeHighlight } from './highlight.ts';

/** A heading of an article's table of contents. */
export interface TocEntry {
  depth: 2 | 3;
  /** The heading's anchor (`id`). */
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  /** The text a reader reads, for search and reading time. */
  text: string;
  toc: TocEntry[];
  words: number;
}

/** Words a reader reads per minute, for "N min read". */
export const WORDS_PER_MINUTE = 220;

/**
 * The author's Markdown is sanitised first (GitHub's rules: no raw HTML, scripts, event handlers or
 * `javascript:` links); only then do our own steps add heading anchors and highlighting, so what
 * they add is the only markup beyond plain Markdown. Code blocks keep their `language-*` class.
 */
const schema: Schema = {
  ...defaultSchema,
  // Heading ids are added after sanitising, so the prefix that keeps user ids apart is not needed.
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-[a-z0-9+#-]+$/]],
  },
};

/** Links leaving the site open with `rel="noopener noreferrer"`; site paths stay as they are. */
function externalLinks() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const href = node.properties.href;
      if (node.tagName === 'a' && typeof href === 'string' && /^https?:\/\//.test(href)) {
        node.properties.rel = ['noopener', 'noreferrer'];
        node.properties.target = '_blank';
      }
    });
  };
}

/**
 * Bumped whenever the pipeline's output changes: it is part of each file's stored hash, so the next
 * start renders every article again.
 */
export const RENDER_VERSION = 2;

/**
 * Tables scroll sideways inside their own box on narrow screens instead of widening the page; that
 * box and code blocks take keyboard focus, so they can be scrolled without a mouse.
 */
function scrollableTables() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName === 'pre') node.properties.tabIndex = 0;
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['table-scroll'], tabIndex: 0 },
        children: [node],
      };
    });
  };
}

function collectToc(toc: TocEntry[]) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties.id === 'string') {
        toc.push({
          depth: node.tagName === 'h2' ? 2 : 3,
          id: node.properties.id,
          text: hastToString(node).trim(),
        });
      }
    });
  };
}

function collectText(out: { text: string }) {
  return (tree: Root) => {
    out.text = hastToString(tree).replace(/\s+/g, ' ').trim();
  };
}

/** Renders an article's Markdown (GitHub-flavoured) to safe HTML with its table of contents. */
export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const toc: TocEntry[] = [];
  const plain = { text: '' };
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(collectText, plain)
    .use(rehypeSlug)
    .use(collectToc, toc)
    .use(rehypeAutolinkHeadings, {
      behavior: 'append',
      properties: { className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1 },
      content: { type: 'text', value: '#' },
    })
    .use(rehypeCodeHighlight)
    .use(externalLinks)
    .use(scrollableTables)
    .use(rehypeStringify)
    .process(markdown);
  const words = plain.text ? plain.text.split(' ').length : 0;
  return { html: String(file), text: plain.text, toc, words };
}

/** "N min read" of `words`, at least one minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
