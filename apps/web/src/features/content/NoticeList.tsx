/** A paged list of notices (公告 or education notices), each opening /noticeInfo?id=. */
import { Link } from 'react-router';
import type { content } from '@portal/contract';
import { formatDate } from './format.ts';

export function NoticeList({ items }: { items: content.NoticeItem[] }) {
  return (
    <ul className="title-list notice-list">
      {items.map((n) => (
        <li key={n.id}>
          {n.pinned ? <span className="tag tag-pinned">置顶</span> : null}
          <Link to={`/noticeInfo?id=${n.id}`}>{n.title}</Link>
          {n.attachmentCount > 0 ? <span className="tag">附件{n.attachmentCount}</span> : null}
          <span className="date">{formatDate(n.publishedAt)}</span>
        </li>
      ))}
    </ul>
  );
}
