/**
 * The text of the demo's documents and lesson slides, as HTML pages that scripts/demo-assets.ts prints
 * to PDF or photographs into video frames with the system Chromium. Everything is in Chinese, set in
 * WenQuanYi Micro Hei (the CJK font installed with the system Chromium), at regular weight only: the
 * font has no bold face, and a synthesised bold would be embedded as a Type 3 font per size.
 */
import { DEMO_SECONDS_PER_HOUR, LIVE_MINUTES_PER_HOUR, type DemoChapter, type DemoCourse } from '../src/seed/seed-courses.ts';
import { DEMO_FILES } from '../src/seed/seed-content.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const FONT = "'WenQuanYi Micro Hei', sans-serif";
const ORDINALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const COLLEGE = '省委党校（省行政学院）干部网络学院';
/** Rows of the course list on one A4 page (two-line rows where a sub-category name wraps). */
const COURSES_PER_PAGE = 14;

/** One A4 page per section; `pdf` documents are printed with page.pdf and no header or footer. */
function document(title: string, pages: string[]): string {
  const style = `
    @page { size: A4; margin: 22mm 20mm 18mm; }
    * { font-weight: normal !important; }
    body { font-family: ${FONT}; font-size: 11pt; line-height: 1.75; color: #1f1f1f; margin: 0; }
    section { page-break-after: always; position: relative; min-height: 250mm; }
    section:last-child { page-break-after: auto; }
    .org { color: #8b1a1a; font-size: 10pt; border-bottom: 1.5pt solid #8b1a1a; padding-bottom: 4pt; margin-bottom: 14pt; }
    h1 { font-size: 19pt; text-align: center; color: #8b1a1a; margin: 6pt 0 14pt; }
    h2 { font-size: 13.5pt; color: #8b1a1a; margin: 14pt 0 6pt; }
    h3 { font-size: 12pt; margin: 10pt 0 4pt; }
    p { margin: 4pt 0; text-indent: 2em; text-align: justify; }
    ol, ul { margin: 4pt 0; padding-left: 2.2em; }
    table { border-collapse: collapse; width: 100%; margin: 8pt 0; font-size: 10.5pt; }
    th, td { border: 0.75pt solid #555; padding: 5pt 6pt; text-align: left; vertical-align: top; }
    th { background: #f3e9e9; }
    td.blank { height: 26pt; }
    .meta { color: #555; font-size: 10pt; text-align: center; margin-bottom: 10pt; }
    .foot { position: absolute; bottom: 0; left: 0; right: 0; text-align: center; font-size: 9pt; color: #777; }
    .sign { text-align: right; margin-top: 18pt; }`;
  const body = pages
    .map((p, i) => `<section><div class="org">${COLLEGE}</div>${p}<div class="foot">${esc(title)}\u3000第${i + 1}页 共${pages.length}页</div></section>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${style}</style></head><body>${body}</body></html>`;
}
const list = (items: readonly string[], ordered = false) => `<${ordered ? 'ol' : 'ul'}>${items.map((x) => `<li>${esc(x)}</li>`).join('')}</${ordered ? 'ol' : 'ul'}>`;
const ps = (...xs: string[]) => xs.map((x) => `<p>${esc(x)}</p>`).join('');
const table = (head: readonly string[], rows: readonly (readonly string[])[], widths?: readonly number[]) =>
  `<table>${widths ? `<colgroup>${widths.map((w) => `<col style="width:${w}%">`).join('')}</colgroup>` : ''}<thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
const chapterName = (ch: { title: string }) => ch.title.replace(/^第.+?讲 /, '').replace(/（文字课件）$/, '');
const minutes = (seconds: number) => (seconds < 60 ? `${seconds}秒` : seconds % 60 ? `${Math.floor(seconds / 60)}分${seconds % 60}秒` : `${seconds / 60}分钟`);

/** A course's courseware: three pages, the course at a glance, the lesson's content, questions and readings. */
export function courseware(c: DemoCourse, chapter: DemoChapter): { title: string; html: string; pages: number } {
  const title = `${c.title}——课程讲义`;
  const name = chapterName(chapter);
  const outline = [...c.chapters.map((ch) => ch.title), ...(c.live ? [c.live.title] : [])];
  const pages = [
    `<h1>${esc(c.title)}</h1><div class="meta">课程讲义\u3000主讲：${esc(c.lecturer)}（${esc(c.lecturerTitle)}）\u3000${c.hours}学时\u3000${esc(c.category)}</div>
     <h2>一、课程简介</h2>${ps(
       `本课程围绕“${c.title}”，结合全省干部工作实际，讲授${outline.map((t) => chapterName({ title: t })).join('、')}等内容，帮助学员把握基本理论、掌握政策要求、提高实践能力。`,
       `本讲义是课程第${c.chapters.indexOf(chapter) + 1}讲“${name}”的文字课件，供学员在线阅读，也可下载后作为学习笔记的提纲。`,
     )}
     <h2>二、学习目标</h2>${list([`准确理解“${name}”的主要内容和基本要求`, '联系本地区、本部门工作实际，找准贯彻落实的着力点', '能够运用所学分析和解决工作中遇到的实际问题'], true)}
     <h2>三、课程大纲</h2>${list(outline, true)}`,
    `<h2>四、本讲主要内容：${esc(name)}</h2>${chapter.points
      .map(
        (pt, k) =>
          `<h3>（${ORDINALS[k]}）${esc(pt)}</h3>${ps(
            [
              `这是学习“${name}”需要把握的第一个要点。学习时要读原文、悟原理，弄清楚它提出的背景、针对的问题和要达到的目标，不能满足于记住几句表述。`,
              `把握这一要点，关键在于联系实际。各级干部要对照本岗位职责，梳理本单位在${c.category}方面已经做了什么、还有哪些差距，把学习的收获转化为改进工作的具体措施。`,
              `落实这一要求，既要有“时时放心不下”的责任感，也要讲究方法，坚持系统观念，统筹好当前与长远、局部与全局的关系，防止简单化、一刀切。课后可结合思考题，围绕“${c.title}”写一篇学习体会。`,
            ][k % 3]!,
          )}`,
      )
      .join('')}
     <h2>五、思考题</h2>${list(c.questions, true)}`,
    `<h2>六、延伸阅读</h2>${list(c.subject.readings)}
     <h2>七、学习提示</h2>${ps(
       `本讲义在线阅读累计满${minutes(chapter.seconds)}即完成本章节（演示课程按每学时${DEMO_SECONDS_PER_HOUR / 60}分钟制作，正式课程每学时${LIVE_MINUTES_PER_HOUR}分钟）。阅读时请保持学习页面在前台，页面切换到后台或长时间无操作时暂停计时。`,
       '学完本课程全部章节后，学时自动计入本年度学时，可在“学习课堂—学习统计”中查看。',
     )}
     <h2>学习笔记</h2>${'<div style="border-bottom:0.5pt solid #999;height:24pt"></div>'.repeat(12)}`,
  ];
  return { title, html: document(title, pages), pages: pages.length };
}

/** The downloadable documents and notice attachments, keyed like DEMO_FILES. */
export function downloads(courses: readonly DemoCourse[]): Record<keyof typeof DEMO_FILES, { title: string; html: string }> {
  const doc = (title: string, ...pages: string[]) => ({ title, html: document(title, pages) });
  return {
    userManual: doc(
      '学员操作手册',
      `<h1>干部网络学院学员操作手册</h1>
       <h2>一、登录</h2>${ps('在浏览器中打开网络学院首页，点击右上角“登录”。可使用手机号和密码登录，也可选择“短信登录”接收验证码登录，或使用微信扫码登录。首次登录请核对个人信息，并按提示修改初始密码。', '密码至少8位，须同时包含字母、数字和特殊符号。连续5次输错密码，账号将锁定15分钟。')}
       <h2>二、报名参加培训</h2>${ps('年度网络培训由所在单位统一报名。专题培训在“专题培训”栏目中自主报名：在报名时间内点击“报名”，报名成功后即可学习该专题的全部课程。培训班由主办单位统一编班，学员无需报名。')}
       <h2>三、选课与学习</h2>${ps('在“课程分类”中按分类浏览课程，点击课程进入详情页，选择“开始学习”即可。课程由若干章节组成，章节分为视频、文字课件和直播三类。')}
       ${list(['视频：累计有效观看时长达到视频时长的95%即完成本章节；未完成前不能拖动到尚未观看的位置。', '文字课件：在线阅读累计达到规定时长即完成本章节。', '直播：直播期间或直播结束后观看回放，累计观看达到直播时长的95%即完成本章节。'])}`,
      `<h2>四、学时与证书</h2>${ps('课程全部章节完成后，课程学时立即计入本年度学时。学员可在“学习课堂”中查看已学课程、学习统计和学时明细。年度培训或专题培训达到规定学时、考试合格后，系统自动生成电子证书。')}
       <h2>五、在线考试</h2>${ps('考试在“在线考试”栏目中进行。进入考试后开始计时，作答内容实时保存；网络中断后重新进入可继续作答，考试截止时间不变。到达截止时间系统自动交卷。')}
       <h2>六、学习时的注意事项</h2>${list(['同一时间只有一个学习页面计时，在新窗口打开课程后，原窗口停止计时。', '学习页面切换到后台、电脑锁屏或长时间无操作时暂停计时。', '建议使用新版Chrome、Edge或360安全浏览器（极速模式）。'])}`,
      `<h2>七、获取帮助</h2>${ps('遇到问题可先查阅“常见问题”栏目和下载中心的《视频播放常见问题处理》。仍未解决的，请联系本单位培训联络员，或在学习支持服务时间内联系网络学院。')}
       ${table(['服务项目', '联系方式', '服务时间'], [['学习支持', '0351-1234567', '周一至周五 08:30-12:00，14:00-17:00'], ['电子邮件', 'support@academy.example.cn', '工作日内答复'], ['账号与学时核实', '本单位培训联络员', '—']])}`,
    ),
    applicationForm: doc(
      '培训报名表',
      `<h1>干部网络学院培训报名表</h1>
       <table><tbody>
         <tr><th style="width:16%">姓\u3000\u3000名</th><td class="blank" style="width:20%"></td><th style="width:14%">性\u3000别</th><td style="width:16%"></td><th style="width:14%">民\u3000族</th><td></td></tr>
         <tr><th>出生年月</th><td class="blank"></td><th>政治面貌</th><td></td><th>学\u3000历</th><td></td></tr>
         <tr><th>工作单位</th><td class="blank" colspan="5"></td></tr>
         <tr><th>职务职级</th><td class="blank" colspan="3"></td><th>手机号码</th><td></td></tr>
         <tr><th>报名项目</th><td class="blank" colspan="5"></td></tr>
         <tr><th>参训方式</th><td class="blank" colspan="5">□ 网络学习\u3000\u3000□ 线上学习与集中面授相结合</td></tr>
         <tr><th>近三年参加培训情况</th><td colspan="5" style="height:70pt"></td></tr>
         <tr><th>所在单位意见</th><td colspan="5" style="height:80pt"><div class="sign">（盖章）<br>年\u3000\u3000月\u3000\u3000日</div></td></tr>
         <tr><th>组织部门意见</th><td colspan="5" style="height:80pt"><div class="sign">（盖章）<br>年\u3000\u3000月\u3000\u3000日</div></td></tr>
       </tbody></table>
       <h2>填表说明</h2>${list(['本表由学员本人填写，经所在单位审核盖章后报送培训主办单位。', '手机号码为登录网络学院的账号，请务必准确填写。', '报名项目填写培训项目全称，如“全省县处级干部进修班”。', '本表一式两份，所在单位和主办单位各留存一份。'], true)}`,
    ),
    creditHoursRules: doc(
      '学时认定办法',
      `<h1>干部网络学院学时认定办法</h1>
       <h2>第一章\u3000总则</h2>${ps('第一条\u3000为规范干部网络培训学时管理，保证培训质量，根据干部教育培训有关规定，制定本办法。', '第二条\u3000本办法适用于在干部网络学院参加年度网络培训、专题培训和培训班网上学习的各级机关公务员和参照公务员法管理单位工作人员。')}
       <h2>第二章\u3000学时计算</h2>${ps(`第三条\u3000网络课程按课程时长计算学时，每${LIVE_MINUTES_PER_HOUR}分钟计1学时，每门课程的学时在课程详情中标明。本平台的演示课程按每学时${DEMO_SECONDS_PER_HOUR / 60}分钟制作，各章节时长之和即为课程学时。`, '第四条\u3000视频章节累计有效观看时长达到视频时长的95%，视为完成该章节；文字课件在线阅读累计达到规定时长，视为完成该章节；直播章节在直播期间或通过回放累计观看达到直播时长的95%，视为完成该章节。', '第五条\u3000课程全部章节完成后，该课程学时计入学员本年度学时。同一课程在同一年度内只计一次学时。')}`,
      `<h2>第三章\u3000有效学习时间</h2>${ps('第六条\u3000下列时间不计入有效学习时间：（一）学习页面切换到后台或电脑锁屏期间；（二）长时间无操作，经提示后仍未继续学习期间；（三）同时打开多个学习页面时，非当前计时页面的时间。', '第七条\u3000倍速播放按实际经过的时间计时。')}
       <h2>第四章\u3000学时要求</h2>${ps('第八条\u3000年度网络培训须完成不少于50学时，其中公需科目不少于30学时。专题培训和培训班的学时要求以其通知为准。', '第九条\u3000学员所学课程同时属于多个培训项目的，其学时分别计入各培训项目。')}
       <h2>第五章\u3000附则</h2>${ps('第十条\u3000学员对学时记录有异议的，可在当年度内通过本单位培训联络员提出核实申请。', '第十一条\u3000本办法由干部网络学院负责解释，自发布之日起施行。')}`,
    ),
    certificatePrinting: doc(
      '证书打印说明',
      `<h1>培训证书打印说明</h1>
       <h2>一、证书的生成</h2>${ps('学员完成培训项目规定的学时、考试合格后，系统自动生成电子培训证书。证书载明学员姓名、工作单位、培训项目、所获学时和证书编号，并附有验证二维码。')}
       <h2>二、打印步骤</h2>${list(['登录网络学院，进入“学习课堂”。', '选择“打印证书”，在列表中找到需要打印的证书。', '点击“查看证书”，核对证书信息无误后点击“打印”。', '在打印设置中选择A4纸、横向，边距选择“无”或“最小”，取消页眉和页脚。', '如需电子版，可在打印窗口中选择“另存为PDF”。'], true)}
       <h2>三、证书验证</h2>${ps('用人单位或他人可在网络学院“证书查询”页面输入证书编号（和姓名）查询证书真伪，也可使用手机扫描证书上的二维码进行验证。')}
       <h2>四、常见问题</h2>${list(['证书中的姓名、单位有误：请联系本单位培训联络员核实，由网络学院更正后重新生成。', '打印内容不完整：请检查打印方向和缩放比例，建议缩放设为100%。', '找不到证书：请确认培训项目已结束且已达到学时和考试要求。'])}`,
    ),
    mobileAppGuide: doc(
      '移动学习使用说明',
      `<h1>移动学习使用说明</h1>
       <h2>一、安装</h2>${ps('使用手机扫描下载中心的“移动学习App下载二维码”，按提示下载安装。安卓手机如提示“未知来源应用”，请在系统设置中允许本次安装。')}
       <h2>二、登录</h2>${ps('移动学习与电脑端使用同一账号，可使用手机号和密码登录，或使用短信验证码登录。电脑端和手机端的学习记录、学时互通。')}
       <h2>三、学习</h2>${list(['在“课程”页面浏览和搜索课程，点击课程即可学习。', '视频课程支持在无线网络下缓存，离线观看的时长在联网后同步。', '同一时间只有一个设备的学习页面计时。', '直播开始前10分钟可进入直播间等候。'])}
       <h2>四、注意事项</h2>${ps('在移动网络下观看视频会消耗流量，建议在无线网络环境下学习。请勿在驾驶等场合使用手机学习。')}`,
      `<h2>五、常见问题</h2>${table(
        ['问题', '处理办法'],
        [
          ['登录提示账号不存在', '请确认手机号与单位报送的一致，或联系本单位培训联络员。'],
          ['视频加载缓慢', '请切换到信号较好的网络，或降低清晰度后观看。'],
          ['学习记录没有同步', '请保持网络连接，下拉刷新“学习课堂”页面。'],
          ['App闪退', '请更新到最新版本；仍有问题的，卸载后重新安装。'],
        ],
      )}`,
    ),
    browserSettings: doc(
      '推荐浏览器及设置说明',
      `<h1>推荐浏览器及设置说明</h1>
       <h2>一、推荐浏览器</h2>${table(
         ['浏览器', '版本要求', '说明'],
         [
           ['Google Chrome', '100及以上', '推荐使用'],
           ['Microsoft Edge', '100及以上', 'Windows 10/11自带'],
           ['360安全浏览器', '13及以上', '请切换到“极速模式”'],
           ['Firefox', '100及以上', '可正常使用'],
         ],
       )}${ps('不支持Internet Explorer浏览器。使用双核浏览器时，请点击地址栏右侧的图标切换到“极速模式”。')}
       <h2>二、浏览器设置</h2>${list(['允许网络学院网站播放声音和视频。', '允许网络学院网站的弹出窗口，以便打开证书和课件。', '不要禁用Cookie，否则无法保持登录状态。', '浏览器缩放比例设为100%，页面显示效果最佳。'], true)}
       <h2>三、电脑设置</h2>${ps('学习期间请关闭电脑的自动锁屏或将锁屏时间设为30分钟以上。电脑锁屏后学习计时暂停。')}`,
    ),
    playbackTroubleshooting: doc(
      '视频播放常见问题处理',
      `<h1>视频播放常见问题处理</h1>
       ${table(
         ['现象', '可能原因', '处理办法'],
         [
           ['视频一直加载', '网络不稳定或带宽不足', '刷新页面；关闭占用网络的下载任务；换用有线网络。'],
           ['有画面没有声音', '电脑或浏览器静音', '检查系统音量和浏览器标签页是否静音。'],
           ['黑屏或提示无法播放', '浏览器版本过低或处于兼容模式', '升级浏览器，或切换到“极速模式”。'],
           ['学习时间不增加', '页面在后台、多个页面同时学习或长时间无操作', '保持学习页面在前台，只打开一个学习页面。'],
           ['不能拖动进度条', '章节尚未学完', '未学完的章节只能回看已观看的部分。'],
           ['直播画面卡顿', '观看人数较多或网络波动', '稍候刷新，直播结束后也可观看回放。'],
         ],
       )}`,
      `<h2>仍然无法解决时</h2>${ps('请记录出现问题的课程名称、章节、时间和浏览器版本，截取页面图片，联系本单位培训联络员或网络学院学习支持（0351-1234567，周一至周五 08:30-12:00，14:00-17:00）。', '学习过程中出现的问题不会影响已经记录的学习时间，问题解决后可继续学习。')}`,
    ),
    trainingSchedule: doc(
      '年度网络培训安排表',
      `<h1>年度全省公务员网络培训安排表</h1>
       ${table(
         ['时间', '培训项目', '对象', '学时要求', '主办单位'],
         [
           ['1月—12月', '年度全省公务员网络培训', '全省各级机关公务员', '不少于50学时（公需科目不少于30学时）', '省委组织部 省人力资源和社会保障厅'],
           ['1月—3月', '年度培训报名', '各单位培训联络员', '—', '网络学院'],
           ['3月—5月', '学习贯彻党的二十届三中全会精神专题培训', '全省各级机关公务员', '12学时', '省委组织部'],
           ['4月—5月', '全省县处级干部进修班（第一期）', '县处级领导干部', '16学时', '省委党校（省行政学院）'],
           ['6月—7月', '法治政府建设专题培训', '行政执法人员', '10学时', '省委组织部'],
           ['9月—10月', '优化营商环境专题培训', '经济部门工作人员', '8学时', '省委组织部'],
           ['10月—11月', '全省中青年干部培训班', '中青年干部', '20学时', '省委党校（省行政学院）'],
           ['10月—12月', '年度公需科目在线考试', '参加年度培训的学员', '考试成绩60分及以上为合格', '网络学院'],
         ],
         [13, 31, 18, 19, 19],
       )}
       ${ps('具体时间以各培训项目的通知为准。各单位培训联络员要及时组织学员报名，督促学员按期完成学习任务。')}`,
      `<h2>工作要求</h2>${list(['各单位于每年3月底前完成年度培训报名工作。', '每季度末，培训联络员查看本单位学员学习进度，对进度滞后的学员及时提醒。', '年度培训于12月31日结束，逾期未完成的学时不再补录。', '证书于培训结束后统一生成，学员可自行下载打印。'], true)}`,
    ),
    courseList: doc(
      '课程目录',
      ...Array.from({ length: Math.ceil(courses.length / COURSES_PER_PAGE) }, (_, p) => {
        const rows = courses.slice(p * COURSES_PER_PAGE, (p + 1) * COURSES_PER_PAGE).map((c, i) => [String(p * COURSES_PER_PAGE + i + 1), c.title, c.category, c.lecturer, String(c.hours)]);
        return `${p === 0 ? '<h1>干部网络学院课程目录</h1>' : ''}${table(['序号', '课程名称', '分类', '主讲人', '学时'], rows, [7, 45, 28, 12, 8])}`;
      }),
    ),
  };
}

const SLIDE_W = 480;
const SLIDE_H = 270;
export const SLIDE_SIZE = { width: SLIDE_W, height: SLIDE_H } as const;
/** A lesson slide, photographed at SLIDE_SIZE. */
function slide(color: string, inner: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>
    * { font-weight: normal; box-sizing: border-box; }
    body { margin: 0; width: ${SLIDE_W}px; height: ${SLIDE_H}px; overflow: hidden; font-family: ${FONT}; }
    .card { height: 100%; padding: 26px 30px; color: #fff; background: ${color}; position: relative; }
    .tag { display: inline-block; font-size: 12px; padding: 2px 10px; border-radius: 10px; background: rgba(255,255,255,.18); }
    .card h1 { font-size: 24px; line-height: 1.3; margin: 22px 0 10px; }
    .card .sub { font-size: 16px; opacity: .92; }
    .card .by { position: absolute; left: 30px; bottom: 24px; font-size: 14px; }
    .card .bar { position: absolute; left: 30px; bottom: 52px; width: 48px; height: 3px; background: #f5c542; }
    .page { height: 100%; padding: 18px 28px; background: #fff; color: #222; border-top: 6px solid ${color}; position: relative; }
    .page h2 { font-size: 18px; color: ${color}; margin: 4px 0 12px; }
    .page li { font-size: 15px; line-height: 1.5; margin-bottom: 8px; }
    .page p { font-size: 15px; line-height: 1.6; margin: 6px 0; }
    .page .foot { position: absolute; left: 28px; right: 28px; bottom: 10px; font-size: 11px; color: #888; display: flex; justify-content: space-between; }
  </style></head><body>${inner}</body></html>`;
}
const foot = (c: DemoCourse, right: string) => `<div class="foot"><span>${esc(c.title)}</span><span>${esc(right)}</span></div>`;

