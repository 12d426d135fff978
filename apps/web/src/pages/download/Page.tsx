/**
 * /download: the download centre: documents, the mobile app and browser advice, with sizes and
 * download counts. A download goes through downloadFile (which counts it); the count refreshes after.
 */
import { useQueryClient } from '@tanstack/react-query';
import { content } from '@portal/contract/refs';
import { formatCount, formatDate, formatFileSize } from '../../features/content/format.ts';
import { Pager } from '../../features/content/Pager.tsx';
import { QueryState } from '../../features/content/QueryState.tsx';
import { callKey, useCallQuery } from '../../api/useCallQuery.ts';
import { oneOf, positiveInt, useUrlState } from '../../features/content/urlState.ts';
import '../../features/content/public.css';
import './download.css';

const PAGE_SIZE = 10;
const ALL = 'all';
const FILTERS = [ALL, ...content.DOWNLOAD_CATEGORIES] as const;
// Display names of the contract's download categories.
const CATEGORY_LABELS: Record<(typeof FILTERS)[number], string> = { all: '全部', document: '学习资料', app: '移动客户端', browser: '浏览器' };

export default function DownloadPage() {
  const [params, update] = useUrlState({ category: ALL });
  const category = oneOf(params.get('category'), FILTERS);
  const page = positiveInt(params.get('page'), 1);
  const client = useQueryClient();
  const q = useCallQuery(
    content.findDownloadByPage,
    { query: { pageNum: page, pageSize: PAGE_SIZE, ...(category === ALL ? {} : { category }) } },
    { keepPrevious: true },
  );
  // The count changes on the server once the browser has fetched the file.
  const refreshCounts = () => setTimeout(() => void client.invalidateQueries({ queryKey: callKey(content.findDownloadByPage) }), 1500);

  return (
    <div className="page-container">
      <h1 className="page-title">下载中心</h1>
      <p className="page-lead">学习资料、移动学习客户端与推荐浏览器。建议使用最新版 Chrome、Edge 或 360 安全浏览器（极速模式）访问本平台。</p>
      <div className="panel">
        <div className="chips" role="group" aria-label="下载分类">
          {FILTERS.map((f) => (
            <button key={f} type="button" className="chip" aria-pressed={f === category} onClick={() => update({ category: f })}>
              {CATEGORY_LABELS[f]}
            </button>
          ))}
        </div>
        <QueryState query={q} rows={6} isEmpty={(d) => d.list.length === 0} emptyText="该分类暂无可下载的文件">
          {(d) => (
            <>
              <table className="download-table">
                <caption className="visually-hidden">可下载的文件</caption>
                <thead>
                  <tr>
                    <th scope="col">名称</th>
                    <th scope="col">分类</th>
                    <th scope="col">大小</th>
                    <th scope="col">下载次数</th>
                    <th scope="col">发布日期</th>
                    <th scope="col">操作</th>
                  </tr>
                </thead>
                <tbody>
                  {d.list.map((f) => (
                    <tr key={f.id}>
                      <td data-label="名称">
                        <span className="download-title">{f.title}</span>
                        <span className="download-file">{f.fileName}</span>
                      </td>
                      <td data-label="分类">{CATEGORY_LABELS[f.category]}</td>
                      <td data-label="大小">{formatFileSize(f.size)}</td>
                      <td data-label="下载次数" className="download-count">
                        {formatCount(f.downloadCount)}
                      </td>
                      <td data-label="发布日期">{formatDate(f.publishedAt)}</td>
                      <td>
                        <a className="btn btn-primary" href={f.downloadUrl} download={f.fileName} aria-label={`下载 ${f.title}`} onClick={refreshCounts}>
                          下载
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} pageSize={PAGE_SIZE} total={d.total} onChange={(p) => update({ page: p })} label="下载分页" />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
