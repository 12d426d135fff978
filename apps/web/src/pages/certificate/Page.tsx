/**
 * /certificate: the public certificate check by number (and, optionally, the holder's full name).
 * ?no= (the printed certificate's QR code) pre-fills the number and runs the query at once. The
 * answer shows validity (or when it was revoked), the masked holder, unit, install, hours and issue
 * date, or 未查询到. ?p= (also in the QR code, or pasted) is the signed payload: checked here in the
 * browser against the college's public key first, then the number is asked about revocation. With
 * the network cut the signature verdict still shows (the key the page or this device already has),
 * with a plain word that revocation could not be checked; the query runs when the network is back.
 * A device that opened this page once opens it again with no network at all (public/certificate-sw.js).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { content } from '@portal/contract';
import { formatDate, formatHours } from '../../features/content/format.ts';
import { QueryState, Skeleton } from '../../features/content/QueryState.tsx';
import { useCallQuery } from '../../api/useCallQuery.ts';
import { CallError } from '../../api/client.ts';
import { textParam, useUrlState } from '../../features/content/urlState.ts';
import '../../features/content/public.css';
import { checkPayload, numberIn, payloadIn, type PayloadFields } from '../../features/certificate/payload.ts';
import { useCertificateKey } from '../../features/certificate/publicKey.ts';
import './certificate.css';

function Result({ cert }: { cert: content.CertificateCheck }) {
  return (
    <section className={cert.valid ? 'cert-result' : 'cert-result cert-revoked'} aria-labelledby="cert-result-title">
      <h2 id="cert-result-title" className="cert-result-title">
        {cert.valid ? '证书有效' : '证书已撤销'}
      </h2>
      <p className="cert-result-lead">
        {cert.valid ? '该证书由本学院颁发，信息如下。' : `该证书已于${cert.revokedAt ? formatDate(cert.revokedAt) : ''}被学院撤销，不再有效。`}
      </p>
      {cert.replacedBy ? (
        <p className="cert-result-lead">
          该证书已更正补发，新证书编号为 <a href={`/certificate?no=${encodeURIComponent(cert.replacedBy)}`}>{cert.replacedBy}</a>。
        </p>
      ) : null}
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

/** `signed`: the page has already checked the QR signature, so only revocation is left to ask. */
function Lookup({ certNo, personName, signed }: { certNo: string; personName: string; signed: boolean }) {
  const q = useCallQuery(content.findCertificateByNo, { query: { certNo, ...(personName ? { personName } : {}) } }, { staleTime: 0 });
  // Offline the query waits (paused) and runs when the network is back; a request that found no network fails instead.
  const unreachable = (q.isPending && q.fetchStatus === 'paused') || (q.isError && q.error instanceof CallError && q.error.kind === 'network');
  if (unreachable) {
    return (
      <div aria-live="polite">
        <section className="cert-result cert-offline" aria-labelledby="cert-offline-title">
          <h2 id="cert-offline-title" className="cert-result-title">
            {signed ? '暂时无法确认是否已撤销' : '暂时无法查询'}
          </h2>
          <p className="cert-result-lead">
            {signed ? '当前无法连接本学院系统：上方签名核验已在本机完成，但该证书是否已被学院撤销需要联网查询。' : '当前无法连接本学院系统，按编号查询需要联网。'}
            网络恢复后将自动查询。
          </p>
          {q.isError && (
            <button type="button" className="btn" onClick={() => void q.refetch()}>
              重新查询
            </button>
          )}
        </section>
      </div>
    );
  }
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

function SignedFields({ f }: { f: PayloadFields }) {
  return (
    <dl className="cert-fields">
      <div>
        <dt>证书编号</dt>
        <dd>{f.n}</dd>
      </div>
      <div>
        <dt>持证人</dt>
        <dd>{f.p}</dd>
      </div>
      <div>
        <dt>培训项目</dt>
        <dd>{f.i}</dd>
      </div>
      <div>
        <dt>获得学时</dt>
        <dd>{formatHours(f.h)} 学时</dd>
      </div>
      <div>
        <dt>发证日期</dt>
        <dd>{f.d}</dd>
      </div>
    </dl>
  );
}

/** The signature check of a QR payload, made in this browser with the college's public key. */
function SignedCheck({ payload }: { payload: string }) {
  const { publicKey, waiting } = useCertificateKey();
  const check = useQuery({
    queryKey: ['certificatePayload', payload, publicKey],
    queryFn: () => checkPayload(payload, publicKey ?? ''),
    enabled: publicKey !== undefined,
    staleTime: Infinity,
    // A check made in this browser: TanStack's default would pause it, like a request, while offline.
    networkMode: 'always',
  });
  if (publicKey === undefined && !waiting) {
    return (
      <section className="cert-result cert-offline" aria-labelledby="cert-signed-title">
        <h2 id="cert-signed-title" className="cert-result-title">
          暂时无法核验签名
        </h2>
        <p className="cert-result-lead">本机还没有本学院的公钥，需联网获取一次；网络恢复后将自动核验。</p>
      </section>
    );
  }
  if (!check.data) return <Skeleton rows={3} />;
  if (check.data.kind === 'valid') {
    return (
      <section className="cert-result cert-signed" aria-labelledby="cert-signed-title">
        <h2 id="cert-signed-title" className="cert-result-title">
          签名核验通过
        </h2>
        <p className="cert-result-lead">二维码中的以下信息由本学院签发，未被改动（在本机完成核验，无需联网）。是否已被撤销，以下方在线查询结果为准。</p>
        <SignedFields f={check.data.fields} />
      </section>
    );
  }
  return (
    <section className="cert-result cert-missing" aria-labelledby="cert-signed-title">
      <h2 id="cert-signed-title" className="cert-result-title">
        {check.data.kind === 'invalid' ? '签名核验未通过' : '无法在本浏览器核验签名'}
      </h2>
      <p className="cert-result-lead">
        {check.data.kind === 'invalid'
          ? '二维码内容被改动过，或不是本学院签发的证书。请以证书编号在线查询的结果为准。'
          : '当前浏览器不支持 Ed25519 签名核验，请更换新版浏览器，或以证书编号在线查询的结果为准。'}
      </p>
    </section>
  );
}

function HowToVerify() {
  const { publicKey } = useCertificateKey();
  return (
    <details className="panel cert-howto">
      <summary>如何核验证书</summary>
      <p>证书上的二维码包含两项内容：证书编号，以及经本学院私钥签名的证书信息（编号、脱敏姓名、培训项目、学时、发证日期）。</p>
      <ol>
        <li>离线核验：用下方公钥（Ed25519）核对二维码中的签名，签名正确即说明信息由本学院签发且未被改动；本页在您的浏览器中完成这一步。</li>
        <li>在线核验：再以证书编号查询本学院系统，确认证书没有被撤销。</li>
      </ol>
      <p>
        公钥（Ed25519，base64url）：<code className="cert-key">{publicKey ?? '正在加载…'}</code>
      </p>
      <p>按编号查询只显示脱敏后的姓名等信息，不显示手机号和完整姓名。</p>
    </details>
  );
}

/** The page's own service worker (scope /certificate): this device can open a QR address offline later. */
function useOfflineCopy() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    // Refused without HTTPS or in some private windows: the page works as before, only not cold offline.
    navigator.serviceWorker
      .register('/certificate-sw.js', { scope: '/certificate' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What this visit loaded before the worker existed: the page itself, its scripts, styles and pictures.
        registration.active?.postMessage({ type: 'keep', page: location.pathname, files: performance.getEntriesByType('resource').map((e) => e.name) });
      })
      .catch((err: unknown) => console.info('证书核验离线副本未启用', err));
  }, []);
}