export type Slide = { html: string; seconds: number };

/** A chapter's video: a title card with the course and lecturer, the lesson's key points, a question to think over. */
export function lessonSlides(c: DemoCourse, chapter: DemoChapter): Slide[] {
  const n = c.chapters.indexOf(chapter);
  const name = chapterName(chapter);
  return [
    { seconds: 6, html: slide(c.color, `<div class="card"><span class="tag">${esc(c.category)}</span><h1>${esc(c.title)}</h1><div class="sub">第${n + 1}讲\u3000${esc(name)}</div><div class="bar"></div><div class="by">主讲：${esc(c.lecturer)}\u3000${esc(c.lecturerTitle)}</div></div>`) },
    { seconds: chapter.seconds - 14, html: slide(c.color, `<div class="page"><h2>本讲要点：${esc(name)}</h2>${list(chapter.points)}${foot(c, `${c.lecturer}\u3000第${n + 1}讲`)}</div>`) },
    { seconds: 8, html: slide(c.color, `<div class="page"><h2>思考与练习</h2><p>${esc(c.questions[n % c.questions.length]!)}</p><p style="margin-top:14px;color:#555">延伸阅读：${esc(c.subject.readings[0]!)}</p>${foot(c, '干部网络学院')}</div>`) },
  ];
}

