/** /pictureNewInfo?id=: one picture news article with its previous and next neighbours. */
import { useSearchParams } from 'react-router';
import { content } from '@portal/contract/refs';
import { ArticleFrame } from '../../features/content/Article.tsx';
import { NewsArticle } from '../../features/content/articles.tsx';
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
      {(n) => <NewsArticle n={n} />}
    </ArticleFrame>
  );
}
