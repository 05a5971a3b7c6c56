import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * Dataset cards: Markdown (CommonMark with GitHub's tables, task lists, strikethrough and
 * autolinks) to HTML that is safe to put in a page. Raw HTML in the text is shown as text, never
 * run (micromark escapes it); links and images keep only http(s), mailto and relative URLs (a
 * `javascript:` or `data:` URL is dropped, leaving its text); task-list boxes are the characters
 * ☑ and ☐; links open nothing of ours and carry no
 * endorsement (`rel="nofollow ugc noopener"`); headings move down two levels, so a card's `#`
 * sits below the page's own h1 and the card's h2; code blocks and tables, which scroll sideways
 * when wide, take keyboard focus so that they can be scrolled without a pointer.
 */
export function renderMarkdown(markdown: string): string {
  const html = micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
  });
  return html
    .replace(/<(\/?)h([1-6])>/g, (_, slash: string, level: string) => {
      return `<${slash}h${Math.min(6, Number(level) + 2)}>`;
    })
    .replace(/<a href="">(.*?)<\/a>/g, '$1')
    .replace(/<img src="" alt="([^"]*)" \/>/g, '$1')
    .replaceAll('<input type="checkbox" disabled="" checked="" />', '☑')
    .replaceAll('<input type="checkbox" disabled="" />', '☐')
    .replaceAll('<a href=', '<a rel="nofollow ugc noopener" href=')
    .replaceAll('<pre>', '<pre tabindex="0">')
    .replaceAll('<table>', '<table tabindex="0">');
}

const rendered = new LRUCache<string, string>({
  max: 500,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html) => html.length + 1,
});

/** renderMarkdown, kept by the text's hash: a card is rendered once while it is unchanged. */
export function renderReadme(markdown: string): string {
  if (markdown.trim() === '') return '';
  const key = createHash('sha256').update(markdown).digest('base64url');
  let html = rendered.get(key);
  if (html === undefined) rendered.set(key, (html = renderMarkdown(markdown)));
  return html;
}