/** A live lesson's stream: a title card, one slide per key point, and the closing words. */
export function liveSlides(c: DemoCourse): Slide[] {
  const live = c.live!;
  const name = live.title.replace(/^第.+?讲 /, '');
  const state = live.replay ? '直播回放' : live.startOffsetMs > 0 ? '直播预告' : '正在直播';
  const each = (live.mediaSeconds - 20) / live.points.length;
  return [
    { seconds: 10, html: slide(c.color, `<div class="card"><span class="tag">${state}</span><h1>${esc(name)}</h1><div class="sub">${esc(c.title)}</div><div class="bar"></div><div class="by">主讲：${esc(c.lecturer)}\u3000${esc(c.lecturerTitle)}</div></div>`) },
    ...live.points.map((pt, k) => ({
      seconds: each,
      html: slide(c.color, `<div class="page"><h2>${ORDINALS[k]}、${esc(pt)}</h2><p>主讲人结合${esc(c.category)}方面的政策文件和我省的典型案例，讲解这一问题的由来、要求和工作中的做法。</p><p style="color:#555">请在直播间留言区提出问题，主讲人将在答疑环节集中回答。</p>${foot(c, `${state}\u3000${c.lecturer}`)}</div>`),
    })),
    { seconds: 10, html: slide(c.color, `<div class="page"><h2>互动答疑与小结</h2><p>${esc(c.questions[0]!)}</p><p style="color:#555">${live.replay ? '错过直播的学员观看本回放，累计观看时长同样计入学习时间。' : '直播计时以累计观看时长为准，请保持直播页面在前台。'}</p>${foot(c, '干部网络学院')}</div>`) },
  ];
}
