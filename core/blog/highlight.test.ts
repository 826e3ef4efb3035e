import { describe, expect, it } from 'vitest';
import { highlightedHast } from './highlight.ts';
import { renderMarkdown } from './markdown.ts';

describe('code highlighting', () => {
  it('turns highlight.js spans and escaped text into hast', () => {
    expect(
      highlightedHast(
        '<span class="hljs-keyword">if</span> a &lt; b &amp;&amp; <span class="hljs-title function_">f</span>()',
      ),
    ).toEqual([
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['hljs-keyword'] },
        children: [{ type: 'text', value: 'if' }],
      },
      { type: 'text', value: ' a < b && ' },
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['hljs-title', 'function_'] },
        children: [{ type: 'text', value: 'f' }],
      },
      { type: 'text', value: '()' },
    ]);
  });

  it('highlights a fenced block in a registered language and leaves an unknown one as text', async () => {
    const { html } = await renderMarkdown(
      '```bash\ncurl -s "https://example.com" | jq .rate\n```\n\n```cobol\nDISPLAY "HI".\n```\n',
    );
    expect(html).toContain(
      '<code class="hljs language-bash">curl -s <span class="hljs-string">"https://example.com"</span>',
    );
    expect(html).toContain('<code class="hljs language-cobol">DISPLAY "HI".');
  });
});
