/** /pictureNewInfo?id=: one picture news article with its previous and next neighbours. */
import { useSearchParams } from 'react-router';
import { content } from '@portal/contract/refs';
import { ArticleFrame, Neighbours } from '../../features/content/Article.tsx';
import { formatDate } from '../../features/content/format.ts';
import { Paragraphs } from '../../features/content/Paragraphs.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { positiveInt } from '../../features/content/urlState.ts';
import '../../features/content/public.css';

export default function PictureNewsPage() {
  const [params] = useSearchParams();
  const raw = positiveInt(params.get('id'), 0, 2147483647);
  const id = raw > 0 ? raw : null;
  const q = useCallQuery(content.findFlashNewById, { query: { id: id ?? 1 } }, { enabled: id !== null });
  return (
    <ArticleFrame crumb={{ to: '/index', text: '图片新闻' }} id={id} query={q} missingText="该新闻不存在或已删除。">
      {(n) => (
        <article className="article">
          <h1 className="article-title">{n.title}</h1>
          <p className="article-meta">
            <span>来源：{n.source}</span>
            <span>发布时间：{formatDate(n.publishedAt)}</span>
          </p>
          <img className="article-image" src={n.imageUrl} alt={n.title} width={800} height={450} />
          <Paragraphs body={n.body} />
          <Neighbours previous={n.previous} next={n.next} hrefOf={(i) => `/pictureNewInfo?id=${i}`} />
        </article>
      )}
    </ArticleFrame>
  );
}
