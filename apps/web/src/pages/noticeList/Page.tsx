/** /noticeList: the notices, pinned first, searchable and paged; state in the address (?keyword=&page=). */
import { content } from '@portal/contract/refs';
import { NoticeList } from '../../features/content/NoticeList.tsx';
import { Pager } from '../../features/content/Pager.tsx';
import { QueryState } from '../../features/content/QueryState.tsx';
import { SearchBox } from '../../features/content/SearchBox.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { positiveInt, textParam, useUrlState } from '../../features/content/urlState.ts';
import '../../features/content/public.css';

const PAGE_SIZE = 15;

export default function NoticeListPage() {
  const [params, update] = useUrlState();
  const keyword = textParam(params.get('keyword'));
  const page = positiveInt(params.get('page'), 1);
  const q = useCallQuery(content.findAfficheByPage, { query: { pageNum: page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) } }, { keepPrevious: true });
  return (
    <div className="page-container">
      <h1 className="page-title">通知公告</h1>
      <p className="page-lead">学院发布的培训通知、公告与说明。</p>
      <div className="panel">
        <SearchBox label="搜索通知公告" placeholder="输入标题或内容关键词" value={keyword} onSearch={(text) => update({ keyword: text })} />
        <QueryState query={q} rows={10} isEmpty={(d) => d.list.length === 0} emptyText={keyword ? `没有找到与“${keyword}”相关的公告` : '暂无通知公告'}>
          {(d) => (
            <>
              <NoticeList items={d.list} />
              <Pager page={page} pageSize={PAGE_SIZE} total={d.total} onChange={(p) => update({ page: p })} label="公告分页" />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
