/**
 * A picture news article and a notice as the public pages show them; the administration area's
 * preview shows an item through the same components, so the preview is the page.
 */
import type { content } from '@portal/contract';
import { Neighbours } from './Article.tsx';
import { formatDate, formatFileSize } from './format.ts';
import { RichText } from './RichText.tsx';

type News = Pick<content.FlashNewsDetail, 'title' | 'source' | 'publishedAt' | 'imageUrl' | 'body'> & Partial<Pick<content.FlashNewsDetail, 'previous' | 'next'>>;
type Notice = Pick<content.NoticeDetail, 'title' | 'source' | 'publishedAt' | 'body'> & { attachments: Omit<content.Attachment, 'id'>[] } & Partial<Pick<content.NoticeDetail, 'previous' | 'next'>>;

export function NewsArticle({ n }: { n: News }) {
  return (
    <article className="article">
      <h1 className="article-title">{n.title}</h1>
      <p className="article-meta">
        <span>来源：{n.source}</span>
        <span>发布时间：{formatDate(n.publishedAt)}</span>
      </p>
      <img className="article-image" src={n.imageUrl} alt={n.title} width={800} height={450} />
      <RichText html={n.body} />
      {n.previous !== undefined && n.next !== undefined ? <Neighbours previous={n.previous} next={n.next} hrefOf={(i) => `/pictureNewInfo?id=${i}`} /> : null}
    </article>
  );
}

export function NoticeArticle({ n }: { n: Notice }) {
  return (
    <article className="article">
      <h1 className="article-title">{n.title}</h1>
      <p className="article-meta">
        <span>发布单位：{n.source}</span>
        <span>发布时间：{formatDate(n.publishedAt)}</span>
      </p>
      <RichText html={n.body} />
      {n.attachments.length > 0 ? (
        <section className="attachments" aria-labelledby="notice-attachments">
          <h2 id="notice-attachments" className="attachments-title">
            附件（{n.attachments.length}）
          </h2>
          <ul className="title-list">
            {n.attachments.map((a) => (
              <li key={a.url}>
                <a href={a.url} download={a.name} target="_blank" rel="noopener">
                  {a.name}
                </a>
                <span className="date">{formatFileSize(a.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {n.previous !== undefined && n.next !== undefined ? <Neighbours previous={n.previous} next={n.next} hrefOf={(i) => `/noticeInfo?id=${i}`} /> : null}
    </article>
  );
}
