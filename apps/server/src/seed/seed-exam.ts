/**
 * Demo exams (PRODUCT.md section 8): a question bank of real questions on the courses' subjects (party
 * history and building, law, governance, professional ethics), the rules and question selection of
 * the exams the catalogue seed created, and two public exams of its own: a 2-minute one to try the
 * deadline on, and an ethics test with partial credit. Runs after the content seed.
 */
import { and, eq, isNotNull, like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { examQuestions, exams, questions, type RandomRule } from '../db/schema/index.ts';
import { chinaYearOf } from '../lib/listing.ts';
import { DEMO_SHORT_TOPIC } from './seed-content.ts';

type NewQuestion = typeof questions.$inferInsert;
type Type = NewQuestion['type'];

const q = (bank: string, type: Type, stem: string, options: string[], answer: string[], explanation: string): NewQuestion => ({ bank, type, stem, options, answer, explanation });

const PARTY = '党史党建';
const LAW = '法律法规';
const GOV = '国家治理';
const ETHICS = '职业道德';

export const QUESTION_BANK: NewQuestion[] = [
  q(PARTY, 'single', '中国共产党第一次全国代表大会于哪一年召开？', ['1919年', '1921年', '1927年', '1949年'], ['B'], '1921年7月，中共一大在上海召开，最后一天的会议转移到浙江嘉兴南湖的游船上举行，宣告中国共产党正式成立。'),
  q(PARTY, 'single', '打响武装反抗国民党反动派第一枪、标志着中国共产党独立领导武装斗争和创建人民军队开始的是？', ['秋收起义', '广州起义', '南昌起义', '百色起义'], ['C'], '1927年8月1日南昌起义打响了武装反抗国民党反动派的第一枪，8月1日后来被定为中国人民解放军建军节。'),
  q(PARTY, 'single', '在党的历史上实现了伟大转折、事实上确立了毛泽东在党中央和红军的领导地位的会议是？', ['古田会议', '遵义会议', '瓦窑堡会议', '洛川会议'], ['B'], '1935年1月召开的遵义会议开始确立以毛泽东为主要代表的马克思主义正确路线在党中央的领导地位，是党的历史上一个生死攸关的转折点。'),
  q(PARTY, 'single', '开启改革开放和社会主义现代化建设新时期的会议是？', ['党的十一届三中全会', '党的十二大', '党的十三大', '党的十四届三中全会'], ['A'], '1978年12月召开的党的十一届三中全会，实现了新中国成立以来党的历史上具有深远意义的伟大转折，开启了改革开放和社会主义现代化建设新时期。'),
  q(PARTY, 'single', '中国共产党第二十次全国代表大会于哪一年召开？', ['2017年', '2020年', '2021年', '2022年'], ['D'], '党的二十大于2022年10月在北京召开。'),
  q(PARTY, 'multiple', '毛泽东同志概括的党的三大优良作风是？', ['理论联系实际', '密切联系群众', '批评与自我批评', '艰苦创业'], ['A', 'B', 'C'], '毛泽东在《论联合政府》中将理论和实践相结合、和人民群众紧密地联系在一起、自我批评概括为党的三大优良作风。'),
  q(PARTY, 'multiple', '《中国共产党纪律处分条例》规定的党的纪律包括以下哪些？', ['政治纪律', '组织纪律', '廉洁纪律', '群众纪律', '宣传纪律'], ['A', 'B', 'C', 'D'], '党的纪律是政治纪律、组织纪律、廉洁纪律、群众纪律、工作纪律、生活纪律六项纪律，宣传纪律包含在政治纪律之中，不是单列的一项。'),
  q(PARTY, 'multiple', '党的十八大以来，全党先后开展的党内集中教育有？', ['党的群众路线教育实践活动', '“三严三实”专题教育', '“两学一做”学习教育', '“不忘初心、牢记使命”主题教育', '延安整风运动'], ['A', 'B', 'C', 'D'], '延安整风运动是1942年至1945年开展的全党范围的马克思主义教育运动，不属于党的十八大以来的集中教育。'),
  q(PARTY, 'judge', '中国共产党的最高理想和最终目标是实现共产主义。', [], ['T'], '党章总纲明确：党的最高理想和最终目标是实现共产主义。'),
  q(PARTY, 'judge', '遵义会议是在1936年召开的。', [], ['F'], '遵义会议于1935年1月召开。'),
  q(PARTY, 'fill', '中国共产党的根本宗旨是全心全意为______服务。', [], ['人民'], '全心全意为人民服务是党的根本宗旨，写入党章总纲。'),
  q(PARTY, 'fill', '党的十九大作出重大政治判断：经过长期努力，中国特色社会主义进入了______。', [], ['新时代'], '党的十九大报告指出，经过长期努力，中国特色社会主义进入了新时代，这是我国发展新的历史方位。'),

  q(LAW, 'single', '我国的根本大法是？', ['刑法', '民法典', '宪法', '立法法'], ['C'], '宪法是国家的根本法，具有最高的法律效力。'),
  q(LAW, 'single', '《中华人民共和国民法典》自何时起施行？', ['2020年5月28日', '2021年1月1日', '2021年3月1日', '2020年1月1日'], ['B'], '民法典于2020年5月28日由十三届全国人大三次会议通过，自2021年1月1日起施行。'),
  q(LAW, 'single', '每年的12月4日是？', ['全民国家安全教育日', '国家宪法日', '全国消防日', '全国科普日'], ['B'], '2014年11月，全国人大常委会决定将12月4日设立为国家宪法日；全民国家安全教育日是4月15日，全国消防日是11月9日。'),
  q(LAW, 'single', '行政机关拟作出较大数额罚款等行政处罚决定时，应当告知当事人有要求举行什么的权利？', ['听证', '复议', '诉讼', '仲裁'], ['A'], '《行政处罚法》规定，作出较大数额罚款、没收较大数额违法所得、吊销许可证件等决定前，应当告知当事人有要求听证的权利。'),
  q(LAW, 'single', '公民认为行政行为侵犯其合法权益的，一般可以自知道该行政行为之日起多少日内提出行政复议申请？', ['15日', '30日', '60日', '90日'], ['C'], '《行政复议法》规定，申请人可以自知道或者应当知道该行政行为之日起六十日内提出行政复议申请，法律规定的申请期限超过六十日的除外。'),
  q(LAW, 'multiple', '根据《公务员法》，对公务员的考核内容包括？', ['德', '能', '勤', '绩', '廉', '学历'], ['A', 'B', 'C', 'D', 'E'], '《公务员法》规定，对公务员的考核，全面考核公务员的德、能、勤、绩、廉，重点考核政治素质和工作实绩。'),
  q(LAW, 'multiple', '根据宪法，下列属于我国公民基本权利的是？', ['选举权和被选举权', '言论、出版、集会、结社、游行、示威的自由', '宗教信仰自由', '依照法律纳税'], ['A', 'B', 'C'], '依照法律纳税是宪法规定的公民基本义务，不是权利。'),
  q(LAW, 'multiple', '下列属于《行政处罚法》规定的行政处罚种类的是？', ['警告、通报批评', '罚款、没收违法所得', '暂扣许可证件', '行政拘留', '记大过'], ['A', 'B', 'C', 'D'], '记大过是政务处分和处分的种类，不是行政处罚。'),
  q(LAW, 'judge', '全国人民代表大会常务委员会有权解释宪法。', [], ['T'], '宪法第六十七条规定，全国人大常委会行使解释宪法、监督宪法实施的职权。'),
  q(LAW, 'judge', '行政机关可以不受时效限制，随时对多年前的一般违法行为给予行政处罚。', [], ['F'], '《行政处罚法》规定，违法行为在二年内未被发现的，不再给予行政处罚；涉及公民生命健康安全、金融安全且有危害后果的，期限延长至五年。'),
  q(LAW, 'fill', '全面依法治国的总目标是建设中国特色社会主义______体系、建设社会主义法治国家。', [], ['法治'], '党的十八届四中全会提出，全面推进依法治国的总目标是建设中国特色社会主义法治体系，建设社会主义法治国家。'),
  q(LAW, 'fill', '《监察法》规定，各级______是行使国家监察职能的专责机关。', [], ['监察委员会', '监委'], '《监察法》第三条规定，各级监察委员会是行使国家监察职能的专责机关。'),

  q(GOV, 'single', '党的十九届四中全会专题研究的是？', ['全面深化改革', '全面依法治国', '坚持和完善中国特色社会主义制度、推进国家治理体系和治理能力现代化', '全面从严治党'], ['C'], '2019年10月党的十九届四中全会审议通过了关于坚持和完善中国特色社会主义制度、推进国家治理体系和治理能力现代化若干重大问题的决定。'),
  q(GOV, 'single', '基层社会治理的“枫桥经验”发源于哪个省？', ['江苏省', '浙江省', '福建省', '山东省'], ['B'], '“枫桥经验”于20世纪60年代发源于浙江省诸暨市枫桥镇。'),
  q(GOV, 'single', '我国的根本政治制度是？', ['人民代表大会制度', '中国共产党领导的多党合作和政治协商制度', '民族区域自治制度', '基层群众自治制度'], ['A'], '人民代表大会制度是我国的根本政治制度，其余三项是基本政治制度。'),
  q(GOV, 'single', '新发展理念是指？', ['创新、协调、绿色、开放、共享', '创新、改革、绿色、开放、共享', '创新、协调、低碳、开放、共享', '改革、协调、绿色、开放、共赢'], ['A'], '党的十八届五中全会提出创新、协调、绿色、开放、共享的新发展理念。'),
  q(GOV, 'single', '“放管服”改革中的“服”指的是？', ['服从管理', '优化服务', '服务外包', '服从调配'], ['B'], '“放管服”即简政放权、放管结合、优化服务。'),
  q(GOV, 'multiple', '下列属于我国基本政治制度的是？', ['中国共产党领导的多党合作和政治协商制度', '民族区域自治制度', '基层群众自治制度', '人民代表大会制度'], ['A', 'B', 'C'], '人民代表大会制度是根本政治制度，不在基本政治制度之列。'),
  q(GOV, 'multiple', '“五位一体”总体布局中，除经济建设外还包括？', ['政治建设', '文化建设', '社会建设', '生态文明建设', '党的建设'], ['A', 'B', 'C', 'D'], '“五位一体”是经济建设、政治建设、文化建设、社会建设、生态文明建设；党的建设是“四个全面”中全面从严治党的内容。'),
  q(GOV, 'multiple', '“四个全面”战略布局包括？', ['全面建设社会主义现代化国家', '全面深化改革', '全面依法治国', '全面从严治党', '全面对外开放'], ['A', 'B', 'C', 'D'], '党的十九大后，“四个全面”为全面建设社会主义现代化国家、全面深化改革、全面依法治国、全面从严治党。'),
  q(GOV, 'judge', '我国宪法规定，中华人民共和国的一切权力属于人民。', [], ['T'], '宪法第二条第一款：中华人民共和国的一切权力属于人民。'),
  q(GOV, 'judge', '民族区域自治制度是我国的根本政治制度。', [], ['F'], '民族区域自治制度是基本政治制度，根本政治制度是人民代表大会制度。'),
  q(GOV, 'fill', '基层社会治理要坚持和发展新时代“______经验”，把矛盾纠纷化解在基层、化解在萌芽状态。', [], ['枫桥'], '“枫桥经验”的核心是依靠群众就地化解矛盾，做到“小事不出村，大事不出镇，矛盾不上交”。'),
  q(GOV, 'fill', '党的二十大报告提出，以中国式______全面推进中华民族伟大复兴。', [], ['现代化'], '党的二十大报告指出，从现在起，中国共产党的中心任务就是团结带领全国各族人民全面建成社会主义现代化强国、实现第二个百年奋斗目标，以中国式现代化全面推进中华民族伟大复兴。'),

  q(ETHICS, 'single', '下列不属于公务员职业道德要求的是？', ['忠于国家', '服务人民', '恪尽职守', '追求个人利益最大化'], ['D'], '公务员职业道德要求坚定信念、忠于国家、服务人民、恪尽职守、依法办事、公正廉洁。'),
  q(ETHICS, 'single', '中央政治局关于改进工作作风、密切联系群众的八项规定是哪一年出台的？', ['2010年', '2012年', '2014年', '2016年'], ['B'], '2012年12月4日，中央政治局会议审议通过了关于改进工作作风、密切联系群众的八项规定。'),
  q(ETHICS, 'single', '“三严三实”中的“三严”是指？', ['严以修身、严以用权、严以律己', '严以治党、严以用权、严以律己', '严以修身、严以治学、严以律己', '严以修身、严以用权、严以待人'], ['A'], '“三严三实”即既严以修身、严以用权、严以律己，又谋事要实、创业要实、做人要实。'),
  q(ETHICS, 'single', '社会主义核心价值观中，个人层面的价值准则是？', ['富强、民主、文明、和谐', '自由、平等、公正、法治', '爱国、敬业、诚信、友善', '爱国、守法、明礼、诚信'], ['C'], '国家层面：富强、民主、文明、和谐；社会层面：自由、平等、公正、法治；个人层面：爱国、敬业、诚信、友善。'),
  q(ETHICS, 'single', '公务员在年度考核中被确定为不称职的，依照规定的后果是？', ['给予记过处分', '按照规定程序降低一个职务或者职级层次任职', '直接予以辞退', '不产生任何影响'], ['B'], '《公务员法》规定，公务员在定期考核中被确定为不称职的，按照规定程序降低一个职务或者职级层次任职；连续两年不称职的予以辞退。'),
  q(ETHICS, 'multiple', '“四风”问题是指？', ['形式主义', '官僚主义', '享乐主义', '奢靡之风', '本位主义'], ['A', 'B', 'C', 'D'], '“四风”即形式主义、官僚主义、享乐主义和奢靡之风。'),
  q(ETHICS, 'multiple', '《中国共产党廉洁自律准则》对党员领导干部提出的廉洁自律规范包括？', ['廉洁从政', '廉洁用权', '廉洁修身', '廉洁齐家', '廉洁经商'], ['A', 'B', 'C', 'D'], '准则对党员领导干部提出廉洁从政、廉洁用权、廉洁修身、廉洁齐家四条规范。'),
  q(ETHICS, 'multiple', '社会主义核心价值观中，国家层面的价值目标包括？', ['富强', '民主', '文明', '和谐', '自由'], ['A', 'B', 'C', 'D'], '自由属于社会层面的价值取向。'),
  q(ETHICS, 'judge', '公务员因工作需要在机关外兼职，应当经有关机关批准，并不得领取兼职报酬。', [], ['T'], '《公务员法》第四十四条作此规定。'),
  q(ETHICS, 'judge', '公务员执行公务时，认为上级的决定有错误的，可以不向上级提出意见而直接拒绝执行。', [], ['F'], '《公务员法》规定，公务员认为上级的决定或者命令有错误的，可以向上级提出改正或者撤销的意见；上级不改变的，公务员应当执行，执行的后果由上级负责；但明显违法的决定或者命令不得执行。'),
  q(ETHICS, 'fill', '社会主义核心价值观中，社会层面的价值取向是自由、平等、公正、______。', [], ['法治'], '社会层面的价值取向是自由、平等、公正、法治。'),
  q(ETHICS, 'fill', '公务员应当忠于宪法，模范遵守、自觉维护宪法和法律，自觉接受中国共产党______。', [], ['领导'], '《公务员法》第十四条规定的公务员义务之一。'),
];

const DAY = 86_400_000;

/** A bank's questions in their order, optionally of one type. */
const ofBank = (rows: { id: number; bank: string; type: Type }[], bank: string | null, type?: Type) => rows.filter((r) => (bank === null || r.bank === bank) && (!type || r.type === type)).map((r) => r.id);

export async function seedExams(db: Db) {
  const rows = await db.insert(questions).values(QUESTION_BANK).returning({ id: questions.id, bank: questions.bank, type: questions.type });
  const now = Date.now();
  const thisYear = chinaYearOf(now);
  const lastYear = thisYear - 1;

  /** The install of an exam the catalogue seed created, so a topic gets a unit test beside its final exam. */
  const installOf = async (title: string) => (await db.select({ installId: exams.installId }).from(exams).where(eq(exams.title, title)))[0]?.installId ?? null;
  const [tryout, ethics, annualUnit, cultureUnit] = await db
    .insert(exams)
    .values([
      { title: '在线考试体验（2分钟）', installId: null, startAt: new Date(now - DAY), endAt: new Date(now + 90 * DAY), durationMinutes: 2, passScore: 60 },
      { title: '公务员职业道德与廉洁从政知识测试', installId: null, startAt: new Date(now - 3 * DAY), endAt: new Date(now + 60 * DAY), durationMinutes: 30, passScore: 60 },
      { title: `${thisYear}年度公需科目阶段测验（党史党建）`, installId: await installOf(`${thisYear}年度公需科目在线考试`), startAt: new Date(now - 20 * DAY), endAt: new Date(now + 20 * DAY), durationMinutes: 30, passScore: 60 },
      { title: '学习贯彻习近平文化思想专题培训单元测验', installId: await installOf('学习贯彻习近平文化思想专题培训结业考试'), startAt: new Date(now - 5 * DAY), endAt: new Date(now + 10 * DAY), durationMinutes: 20, passScore: 60 },
    ])
    .returning({ id: exams.id });

  /** Rules and selection of an exam; `fixed` questions share 100 points (the last takes the rest). */
  const setUp = async (where: { title?: string; id?: number }, rules: Partial<typeof exams.$inferInsert>, fixed: number[] | null) => {
    const [exam] = await db
      .update(exams)
      .set({ ...rules, selection: fixed ? 'fixed' : 'random' })
      .where(where.id !== undefined ? eq(exams.id, where.id) : eq(exams.title, where.title!))
      .returning({ id: exams.id });
    if (!exam || !fixed) return;
    const each = Math.floor(100 / fixed.length);
    await db.insert(examQuestions).values(fixed.map((questionId, i) => ({ examId: exam.id, questionId, sort: i + 1, score: i === fixed.length - 1 ? 100 - each * (fixed.length - 1) : each })));
  };
  /** 100 points drawn from the bank: 10 single (4), 5 multiple (6), 5 true/false (2), 4 fill-in (5). */
  const mixed: RandomRule[] = [
    { type: 'single', count: 10, score: 4 },
    { type: 'multiple', count: 5, score: 6 },
    { type: 'judge', count: 5, score: 2 },
    { type: 'fill', count: 4, score: 5 },
  ];
  /** 100 points from one subject (its 5 single, 3 multiple, 2 true/false, 2 fill-in questions). */
  const oneSubject: RandomRule[] = [
    { type: 'single', count: 5, score: 8 },
    { type: 'multiple', count: 3, score: 10 },
    { type: 'judge', count: 2, score: 5 },
    { type: 'fill', count: 2, score: 10 },
  ];

  await setUp({ title: `${thisYear}年度公需科目在线考试` }, { randomRules: mixed, attemptsAllowed: 2, shuffleQuestions: true, shuffleOptions: true, review: 'afterSubmit', partialCredit: true, leaveLimit: 5 }, null);
  await setUp({ title: `${lastYear}年度公需科目在线考试` }, { randomRules: mixed, attemptsAllowed: 2, shuffleQuestions: true, shuffleOptions: true, review: 'afterEnd' }, null);
  await setUp(
    { title: '学习贯彻习近平文化思想专题培训结业考试' },
    { attemptsAllowed: 3, shuffleOptions: true, review: 'afterEnd', leaveLimit: 3 },
    [...ofBank(rows, PARTY).slice(0, 6), ...ofBank(rows, GOV, 'single').slice(0, 4)],
  );
  await setUp({ title: '县处级干部进修班结业测试' }, { randomRules: oneSubject, bank: GOV, attemptsAllowed: 1, shuffleQuestions: true, review: 'never' }, null);
  await setUp({ title: '乡村振兴专题培训结业考试' }, { attemptsAllowed: 2, review: 'afterSubmit' }, [...ofBank(rows, GOV).slice(0, 6), ...ofBank(rows, LAW, 'single')].slice(0, 10));
  await setUp({ title: DEMO_SHORT_TOPIC.exam }, { attemptsAllowed: 3, review: 'afterSubmit' }, [...ofBank(rows, LAW, 'single').slice(3, 5), ...ofBank(rows, LAW, 'judge'), ofBank(rows, LAW, 'fill')[0]!]);
  await setUp({ title: '全省公务员法律知识考试' }, { attemptsAllowed: 2, shuffleQuestions: true, shuffleOptions: true, review: 'afterSubmit' }, ofBank(rows, LAW).slice(0, 10));
  await setUp({ title: '数字政府建设专题培训结业考试' }, { attemptsAllowed: 1, review: 'afterEnd' }, [...ofBank(rows, GOV).slice(0, 5), ...ofBank(rows, LAW).slice(0, 5)]);
  await setUp({ id: tryout!.id }, { attemptsAllowed: 5, review: 'afterSubmit', leaveLimit: 2 }, [...ofBank(rows, PARTY, 'single').slice(0, 3), ...ofBank(rows, PARTY, 'judge')]);
  await setUp({ id: ethics!.id }, { randomRules: oneSubject, bank: ETHICS, attemptsAllowed: 3, shuffleQuestions: true, shuffleOptions: true, review: 'afterSubmit', partialCredit: true }, null);
  await setUp({ id: annualUnit!.id }, { randomRules: oneSubject, bank: PARTY, attemptsAllowed: 3, shuffleQuestions: true, shuffleOptions: true, review: 'afterSubmit', partialCredit: true }, null);
  await setUp({ id: cultureUnit!.id }, { attemptsAllowed: 2, review: 'afterSubmit' }, [...ofBank(rows, PARTY, 'judge'), ...ofBank(rows, GOV, 'judge'), ...ofBank(rows, ETHICS, 'judge'), ...ofBank(rows, PARTY, 'fill')]);
  // A topic's or a class's 结业考试 decides, with its hours, whether the learner completes it.
  await db.update(exams).set({ decidesCompletion: true }).where(and(isNotNull(exams.installId), like(exams.title, '%结业%')));
}
