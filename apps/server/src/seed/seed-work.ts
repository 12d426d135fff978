/**
 * Demo homework and practice reports: each demo class has 心得体会 assignments with real
 * requirements and a 实践报告, and its members' submissions in every state — drafts, submitted and
 * awaiting review (some late), returned with the teacher's comment, resubmitted, passed with a
 * score — and practice reports pending, approved and rejected. The featured learner 13800000001 has
 * one of each state, a returned work with the comment, and a work passed on its second version (so
 * history and the teacher's changes view show something). Texts are assembled from paragraphs a
 * cadre would write (800+ characters for the full ones); two members have an extension. Runs after
 * seedTeaching; a few batched inserts, so it stays fast.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { wordCount } from '@portal/contract';
import { classCourses, classMembers, classMessages, classTeachers, courses, messageRecipients, persons, teacherClasses, workExtensions, workSubmissions, workVersions, works, type PracticeData } from '../db/schema/index.ts';

const DAY = 86_400_000;

/** 学习贯彻党的二十届三中全会精神: opening, body and closing paragraphs, combined per learner. */
const PLENUM = {
  open: [
    '党的二十届三中全会是在以中国式现代化全面推进强国建设、民族复兴伟业的关键时期召开的一次十分重要的会议。全会审议通过的《中共中央关于进一步全面深化改革、推进中国式现代化的决定》，科学谋划了围绕中国式现代化进一步全面深化改革的总体部署。通过参加本次网络专题学习，我系统学习了全会精神和《决定》原文，对新时代改革开放的重大意义有了更加深刻的认识。',
    '按照班级学习计划，我认真收看了专题辅导课程，逐章研读了《决定》全文，并结合本单位工作实际进行了思考。通过学习，我深刻体会到，改革开放是党和人民事业大踏步赶上时代的重要法宝，进一步全面深化改革是推进中国式现代化的根本动力。',
    '这次专题学习时间紧、内容实。我把学习全会精神与履行岗位职责结合起来，边学边思、边思边改，对“为什么要进一步全面深化改革、怎样进一步全面深化改革”这一重大问题有了更加清晰的理解。',
  ],
  body: [
    '一是深刻把握进一步全面深化改革的指导思想。《决定》强调，要坚持以习近平新时代中国特色社会主义思想为指导，完整准确全面贯彻新发展理念，坚持稳中求进工作总基调。作为基层干部，就是要把这一指导思想贯穿到日常工作的各个环节，做到学思用贯通、知信行统一。',
    '二是深刻把握“六个坚持”的重大原则。坚持党的全面领导、坚持以人民为中心、坚持守正创新、坚持以制度建设为主线、坚持全面依法治国、坚持系统观念，是对新时代全面深化改革宝贵经验的科学总结。我体会最深的是坚持以人民为中心，改革为了人民、改革依靠人民、改革成果由人民共享，这是检验我们一切工作的根本标准。',
    '三是深刻把握改革的重点任务。《决定》围绕构建高水平社会主义市场经济体制、健全推动经济高质量发展体制机制、完善发展新质生产力体制机制等作出部署。结合财政工作实际，我认为要着力健全预算制度，加强财政资源和预算统筹，深化零基预算改革，把有限的资金用在刀刃上。',
    '四是深刻把握改革的方法论。改革越深入，越要注意协同，既抓改革方案协同，也抓改革落实协同，更抓改革效果协同。在具体工作中，要善于运用系统观念，处理好经济和社会、政府和市场、效率和公平、活力和秩序、发展和安全等重大关系，防止顾此失彼、单兵突进。',
    '五是联系实际查找差距。对照全会精神，我在工作中还存在一些不足：一是学习的系统性不够，满足于读原文、记要点，深入思考不够；二是改革创新意识不强，遇到新情况新问题时习惯于按老办法办事；三是服务群众的精准度不高，对群众急难愁盼问题研究不深。',
    '六是在推进基层治理现代化上下功夫。《决定》提出，要健全党组织领导的自治、法治、德治相结合的城乡基层治理体系。我所在单位联系着多个街道和社区，今后要更多地把工作力量下沉到基层一线，推动资源、服务、管理向基层倾斜，让群众的事情有人管、管得好。',
    '七是在转变工作作风上下功夫。改革任务越重，越要防止形式主义、官僚主义。我将带头减少不必要的会议和材料，把更多的时间和精力用在调查研究、解决问题上，坚持用改革的成效说话、用群众的满意度检验工作。',
    '八是抓好全会精神的落地落实。我将把学习成果转化为推动工作的具体举措：围绕优化营商环境，进一步压缩审批时限、精简申报材料；围绕保障和改善民生，推动惠民政策直达基层、直达群众；围绕防范化解风险，加强对重点领域的监测预警，切实守住安全底线。',
  ],
  close: [
    '进一步全面深化改革，既是一场攻坚战，也是一场持久战。我将以这次学习为新的起点，持续深入学习领会全会精神，以钉钉子精神抓好各项改革任务落实，以实际行动为推进中国式现代化贡献自己的力量。',
    '总之，学习贯彻党的二十届三中全会精神是当前和今后一个时期的重大政治任务。我将坚持学以致用、用以促学，在本职岗位上勇于担当、善于作为，努力创造经得起实践、人民和历史检验的工作业绩。',
  ],
} as const;

