/**
 * Rich text of news, notices and the about page. The server stores it only after sanitising it by an
 * allow-list (apps/server/src/lib/sanitizeHtml.ts: no script, no event handler, no javascript: link,
 * images only from the product's uploads), so this is the one place a page puts HTML from the server
 * into the document.
 */
export function RichText({ html, className = 'article-body' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
