/** /question: common questions grouped by topic, searchable (?keyword=); each answer opens in place. */
import { content } from '@portal/contract/refs';
import { QueryState } from '../../features/content/QueryState.tsx';
import { SearchBox } from '../../features/content/SearchBox.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { textParam, useUrlState } from '../../features/content/urlState.ts';
import '../../features/content/public.css';
import './question.css';

export default function QuestionPage() {
  const [params, update] = useUrlState();
  const keyword = textParam(params.get('keyword'));
  const q = useCallQuery(content.findQuestionList, { query: keyword ? { keyword } : {} }, { keepPrevious: true });
  return (
    <div className="page-container">
      <h1 className="page-title">常见问题</h1>
      <p className="page-lead">登录、学习、学时、考试与证书的常见问题解答。找不到答案时，请拨打页面底部的服务电话。</p>
      <SearchBox label="搜索常见问题" placeholder="输入问题关键词，如：学时、密码" value={keyword} onSearch={(text) => update({ keyword: text })} />
      <QueryState query={q} rows={8} isEmpty={(d) => d.length === 0} emptyText={keyword ? `没有找到与“${keyword}”相关的问题` : '暂无常见问题'}>
        {(groups) => (
          <div className="faq-groups">
            {groups.map((g, i) => (
              <section key={g.group} className="panel" aria-labelledby={`faq-${i}`}>
                <h2 id={`faq-${i}`} className="panel-title faq-group-title">
                  {g.group}
                </h2>
                {g.items.map((item) => (
                  <details key={item.id} className="faq-item" open={keyword !== ''}>
                    <summary>{item.question}</summary>
                    <p>{item.answer}</p>
                  </details>
                ))}
              </section>
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}