/** 党纪学习教育 (《中国共产党纪律处分条例》) paragraphs. */
const DISCIPLINE = [
  '按照党纪学习教育的部署，我认真学习了新修订的《中国共产党纪律处分条例》，逐条对照政治纪律、组织纪律、廉洁纪律、群众纪律、工作纪律和生活纪律，进一步明确了哪些能干、哪些不能干，做到了心中有戒、行有所止。',
  '学习中我深刻认识到，纪律是管党治党的“戒尺”，也是党员干部约束自身行为的标准和遵循。新修订的《条例》坚持问题导向，对形式主义、官僚主义等问题作出了更加精准的规定，对基层干部的日常履职提出了明确要求。',
  '结合自身岗位，我将从三个方面抓好落实：一是学纪知纪，经常对照《条例》检视自身言行；二是明纪守纪，严格执行中央八项规定及其实施细则精神；三是严守底线，在资金审批、项目管理等关键环节主动接受监督，做到秉公用权、廉洁用权。',
  '通过这次学习，我更加深刻地理解了“严管就是厚爱”的道理。今后我将把纪律规矩内化于心、外化于行，养成在受监督和约束的环境中工作生活的习惯，做一名政治过硬、作风优良的党员干部。',
] as const;

/** 习近平新时代中国特色社会主义思想学习纲要 paragraphs. */
const OUTLINE = [
  '通过学习《习近平新时代中国特色社会主义思想学习纲要（2023年版）》，我对这一思想的科学体系、核心要义和实践要求有了更加系统的把握。',
  '学习纲要内容全面、重点突出，对“十个明确”“十四个坚持”“十三个方面成就”作了深入阐释。我体会到，学习这一思想必须读原著、学原文、悟原理，掌握贯穿其中的立场观点方法。',
  '下一步，我将坚持把学习成果转化为做好本职工作的思路举措，在解决实际问题中检验学习成效。',
] as const;

const RETURN_COMMENTS = [
  '体会较为空泛，请结合本单位、本岗位实际，补充具体的改革举措和落实打算后重新提交。',
  '字数不足规定要求，且部分内容与学习材料原文重复较多，请用自己的语言谈认识、谈体会。',
  '请补充查找差距部分，做到问题具体、措施可行。',
];
const PASS_COMMENTS = ['联系实际紧密，体会深刻，措施具体。', '结构完整，认识到位。', '学习认真，体会真切，建议在落实举措上再细化。', ''];

