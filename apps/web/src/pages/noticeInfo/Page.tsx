/** /noticeInfo?id=: one notice with its attachments and its neighbours in its own list. */
import { useSearchParams } from 'react-router';
import { content } from '@portal/contract/refs';
import { ArticleFrame, Neighbours } from '../../features/content/Article.tsx';
import { formatDate, formatFileSize } from '../../features/content/format.ts';
import { Paragraphs } from '../../features/content/Paragraphs.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { positiveInt } from '../../features/content/urlState.ts';
import '../../features/content/public.css';

export default function NoticeInfoPage() {
  const [params] = useSearchParams();
  const raw = positiveInt(params.get('id'), 0, 2147483647);
  const id = raw > 0 ? raw : null;
  const q = useCallQuery(content.findAfficheById, { query: { id: id ?? 1 } }, { enabled: id !== null });
  return (
    <ArticleFrame crumb={{ to: '/noticeList', text: '通知公告' }} id={id} query={q} missingText="该公告不存在或已删除。">
      {(n) => (
        <article className="article">
          <h1 className="article-title">{n.title}</h1>
          <p className="article-meta">
            <span>发布单位：{n.source}</span>
            <span>发布时间：{formatDate(n.publishedAt)}</span>
          </p>
          <Paragraphs body={n.body} />
          {n.attachments.length > 0 ? (
            <section className="attachments" aria-labelledby="notice-attachments">
              <h2 id="notice-attachments" className="attachments-title">
                附件（{n.attachments.length}）
              </h2>
              <ul className="title-list">
                {n.attachments.map((a) => (
                  <li key={a.id}>
                    <a href={a.url} download={a.name} target="_blank" rel="noopener">
                      {a.name}
                    </a>
                    <span className="date">{formatFileSize(a.size)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Neighbours previous={n.previous} next={n.next} hrefOf={(i) => `/noticeInfo?id=${i}`} />
        </article>
      )}
    </ArticleFrame>
  );
}
