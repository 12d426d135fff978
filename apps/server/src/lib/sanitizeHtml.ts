/**
 * Rich text from administrators (news, notices, the about page) made safe by an allow-list, on the
 * server, before it is stored (decision record "rich text sanitised by an allow-list").
 *
 * The text is parsed by parse5, the HTML standard's own parsing algorithm (what a browser builds from
 * the same text, entities decoded, broken markup repaired, <svg>/<math> in their own namespaces), and
 * written out again from the tree: only the elements and attributes below, every attribute rebuilt
 * from a checked value, text and attribute values escaped. What comes out therefore parses back to
 * the same tree (nothing in it is raw text: no script, style, textarea, title, iframe...), and running
 * it again changes nothing.
 *
 * Links: http(s), mailto or relative, checked after the browser's own clean-up of a URL (entities
 * decoded by the parser, tabs and newlines removed, leading and trailing controls and spaces
 * trimmed), so `jav&#x09;ascript:` or ` JaVaScRiPt:` is a javascript: link here too and goes.
 * Images: only the product's own uploads (/uploads/...). Styles: only text-align, rebuilt from its value.
 */
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Elements kept (with the attributes of ATTRS). */
const ALLOWED = new Set([
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote',
  'pre', 'code', 'ul', 'ol', 'li', 'a', 'img', 'span', 'div', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
]);
/** Elements dropped with everything inside them; any other element not allowed leaves its text in place. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'noscript', 'noembed', 'noframes',
  'xmp', 'plaintext', 'textarea', 'title', 'select', 'option', 'button', 'input', 'form', 'head', 'meta', 'link', 'base',
  'svg', 'math', 'audio', 'video', 'source', 'track', 'canvas', 'map', 'area', 'param', 'dialog',
]);
const VOID = new Set(['br', 'hr', 'img']);
const ALIGNABLE = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'td', 'th', 'li', 'blockquote', 'figure', 'figcaption']);

/** Where a kept image may come from: the product's own uploads, a plain path. */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9_\-/]+\.[A-Za-z0-9]+$/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/** A URL as the browser's URL parser sees it: tabs and newlines removed anywhere, C0 controls and spaces trimmed. */
// eslint-disable-next-line no-control-regex
const urlOf = (value: string) => value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/** A link target kept as typed, or null: http(s), mailto or a relative address, nothing that could be another scheme. */
export function safeHref(value: string): string | null {
  const url = urlOf(value);
  if (url === '' || /[\u0000-\u001f\u007f\ufffd]/.test(url)) return null; // eslint-disable-line no-control-regex
  const scheme = /^([^/?#]*):/.exec(url);
  if (scheme) return SAFE_SCHEMES.has(scheme[1]!.toLowerCase()) ? url : null;
  return url;
}

/** An image address kept, or null: only the product's own uploads. */
export function safeImageSrc(value: string): string | null {
  const url = urlOf(value);
  return UPLOAD_PATH.test(url) && !url.includes('..') && !url.includes('//') ? url : null;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');

/** The attributes an element keeps, each rebuilt from a checked value; null: the element itself goes (an image from elsewhere). */
function attributesOf(tag: string, attrs: { name: string; value: string }[]): [string, string][] | null {
  const get = (name: string) => attrs.find((a) => a.name === name)?.value;
  const out: [string, string][] = [];
  const number = (name: string, max: number) => {
    const v = get(name)?.trim();
    if (v && /^\d{1,5}$/.test(v) && Number(v) <= max) out.push([name, String(Number(v))]);
  };
  const text = (name: string) => {
    const v = get(name);
    if (v !== undefined) out.push([name, v.slice(0, 300)]);
  };
  if (tag === 'a') {
    const href = safeHref(get('href') ?? '');
    if (href !== null) out.push(['href', href]);
    text('title');
    if (href !== null && get('target')?.trim().toLowerCase() === '_blank') out.push(['target', '_blank'], ['rel', 'noopener noreferrer']);
  } else if (tag === 'img') {
    const src = safeImageSrc(get('src') ?? '');
    if (src === null) return null;
    out.push(['src', src]);
    out.push(['alt', (get('alt') ?? '').slice(0, 300)]);
    text('title');
    number('width', 4000);
    number('height', 4000);
  } else if (tag === 'td' || tag === 'th') {
    number('colspan', 100);
    number('rowspan', 100);
  } else if (tag === 'ol') {
    number('start', 100000);
  }
  if (ALIGNABLE.has(tag)) {
    const align = /(?:^|;)\s*text-align\s*:\s*(left|right|center|justify)\s*(?:;|$)/i.exec(get('style') ?? '');
    if (align) out.push(['style', `text-align: ${align[1]!.toLowerCase()}`]);
  }
  return out;
}

type Step = { node: T.ChildNode } | { close: string };

/** The allowed part of some rich text, as HTML. */
export function sanitizeHtml(input: string): string {
  const fragment = parseFragment(input);
  let out = '';
  // Iterative, not recursive: a body of 100,000 nested elements must not exhaust the stack.
  const stack: Step[] = [...fragment.childNodes].reverse().map((node) => ({ node }));
  while (stack.length > 0) {
    const step = stack.pop()!;
    if ('close' in step) {
      out += `</${step.close}>`;
      continue;
    }
    const node = step.node;
    if (node.nodeName === '#text') {
      out += escapeText((node as T.TextNode).value);
      continue;
    }
    if (!('tagName' in node)) continue; // comments, doctypes
    const el = node as T.Element;
    const tag = el.tagName.toLowerCase();
    const children = 'content' in el ? [] : el.childNodes;
    if (el.namespaceURI !== HTML_NS || DROPPED.has(tag)) continue;
    const attrs = ALLOWED.has(tag) ? attributesOf(tag, el.attrs) : null;
    // An element not allowed, or a link with no safe target, leaves its content; an image from elsewhere goes.
    const keep = attrs !== null && !(tag === 'a' && !attrs.some(([n]) => n === 'href'));
    if (tag === 'img' && !keep) continue;
    if (keep) {
      out += `<${tag}${attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join('')}>`;
      if (VOID.has(tag)) continue;
      stack.push({ close: tag });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]! });
  }
  return out;
}

/** Whether rich text says nothing (no text and no image): an empty editor leaves `<p><br></p>`. */
export function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, '').trim() === '';
}

/** Plain text (paragraphs separated by blank lines) as the rich text that shows it the same. */
export function htmlOfPlainText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