const PRACTICE: PracticeData[] = [
  {
    time: '2026年9月15日至19日',
    place: '太原市小店区坞城街道及所辖5个社区',
    done: '按照“四下基层”制度要求，带队走访社区5个、企业3家、困难群众家庭12户，召开居民座谈会3场，收集意见建议46条。重点围绕老旧小区改造、“一老一小”服务和就业帮扶开展调研，逐条建立问题台账。',
    outcome: '形成调研报告1篇，提出对策建议8条，其中“老旧小区加装电梯财政补助简化流程”被区政府采纳；协调解决群众反映的停车难、路灯不亮等具体问题11件，群众满意率达到95%以上。',
  },
  {
    time: '2026年10月8日至12日',
    place: '大同市云州区黄花产业园区',
    done: '深入黄花种植合作社和加工企业，了解产业发展、用工和融资情况；与乡镇干部、种植户面对面交流，梳理出冷链仓储不足、品牌效益不高、金融支持不够等三方面问题。',
    outcome: '推动协调冷链仓储项目1个，帮助2家企业对接贴息贷款共计600万元；撰写《关于促进特色农业产业链延链补链的建议》，报送县委县政府参阅。',
  },
  {
    time: '2026年8月20日至23日',
    place: '长治市潞州区政务服务中心',
    done: '以“窗口体验员”身份全流程办理企业开办、不动产登记等5类高频事项，记录办理环节、时限和群众等候情况，并与窗口工作人员座谈交流。',
    outcome: '梳理堵点问题9个，提出“一件事一次办”优化建议6条，其中企业开办时限由3个工作日压缩至1个工作日的建议已落地实施。',
  },
];
const REJECT_COMMENTS = ['实践成效部分缺少具体数据，请补充实践前后的对比情况。', '请补充实践照片，并写明实践的具体地点和时间。'];

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A full 心得体会 of 800+ characters, its paragraphs chosen by `k`. */
function plenumText(k: number, title: string): string {
  const open = PLENUM.open[k % PLENUM.open.length]!;
  // One of the middle paragraphs left out per learner, the rest numbered again (一是, 二是, …).
  const body = PLENUM.body.filter((_, i) => i === 0 || i === PLENUM.body.length - 1 || (i + k) % 8 !== 7).map((p, i) => `${'一二三四五六七八'[i]}是${p.replace(/^[一二三四五六七八]是/, '')}`);
  const close = PLENUM.close[k % PLENUM.close.length]!;
  return [`## ${title}`, open, ...body, close].join('\n\n');
}
/** A short one that falls below the word requirement (what gets returned). */
const plenumShort = (k: number) => [PLENUM.open[k % PLENUM.open.length]!, PLENUM.close[k % PLENUM.close.length]!].join('\n\n');

type State = 'draft' | 'submitted' | 'passed' | 'returned';
interface VersionSpec {
  text?: string;
  practice?: PracticeData;
  state: 'submitted' | 'passed' | 'returned';
  daysAgo: number;
  score?: number | null;
  comment?: string;
}
interface SubmissionSpec {
  workId: number;
  personId: number;
  /** Submitted versions, oldest first. */
  versions: VersionSpec[];
  /** The draft after them (a returned work being revised, or a work never submitted). */
  draft?: { text?: string; practice?: PracticeData; daysAgo: number };
}

