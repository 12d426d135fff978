/**
 * /certificate: the public certificate check by number (and, optionally, the holder's full name).
 * ?no= (the printed certificate's QR code) pre-fills the number and runs the query at once. The
 * answer shows validity, the masked holder, unit, install, hours and issue date, or 未查询到.
 */
import { useState, type FormEvent } from 'react';
import { content } from '@portal/contract';
import { formatDate, formatHours } from '../../features/content/format.ts';
import { QueryState } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { textParam, useUrlState } from '../../features/content/urlState.ts';
import '../../features/content/public.css';
import './certificate.css';

function Result({ cert }: { cert: content.CertificateCheck }) {
  return (
    <section className={cert.valid ? 'cert-result' : 'cert-result cert-revoked'} aria-labelledby="cert-result-title">
      <h2 id="cert-result-title" className="cert-result-title">
        {cert.valid ? '证书有效' : '证书已撤销'}
      </h2>
      <p className="cert-result-lead">{cert.valid ? '该证书由本学院颁发，信息如下。' : '该证书已被学院撤销，不再有效。'}</p>
      <dl className="cert-fields">
        <div>
          <dt>证书编号</dt>
          <dd>{cert.certNo}</dd>
        </div>
        <div>
          <dt>持证人</dt>
          <dd>{cert.personName}</dd>
        </div>
        <div>
          <dt>工作单位</dt>
          <dd>{cert.organName}</dd>
        </div>
        <div>
          <dt>培训项目</dt>
          <dd>{cert.installTitle}</dd>
        </div>
        <div>
          <dt>获得学时</dt>
          <dd>{formatHours(cert.hours)} 学时</dd>
        </div>
        <div>
          <dt>发证日期</dt>
          <dd>{formatDate(cert.issuedAt)}</dd>
        </div>
        <div>
          <dt>验证码</dt>
          <dd>{cert.verifyCode}</dd>
        </div>
      </dl>
    </section>
  );
}

function Lookup({ certNo, personName }: { certNo: string; personName: string }) {
  const q = useCallQuery(content.findCertificateByNo, { query: { certNo, ...(personName ? { personName } : {}) } }, { staleTime: 0 });
  return (
    <div aria-live="polite">
      <QueryState query={q} rows={6}>
        {(cert) =>
          cert ? (
            <Result cert={cert} />
          ) : (
            <section className="cert-result cert-missing" aria-labelledby="cert-missing-title">
              <h2 id="cert-missing-title" className="cert-result-title">
                未查询到该证书
              </h2>
              <p className="cert-result-lead">
                没有编号为“{certNo}”{personName ? `、持证人为“${personName}”` : ''}的证书。请核对证书编号{personName ? '和姓名' : ''}后重新查询。
              </p>
            </section>
          )
        }
      </QueryState>
    </div>
  );
}

export default function CertificatePage() {
  const [params, update] = useUrlState();
  const no = textParam(params.get('no'), 32);
  // The holder's name is personal: it stays in the page, never in the address.
  const [submittedName, setSubmittedName] = useState('');
  const [certNo, setCertNo] = useState(no);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lastNo, setLastNo] = useState(no);
  if (no !== lastNo) {
    setLastNo(no);
    setCertNo(no);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = content.findCertificateByNo.query.safeParse({ certNo, personName: name });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '请输入证书编号');
      return;
    }
    setError(null);
    setSubmittedName(checked.data.personName ?? '');
    update({ no: checked.data.certNo });
  };

  const valid = content.findCertificateByNo.query.safeParse({ certNo: no }).success;
  return (
    <div className="page-container">
      <h1 className="page-title">证书查询</h1>
      <p className="page-lead">输入证书编号（可同时输入持证人姓名）核验本学院颁发的培训证书；扫描证书上的二维码可直接查询。</p>
      <div className="cert-layout">
        <form className="panel cert-form" onSubmit={submit} noValidate>
          <label className="field">
            <span>
              证书编号<span className="required-mark">（必填）</span>
            </span>
            <input
              name="certNo"
              value={certNo}
              maxLength={32}
              autoComplete="off"
              placeholder="如 ZS2025000001"
              aria-invalid={error !== null}
              aria-describedby={error ? 'cert-error' : undefined}
              onChange={(e) => setCertNo(e.target.value)}
            />
          </label>
          <label className="field">
            <span>持证人姓名（选填）</span>
            <input name="personName" value={name} maxLength={30} autoComplete="off" placeholder="填写后将同时核对姓名" onChange={(e) => setName(e.target.value)} />
          </label>
          {error ? (
            <p id="cert-error" className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary cert-submit">
            查询
          </button>
        </form>
        <div className="cert-answer">
          {no && valid ? (
            <Lookup certNo={no} personName={submittedName} />
          ) : (
            <div className="panel state-box">输入证书编号后点击“查询”。</div>
          )}
        </div>
      </div>
    </div>
  );
}
