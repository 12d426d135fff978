/** /noticeInfo?id=: one notice with its attachments and its neighbours in its own list. */
import { useSearchParams } from 'react-router';
import { content } from '@portal/contract/refs';
import { ArticleFrame } from '../../features/content/Article.tsx';
import { NoticeArticle } from '../../features/content/articles.tsx';
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
      {(n) => <NoticeArticle n={n} />}
    </ArticleFrame>
  );
}