export async function seedWork(db: Db) {
  const rnd = random(20261115);
  const now = Date.now();
  const classes = await db.select().from(teacherClasses).orderBy(asc(teacherClasses.id));
  if (classes.length < 3) return;
  const [first, second, other] = classes as [typeof teacherClasses.$inferSelect, typeof teacherClasses.$inferSelect, typeof teacherClasses.$inferSelect];
  const teachersOf = async (classId: number) => (await db.select({ personId: classTeachers.personId }).from(classTeachers).where(eq(classTeachers.classId, classId))).map((r) => r.personId);
  const membersOf = async (classId: number) =>
    (await db.select({ personId: classMembers.personId, mobile: persons.mobile }).from(classMembers).innerJoin(persons, eq(persons.personId, classMembers.personId)).where(eq(classMembers.classId, classId)).orderBy(asc(persons.personNo)));
  const courseOf = async (classId: number, pattern: RegExp) => {
    const rows = await db.select({ id: courses.id, title: courses.title }).from(classCourses).innerJoin(courses, eq(courses.id, classCourses.courseId)).where(eq(classCourses.classId, classId));
    return (rows.find((c) => pattern.test(c.title)) ?? rows[0])?.id ?? null;
  };

  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const plenumRequirement =
    '结合本职工作，撰写学习贯彻党的二十届三中全会精神心得体会一篇。\n\n要求：\n1. 紧扣《中共中央关于进一步全面深化改革、推进中国式现代化的决定》，谈认识、谈体会；\n2. 联系本单位、本岗位实际，查找差距，提出具体落实举措；\n3. 字数800至3000字，须为本人原创，不得摘抄网络文章；\n4. 可附学习笔记扫描件或相关材料（PDF、Word、图片）。';
  const [plenum, discipline, outline, practice, secondWork, otherWork] = await db
    .insert(works)
    .values([
      { classId: first.id, kind: 'homework', courseId: await courseOf(first.id, /改革|三中全会/), title: '学习贯彻党的二十届三中全会精神心得体会', requirement: plenumRequirement, minWords: 800, maxWords: 3000, maxFiles: 3, dueAt: at(10), cutoffAt: at(-20), createdAt: at(60) },
      { classId: first.id, kind: 'homework', courseId: await courseOf(first.id, /纪律|廉洁|党纪/), title: '党纪学习教育——学习《中国共产党纪律处分条例》心得体会', requirement: '认真学习新修订的《中国共产党纪律处分条例》，结合岗位实际谈学习体会，字数不少于300字。', minWords: 300, maxWords: 3000, maxFiles: 2, dueAt: at(45), cutoffAt: at(35), createdAt: at(90) },
      { classId: first.id, kind: 'homework', courseId: null, title: '《习近平新时代中国特色社会主义思想学习纲要》专题学习体会', requirement: '学习《习近平新时代中国特色社会主义思想学习纲要（2023年版）》，撰写学习体会，字数不少于100字。', minWords: 100, maxWords: 2000, maxFiles: 1, dueAt: at(-14), cutoffAt: null, createdAt: at(5) },
      {
        classId: first.id,
        kind: 'practice',
        courseId: null,
        title: '践行“四下基层”制度调研实践报告',
        requirement: '结合本职工作，深入基层开展不少于3天的调研实践，按模板填写实践时间、地点、实践内容和取得成效，并上传实践照片1至9张。',
        minWords: 50,
        maxWords: 3000,
        maxFiles: 0,
        dueAt: at(-30),
        cutoffAt: null,
        createdAt: at(50),
      },
      { classId: second.id, kind: 'homework', courseId: null, title: '学习贯彻党的二十届三中全会精神心得体会', requirement: plenumRequirement, minWords: 800, maxWords: 3000, maxFiles: 3, dueAt: at(-10), cutoffAt: at(-17), createdAt: at(9) },
      { classId: other.id, kind: 'homework', courseId: null, title: '学习贯彻党的二十届三中全会精神心得体会', requirement: plenumRequirement, minWords: 800, maxWords: 3000, maxFiles: 3, dueAt: at(5), cutoffAt: at(-10), createdAt: at(40) },
    ])
    .returning();
  if (!plenum || !discipline || !outline || !practice || !secondWork || !otherWork) return;

  const [mainTeacher] = await teachersOf(first.id);
  const [otherTeacher] = await teachersOf(other.id);
  if (mainTeacher === undefined || otherTeacher === undefined) return;
  const firstMembers = await membersOf(first.id);
  const featured = firstMembers.find((m) => m.mobile === '13800000001')?.personId;
  const rest = firstMembers.filter((m) => m.personId !== featured).map((m) => m.personId);
  const specs: SubmissionSpec[] = [];

  if (featured !== undefined) {
    // The featured learner: returned on the plenum (with a comment), passed on its second version of
    // the discipline work, a draft of the outline, a practice report awaiting audit.
    specs.push(
      { workId: plenum.id, personId: featured, versions: [{ text: plenumShort(0), state: 'returned', daysAgo: 12, score: null, comment: RETURN_COMMENTS[0]! }], draft: { text: `${plenumShort(0)}\n\n${PLENUM.body[2].replace(/^三是/, '')}`, daysAgo: 1 } },
      {
        workId: discipline.id,
        personId: featured,
        versions: [
          { text: [DISCIPLINE[0], DISCIPLINE[3]].join('\n\n'), state: 'returned', daysAgo: 50, comment: RETURN_COMMENTS[2]! },
          { text: DISCIPLINE.join('\n\n'), state: 'passed', daysAgo: 47, score: 91, comment: PASS_COMMENTS[0]! },
        ],
      },
      { workId: outline.id, personId: featured, versions: [], draft: { text: OUTLINE.slice(0, 2).join('\n\n'), daysAgo: 0 } },
      { workId: practice.id, personId: featured, versions: [{ practice: PRACTICE[0]!, state: 'submitted', daysAgo: 2 }] },
    );
  }

  // The class: every state on the plenum work (pending first in the teacher's list, some late).
  rest.forEach((personId, i) => {
    const k = i % 10;
    const text = plenumText(i, '学习贯彻党的二十届三中全会精神心得体会');
    if (k <= 2) specs.push({ workId: plenum.id, personId, versions: [{ text, state: 'passed', daysAgo: 14 + (i % 5), score: 80 + Math.floor(rnd() * 18), comment: PASS_COMMENTS[i % PASS_COMMENTS.length]! }] });
    else if (k <= 4) specs.push({ workId: plenum.id, personId, versions: [{ text, state: 'submitted', daysAgo: k === 4 ? 3 + (i % 4) : 12 + (i % 3) }] });
    else if (k === 5)
      specs.push({
        workId: plenum.id,
        personId,
        versions: [
          { text: plenumShort(i), state: 'returned', daysAgo: 16, comment: RETURN_COMMENTS[1]! },
          { text, state: i % 2 ? 'submitted' : 'passed', daysAgo: 6, score: i % 2 ? null : 86, comment: i % 2 ? '' : PASS_COMMENTS[1]! },
        ],
      });
    else if (k === 6) specs.push({ workId: plenum.id, personId, versions: [{ text: plenumShort(i), state: 'returned', daysAgo: 13, comment: RETURN_COMMENTS[i % RETURN_COMMENTS.length]! }] });
    else if (k === 7) specs.push({ workId: plenum.id, personId, versions: [], draft: { text: plenumShort(i), daysAgo: 2 } });
    // k 8, 9: nothing yet (missing).

    // The discipline work, closed: most passed, a few never handed in.
    if (k !== 9) specs.push({ workId: discipline.id, personId, versions: [{ text: DISCIPLINE.slice(0, 2 + (i % 3)).join('\n\n'), state: 'passed', daysAgo: 46 + (i % 6), score: 78 + Math.floor(rnd() * 20), comment: PASS_COMMENTS[(i + 1) % PASS_COMMENTS.length]! }] });
    // The outline work, just set: a few early submissions.
    if (k === 0) specs.push({ workId: outline.id, personId, versions: [{ text: OUTLINE.join('\n\n'), state: 'submitted', daysAgo: 1 }] });

    // Practice reports in every audit state.
    const p = PRACTICE[i % PRACTICE.length]!;
    if (k <= 1) specs.push({ workId: practice.id, personId, versions: [{ practice: p, state: 'passed', daysAgo: 8 + (i % 4) }] });
    else if (k <= 3) specs.push({ workId: practice.id, personId, versions: [{ practice: p, state: 'submitted', daysAgo: 1 + (i % 5) }] });
    else if (k === 4) specs.push({ workId: practice.id, personId, versions: [{ practice: { ...p, outcome: p.outcome.slice(0, 20) }, state: 'returned', daysAgo: 9, comment: REJECT_COMMENTS[i % REJECT_COMMENTS.length]! }] });
    else if (k === 5)
      specs.push({
        workId: practice.id,
        personId,
        versions: [
          { practice: { ...p, outcome: p.outcome.slice(0, 20) }, state: 'returned', daysAgo: 15, comment: REJECT_COMMENTS[0]! },
          { practice: p, state: 'submitted', daysAgo: 4 },
        ],
      });
  });

  const secondMembers = (await membersOf(second.id)).map((m) => m.personId);
  secondMembers.slice(0, 8).forEach((personId, i) => {
    specs.push({ workId: secondWork.id, personId, versions: [{ text: plenumText(i + 3, '进修学习体会'), state: i < 5 ? 'submitted' : 'passed', daysAgo: 1 + i, score: i < 5 ? null : 88, comment: i < 5 ? '' : PASS_COMMENTS[2]! }] });
  });
  const otherMembers = (await membersOf(other.id)).map((m) => m.personId);
  otherMembers.slice(0, 6).forEach((personId, i) => {
    specs.push({ workId: otherWork.id, personId, versions: [{ text: plenumText(i + 5, '学习心得'), state: i < 3 ? 'submitted' : 'passed', daysAgo: 2 + i, score: i < 3 ? null : 90, comment: '' }] });
  });

  const workById = new Map([plenum, discipline, outline, practice, secondWork, otherWork].map((w) => [w.id, w]));
  const reviewerOf = (workId: number) => (workById.get(workId)!.classId === other.id ? otherTeacher : mainTeacher);
  const words = (v: { text?: string; practice?: PracticeData }) => (v.practice ? wordCount(`${v.practice.done}\n${v.practice.outcome}`) : wordCount(v.text ?? ''));

  const submissionRows = specs.map((s) => {
    const last = s.versions.at(-1);
    const w = workById.get(s.workId)!;
    const firstAt = s.versions[0] ? at(s.versions[0].daysAgo) : null;
    const content = s.draft ?? last!;
    const state: State = s.draft && !last ? 'draft' : s.draft ? 'returned' : last!.state;
    return {
      workId: s.workId,
      personId: s.personId,
      state,
      revision: 1 + s.versions.length * 2 + (s.draft ? 3 : 0),
      version: s.versions.length,
      text: content.text ?? '',
      practice: content.practice ?? null,
      attachmentIds: [],
      wordCount: words(content),
      late: firstAt !== null && firstAt > w.dueAt,
      savedAt: at(s.draft?.daysAgo ?? last!.daysAgo),
      submittedAt: last ? at(last.daysAgo) : null,
      score: last?.score ?? null,
      comment: last?.comment ?? '',
      examinedBy: last && last.state !== 'submitted' ? reviewerOf(s.workId) : null,
      examinedAt: last && last.state !== 'submitted' ? at(last.daysAgo - 1) : null,
    };
  });
  const inserted = await db.insert(workSubmissions).values(submissionRows).returning({ id: workSubmissions.id, workId: workSubmissions.workId, personId: workSubmissions.personId });
  const idOf = new Map(inserted.map((r) => [`${r.workId}:${r.personId}`, r.id]));
  const versionRows = specs.flatMap((s) =>
    s.versions.map((v, i) => {
      const w = workById.get(s.workId)!;
      const reviewed = v.state !== 'submitted';
      return {
        submissionId: idOf.get(`${s.workId}:${s.personId}`)!,
        version: i + 1,
        text: v.text ?? '',
        practice: v.practice ?? null,
        attachmentIds: [],
        wordCount: words(v),
        late: at(s.versions[0]!.daysAgo) > w.dueAt,
        submittedAt: at(v.daysAgo),
        state: v.state,
        score: v.score ?? null,
        comment: v.comment ?? '',
        examinedBy: reviewed ? reviewerOf(s.workId) : null,
        examinedAt: reviewed ? at(v.daysAgo - 1) : null,
      };
    }),
  );
  if (versionRows.length) await db.insert(workVersions).values(versionRows);

  // Two members with nothing handed in were given more time on the plenum work (away on duty).
  const extended = rest.filter((_, i) => i % 10 === 8).slice(0, 2);
  if (extended.length) {
    await db.insert(workExtensions).values(extended.map((personId) => ({ workId: plenum.id, personId, until: at(-30), reason: '因参加省委巡视工作，经本人申请同意延期', grantedBy: mainTeacher, grantedAt: at(4) })));
  }

  // The featured learner was told of the return of the plenum work (as a review sends it).
  if (featured !== undefined) {
    const [m] = await db
      .insert(classMessages)
      .values({ classId: first.id, senderId: mainTeacher, title: `作业已退回修改：${plenum.title}`, content: `您提交的作业《${plenum.title}》（第1次提交）已退回修改。评语：${RETURN_COMMENTS[0]}请修改后重新提交。`, sentAt: at(11) })
      .returning({ id: classMessages.id });
    await db.insert(messageRecipients).values({ messageId: m!.id, personId: featured });
  }
}
