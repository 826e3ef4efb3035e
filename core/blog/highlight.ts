import type { Element, ElementContent, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import plaintext from 'highlight.js/lib/languages/plaintext';
import python from 'highlight.js/lib/languages/python';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { visit } from 'unist-util-visit';

/**
 * The languages code blocks may name (with highlight.js's aliases: `sh`, `ts`, `js`, `html`,
 * `yml`, `text`…). Registered one by one: the packages that bundle highlight.js load all of its
 * 190 languages into the server's memory for the handful articles use.
 */
const LANGUAGES = { bash, css, diff, javascript, json, plaintext, python, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * highlight.js's HTML (escaped text inside nested `<span class="hljs-…">`, nothing else) as hast
 * children.
 */
export function highlightedHast(html: string): ElementContent[] {
  const root: ElementContent[] = [];
  const stack: ElementContent[][] = [root];
  for (const [, className, text] of html.matchAll(/<span class="([^"]*)">|<\/span>|([^<]+)/g)) {
    const siblings = stack[stack.length - 1] ?? root;
    if (className !== undefined) {
      const span: Element = {
        type: 'element',
        tagName: 'span',
        properties: { className: className.split(' ') },
        children: [],
      };
      siblings.push(span);
      stack.push(span.children);
    } else if (text !== undefined) {
      siblings.push({ type: 'text', value: decodeEntities(text) });
    } else if (stack.length > 1) {
      stack.pop();
    }
  }
  return root;
}

/** The code language a `<code>` names (`language-x` or `lang-x`), false for `no-highlight`. */
function codeLanguage(node: Element): string | false | undefined {
  const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
  if (classes.some((name) => name === 'no-highlight' || name === 'nohighlight')) return false;
  for (const name of classes) {
    if (name.startsWith('language-')) return name.slice(9);
    if (name.startsWith('lang-')) return name.slice(5);
  }
  return undefined;
}

/**
 * Highlights `<pre><code class="language-x">` blocks as rehype-highlight does (class `hljs`,
 * spans with highlight.js's classes); a block naming no language or an unknown one keeps its text.
 */
export function rehypeCodeHighlight() {
  return (tree: Root) => {
    visit(tree, 'element', (node, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
      const language = codeLanguage(node);
      if (!language) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      if (!classes.includes('hljs')) node.properties.className = ['hljs', ...classes];
      if (!hljs.getLanguage(language)) return;
      const { value } = hljs.highlight(textOf(node), { language, ignoreIllegals: true });
      node.children = highlightedHast(value);
    });
  };
}