export default function CertificatePage() {
  useOfflineCopy();
  const [params, update] = useUrlState();
  const payload = payloadIn(textParam(params.get('p'), 2000));
  const no = textParam(params.get('no'), 32);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);
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

  const submitPasted = (e: FormEvent) => {
    e.preventDefault();
    const found = payloadIn(pasted);
    if (!found) {
      setPasteError('未识别到证书二维码内容，请粘贴扫码得到的完整网址');
      return;
    }
    setPasteError(null);
    update({ p: found, no: numberIn(pasted) ?? no });
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
          {payload ? <SignedCheck payload={payload} /> : null}
          {no && valid ? (
            <Lookup certNo={no} personName={submittedName} signed={payload !== null} />
          ) : payload ? null : (
            <div className="panel state-box">输入证书编号后点击“查询”。</div>
          )}
        </div>
        <form className="panel cert-form" onSubmit={submitPasted} noValidate>
          <label className="field">
            <span>二维码内容</span>
            <textarea
              name="payload"
              value={pasted}
              rows={3}
              autoComplete="off"
              placeholder="粘贴扫描证书二维码得到的网址"
              aria-invalid={pasteError !== null}
              aria-describedby={pasteError ? 'cert-paste-error' : undefined}
              onChange={(e) => setPasted(e.target.value)}
            />
          </label>
          {pasteError ? (
            <p id="cert-paste-error" className="form-error" role="alert">
              {pasteError}
            </p>
          ) : null}
          <button type="submit" className="btn cert-submit">
            核验二维码
          </button>
        </form>
        <HowToVerify />
      </div>
    </div>
  );
}
