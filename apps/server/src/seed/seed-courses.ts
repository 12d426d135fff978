/**
 * The demo catalogue: categories, 64 courses with their outlines, lecturers and chapters, and what a
 * course teaches (its key points and questions; the readings of its sub-category). Shared by the seed,
 * which stores the chapters, and by scripts/demo-assets.ts, which draws each chapter's video and
 * courseware from the same text, so a course's media say what its page says.
 *
 * Time: a real course counts 45 minutes of study as one 学时; a demo of that length could not be
 * tried out, so the demo's recorded media (video and courseware) run DEMO_SECONDS_PER_HOUR seconds
 * per 学时, and every course's chapters add up to exactly its hours at that rate. Live lessons happen
 * at real moments: the one on the air and the upcoming one last a real 90-minute session (two 学时 of
 * 45 minutes); the finished one lasts as long as its replay, so it can be completed by watching it.
 */

/** Seconds of demo video or reading that make one 学时 (a real course: 45 minutes). */
export const DEMO_SECONDS_PER_HOUR = 60;
/** Minutes of a live lesson that make one 学时, as in a real course. */
export const LIVE_MINUTES_PER_HOUR = 45;

/** Top-level categories with their sub-categories; the cover colours follow the top level. */
export const DEMO_CATEGORIES: { name: string; color: string; children: string[] }[] = [
  { name: '政治理论', color: '#b71c1c', children: ['习近平新时代中国特色社会主义思想', '党史学习教育', '党章党规党纪'] },
  { name: '履职能力', color: '#0d47a1', children: ['依法行政', '公文写作与处理', '领导科学与管理'] },
  { name: '经济社会', color: '#1b5e20', children: ['高质量发展', '乡村振兴与生态文明'] },
  { name: '数字素养', color: '#4a148c', children: ['数字政府建设', '网络与数据安全'] },
];

/** What a sub-category's courses share: the documents to read further. */
export type Subject = { readings: string[] };

export const DEMO_SUBJECTS: Record<string, Subject> = {
  习近平新时代中国特色社会主义思想: {
    readings: ['《习近平新时代中国特色社会主义思想学习纲要（2023年版）》', '《习近平谈治国理政》第一至四卷'],
  },
  党史学习教育: {
    readings: ['《中共中央关于党的百年奋斗重大成就和历史经验的决议》', '《中国共产党简史》'],
  },
  党章党规党纪: {
    readings: ['《中国共产党章程》', '《中国共产党纪律处分条例》（2023年修订）'],
  },
  依法行政: {
    readings: ['《法治政府建设实施纲要（2021—2025年）》', '《中华人民共和国行政复议法》（2023年修订）'],
  },
  公文写作与处理: {
    readings: ['《党政机关公文处理工作条例》', '《党政机关公文格式》（GB/T 9704—2012）'],
  },
  领导科学与管理: {
    readings: ['《关于在全党大兴调查研究的工作方案》', '《中华人民共和国突发事件应对法》'],
  },
  高质量发展: {
    readings: ['《优化营商环境条例》', '《关于加快建设全国统一大市场的意见》'],
  },
  乡村振兴与生态文明: {
    readings: ['《中华人民共和国乡村振兴促进法》', '《黄河流域生态保护和高质量发展规划纲要》'],
  },
  数字政府建设: {
    readings: ['《国务院关于加强数字政府建设的指导意见》', '《数字中国建设整体布局规划》'],
  },
  网络与数据安全: {
    readings: ['《中华人民共和国网络安全法》', '《中华人民共和国数据安全法》'],
  },
};

/**
 * Course titles by sub-category, in the order of DEMO_CATEGORIES, each with its chapters (lessons),
 * one for the shortest courses and two or three for the others, and its three key points.
 */
export const DEMO_COURSE_OUTLINES: Record<string, [title: string, chapters: string[], points: string[]][]> = {
  习近平新时代中国特色社会主义思想: [
    ['习近平新时代中国特色社会主义思想的世界观和方法论', ['“六个必须坚持”的科学内涵', '运用科学方法推动工作'], ['坚持人民至上，把人民拥护不拥护作为衡量工作得失的根本标准', '坚持守正创新，既不走封闭僵化的老路，也不走改旗易帜的邪路', '坚持问题导向和系统观念，增强工作的前瞻性、全局性和整体性']],
    ['深刻领悟“两个确立”的决定性意义', ['“两个确立”的历史必然', '做到“两个维护”的实践要求'], ['“两个确立”是新时代最重要的政治成果', '“两个确立”是在应对风险挑战中形成的历史结论', '把“两个维护”体现在坚决贯彻党中央决策部署的行动上']],
    ['习近平经济思想专题解读', ['习近平经济思想的主要内容', '以新发展理念引领发展', '推动经济实现质的有效提升和量的合理增长'], ['发展是党执政兴国的第一要务，高质量发展是首要任务', '坚持稳中求进工作总基调，以进促稳、先立后破', '推动经济实现质的有效提升和量的合理增长']],
    ['习近平法治思想的核心要义', ['坚持党对全面依法治国的领导'], ['坚持党对全面依法治国的领导，这是法治建设的根本保证', '坚持以人民为中心，法治建设为了人民、依靠人民', '坚持依法治国、依法执政、依法行政共同推进']],
    ['习近平生态文明思想与美丽中国建设', ['人与自然和谐共生', '美丽中国建设的目标任务'], ['坚持人与自然和谐共生，尊重自然、顺应自然、保护自然', '绿水青山就是金山银山，保护生态环境就是保护生产力', '到2035年基本实现美丽中国目标，生态环境根本好转']],
    ['习近平文化思想的丰富内涵', ['“两个结合”与文化主体性', '担负新的文化使命', '推动文化繁荣发展'], ['“两个结合”是我们取得成功的最大法宝', '坚定文化自信，巩固文化主体性', '担负起新时代新的文化使命，建设中华民族现代文明']],
    ['习近平新时代中国特色社会主义思想专题', ['思想的形成与发展', '核心要义与实践要求'], ['这一思想是在新时代伟大实践中形成和发展的', '“十个明确”阐明了新时代坚持和发展中国特色社会主义的根本问题', '以这一思想凝心铸魂，转化为推动工作的强大动力']],
  ],
  党史学习教育: [
    ['中国共产党百年奋斗的重大成就和历史经验', ['百年奋斗的重大成就', '十条历史经验'], ['党领导人民创造了新民主主义革命、社会主义革命和建设、改革开放和新时代的伟大成就', '坚持党的领导、人民至上、理论创新、独立自主等十条历史经验', '以史为鉴、开创未来，把历史经验转化为推进事业的能力']],
    ['新民主主义革命时期的伟大斗争', ['开天辟地的大事变', '农村包围城市的道路', '建立新中国'], ['中国共产党的成立是开天辟地的大事变', '走农村包围城市、武装夺取政权的正确道路', '建立中华人民共和国，实现民族独立、人民解放']],
    ['改革开放史专题', ['伟大转折与改革起步'], ['党的十一届三中全会实现新中国成立以来党的历史上具有深远意义的伟大转折', '改革开放是决定当代中国命运的关键一招', '改革开放只有进行时，没有完成时']],
    ['党的二十大报告辅导', ['中国式现代化的中国特色和本质要求'], ['新时代十年的伟大变革具有里程碑意义', '中国式现代化是人口规模巨大、全体人民共同富裕的现代化', '全面建成社会主义现代化强国，总的战略安排分两步走']],
    ['弘扬伟大建党精神', ['伟大建党精神的内涵', '中国共产党人的精神谱系'], ['坚持真理、坚守理想', '践行初心、担当使命，不怕牺牲、英勇斗争', '对党忠诚、不负人民']],
    ['红色资源的保护与利用', ['红色资源的保护', '红色资源的教育利用'], ['红色资源是党的宝贵精神财富', '加强革命文物保护，做到应保尽保', '用好红色资源开展党性教育和现场教学']],
  ],
  党章党规党纪: [
    ['新时代党章学习辅导', ['党章的修改与主要内容', '党员的义务和权利', '党的组织制度'], ['党章是立党治党管党的总章程', '党员必须履行党章规定的八项义务', '坚持民主集中制，严格执行党的组织制度']],
    ['《中国共产党纪律处分条例》解读', ['条例修订的主要内容', '六项纪律逐条解读'], ['条例修订坚持问题导向，回应管党治党新情况', '政治纪律是最重要、最根本、最关键的纪律', '准确运用“四种形态”，抓早抓小、防微杜渐']],
    ['中央八项规定精神及其实施细则', ['八项规定的主要内容'], ['改进调查研究，深入基层、轻车简从', '精简会议活动、精简文件简报', '厉行勤俭节约，严格执行住房、车辆配备等规定']],
    ['廉洁从政与警示教育', ['典型案例剖析', '筑牢拒腐防变的思想防线'], ['以案为鉴，剖析违纪违法案件的思想根源', '守住底线、不越红线，慎独慎微慎初', '管好家属子女和身边工作人员，筑牢家庭防线']],
    ['新形势下党内政治生活的若干准则', ['严肃党内政治生活', '用好批评和自我批评'], ['坚定理想信念是开展党内政治生活的首要任务', '坚决维护党中央权威，严明政治纪律', '认真开好民主生活会和组织生活会，红红脸、出出汗']],
    ['持续纠治“四风”加强作风建设', ['形式主义官僚主义的表现', '为基层减负', '作风建设常态长效'], ['形式主义、官僚主义是党的作风建设的大敌', '精文减会，切实为基层减负', '健全作风建设长效机制，防止反弹回潮']],
  ],
  依法行政: [
    ['法治政府建设实施纲要解读', ['法治政府建设的总体要求', '主要任务和保障措施'], ['到2025年政府行为全面纳入法治轨道', '健全依法行政制度体系，提高立法质量', '严格规范公正文明执法，强化行政权力制约和监督']],
    ['新修订《行政复议法》要点', ['修订的主要内容'], ['扩大行政复议受案范围', '增加简易程序，完善普通程序', '发挥行政复议化解行政争议的主渠道作用']],
    ['行政处罚法实务', ['行政处罚的种类和设定', '行政处罚的程序', '执法案例评析'], ['行政处罚的种类和设定权限', '作出行政处罚决定前须告知当事人陈述、申辩和听证的权利', '首违不罚、无主观过错不罚等规定的适用']],
    ['行政许可与“放管服”改革', ['行政许可的设定与实施', '深化“放管服”改革'], ['设定行政许可须遵循法定原则', '实行告知承诺制，减少审批环节和材料', '加强事中事后监管，做到放管结合']],
    ['政府信息公开条例解读', ['主动公开', '依申请公开的办理'], ['以公开为常态、不公开为例外', '做好政府信息主动公开', '依法按期答复依申请公开，不得随意扩大不予公开范围']],
    ['重大行政决策程序', ['决策启动与公众参与', '合法性审查与集体讨论决定'], ['重大行政决策须纳入目录管理', '公众参与、专家论证、风险评估是必经程序', '未经合法性审查或审查不合法的，不得提交讨论']],
    ['民法典与政府依法履职', ['民法典中与政府相关的规定'], ['民法典是“社会生活的百科全书”', '政府订立和履行合同须遵守民法典规定', '保护民事主体的财产权利和人格权利']],
  ],
  公文写作与处理: [
    ['党政机关公文处理工作条例解读', ['公文种类与格式', '行文规则与办理程序'], ['公文种类共15种，文种要准确', '行文关系根据隶属关系和职权范围确定', '公文办理包括收文、发文办理和整理归档']],
    ['公文写作与处理', ['通知、请示、报告的写法', '常见错误与修改', '公文办理流程'], ['请示应当一文一事，不得在报告中夹带请示事项', '通知要事项明确、要求具体', '公文语言要准确、简明、庄重']],
    ['调研报告的写作方法', ['调研报告的结构'], ['调研报告要有鲜明的主题和问题意识', '用事实和数据说话，典型案例与面上情况相结合', '对策建议要具体可行、便于操作']],
    ['领导讲话稿的起草', ['讲话稿的谋篇布局', '语言风格与表达'], ['吃透领导意图和会议主题', '结构清晰，观点鲜明，层次分明', '语言要符合讲话人的身份和讲话场合']],
    ['政务信息与简报写作', ['政务信息的选题', '简报的编写'], ['政务信息要及时、准确、简洁', '选题要围绕中心工作，反映新情况新问题', '简报标题要醒目，导语要概括核心内容']],
    ['公文格式国家标准实务', ['版头、主体与版记', '页码、用纸和印装'], ['公文由版头、主体、版记三部分组成', '公文用纸采用A4型纸，正文用3号仿宋字体', '发文字号、签发人、成文日期的标注规则']],
  ],
  领导科学与管理: [
    ['新时代领导干部的领导力提升', ['领导力的构成', '提高七种能力'], ['政治能力是第一位的能力', '提高科学决策和改革攻坚能力', '以身作则、率先垂范，带出好队伍']],
    ['突发事件应对与应急管理', ['应急管理体系', '风险研判与预警', '处置与信息发布'], ['突发事件分为自然灾害、事故灾难、公共卫生事件和社会安全事件', '坚持预防为主、预防与应急相结合', '第一时间报告，依法及时发布信息、回应社会关切']],
    ['群众工作方法与《信访工作条例》', ['新时代的群众工作', '信访工作的依法规范'], ['坚持和发展新时代“枫桥经验”', '信访工作坚持属地管理、分级负责', '把信访事项依法及时就地解决']],
    ['团队建设与有效沟通', ['有效沟通的方法'], ['明确团队目标，合理分工', '有效沟通要善于倾听、准确表达', '建立激励机制，鼓励担当作为']],
    ['调查研究的方法与实践', ['调研的选题与准备', '调研成果的转化'], ['调查研究是谋事之基、成事之道', '用好座谈访谈、蹲点调研、问卷调查等方法', '推动调研成果转化为解决问题的实际举措']],
    ['时间管理与工作统筹', ['工作统筹的方法', '提高会议和文件效率'], ['分清轻重缓急，先办要事', '统筹会议、文件和调研，避免重复劳动', '用好清单管理，确保事事有着落']],
  ],
  高质量发展: [
    ['完整准确全面贯彻新发展理念', ['新发展理念的内在联系', '在实践中贯彻新发展理念'], ['创新是引领发展的第一动力', '协调、绿色、开放、共享是发展的内在要求', '把新发展理念贯穿发展全过程和各领域']],
    ['加快构建新发展格局', ['以国内大循环为主体', '国内国际双循环相互促进', '扩大高水平对外开放'], ['以国内大循环为主体，畅通生产、分配、流通、消费各环节', '国内国际双循环相互促进', '推进高水平对外开放，稳外贸稳外资']],
    ['新质生产力的理论与实践', ['新质生产力的内涵'], ['新质生产力以科技创新为主导', '以劳动者、劳动资料、劳动对象及其优化组合的跃升为基本内涵', '因地制宜发展新质生产力，防止一哄而上']],
    ['《优化营商环境条例》解读', ['市场主体保护', '政务服务与监管执法'], ['平等保护各类市场主体', '推进政务服务标准化、规范化、便利化', '规范监管执法，减少对市场主体正常经营的干扰']],
    ['资源型地区经济转型发展', ['能源产业的转型升级', '培育接续替代产业'], ['推动煤炭等传统产业高端化、智能化、绿色化', '培育新能源、新材料等接续替代产业', '深化能源革命综合改革试点']],
    ['实施扩大内需战略', ['扩大消费', '扩大有效投资'], ['把恢复和扩大消费摆在优先位置', '发挥政府投资的带动作用，扩大有效投资', '完善收入分配制度，增强消费能力']],
    ['建设全国统一大市场', ['统一大市场的基础制度规则', '破除地方保护和市场分割'], ['统一市场基础制度规则', '推进市场设施高标准联通', '破除地方保护和市场分割']],
  ],
  乡村振兴与生态文明: [
    ['全面推进乡村振兴', ['乡村产业振兴', '乡村人才与文化振兴', '乡村组织振兴'], ['乡村振兴是实现共同富裕的必然要求', '发展乡村特色产业，拓宽农民增收渠道', '加强农村基层党组织建设']],
    ['巩固拓展脱贫攻坚成果', ['防止返贫动态监测和帮扶'], ['守住不发生规模性返贫的底线', '健全防止返贫动态监测和帮扶机制', '推动脱贫地区加快发展']],
    ['黄河流域生态保护和高质量发展', ['黄河流域生态保护', '流域高质量发展'], ['共同抓好大保护，协同推进大治理', '加强水土流失综合治理', '以水定城、以水定地、以水定人、以水定产']],
    ['“双碳”目标与能源革命', ['碳达峰碳中和的目标与路径', '能源革命综合改革试点'], ['二氧化碳排放力争2030年前达到峰值、2060年前实现碳中和', '先立后破，推动煤炭和新能源优化组合', '加快构建新型能源体系']],
    ['农村基层治理现代化', ['自治、法治、德治相结合', '网格化管理与精细服务', '新时代“枫桥经验”'], ['健全党组织领导的自治、法治、德治相结合的乡村治理体系', '推行网格化管理、精细化服务', '坚持和发展新时代“枫桥经验”，矛盾不上交']],
    ['生态环境保护督察实务', ['督察的程序与重点', '督察整改的落实'], ['中央生态环境保护督察是推动落实生态环境保护责任的重大举措', '督察重点是党政同责、一岗双责的落实', '督察整改要举一反三、标本兼治']],
  ],
  数字政府建设: [
    ['数字政府建设总体框架', ['数字政府建设的总体要求', '主要任务'], ['构建数字化、智能化的政府运行新形态', '推进政府履职、运行和服务的数字化', '强化数字政府安全保障']],
    ['“一网通办”与政务服务数字化', ['高效办成一件事'], ['推动政务服务事项全程网办', '高效办成“一件事”，一次告知、一表申请', '线上线下融合，兼顾老年人等群体需要']],
    ['政务数据共享与开放', ['数据共享的机制', '公共数据的开放利用'], ['政务数据以共享为原则、不共享为例外', '建立健全数据共享协调机制', '有序推动公共数据开放利用']],
    ['人工智能在政府治理中的应用', ['人工智能的应用场景'], ['人工智能在政务咨询、审批辅助、城市治理中的应用场景', '稳妥审慎推进，人工智能不能代替依法决策', '防范数据泄露和算法风险']],
    ['数字经济发展与治理', ['数字产业化与产业数字化', '数字经济的治理', '平台经济的规范发展'], ['推进数字产业化和产业数字化', '支持平台企业在发展中规范、在规范中发展', '完善数字经济治理体系']],
    ['领导干部数字素养提升', ['数字思维与数字认知', '数字技能与数字安全'], ['增强数字思维，用数据分析问题', '学会运用数字化工具开展工作', '树立数字安全意识']],
    ['大数据思维与科学决策', ['用数据说话', '数据驱动的决策'], ['从经验决策走向数据支撑的科学决策', '注意数据质量，防止以偏概全', '用数据监测评估政策实施效果']],
  ],
  网络与数据安全: [
    ['网络安全法律法规概览', ['网络安全法的主要制度', '网络安全等级保护'], ['网络安全法确立了网络空间主权原则', '实行网络安全等级保护制度', '网络运营者须履行安全保护义务']],
    ['数据安全法与个人信息保护法', ['数据分类分级保护', '个人信息处理规则'], ['建立数据分类分级保护制度', '处理个人信息须有明确、合理的目的', '个人信息处理者须采取必要的安全保护措施']],
    ['政务办公电脑安全使用', ['办公电脑的安全使用'], ['涉密不上网、上网不涉密', '及时安装补丁，不使用来源不明的U盘', '设置强密码，离开座位时锁屏']],
    ['防范电信网络诈骗', ['常见诈骗手法', '防范与处置'], ['冒充公检法、冒充领导熟人是常见诈骗手法', '不轻信、不透露、不转账', '发现被骗立即拨打110报警']],
    ['关键信息基础设施安全保护', ['关键信息基础设施的认定与保护', '运营者的责任'], ['关键信息基础设施是经济社会运行的神经中枢', '运营者对关键信息基础设施安全负主体责任', '开展安全检测评估，及时处置风险']],
    ['保密工作常识与案例', ['保密法的主要规定', '失泄密案例警示'], ['保密工作事关国家安全和利益', '严格遵守国家秘密的定密、使用和销毁规定', '从失泄密案例中吸取教训，增强保密意识']],
  ],
};

const LECTURERS = ['王建华', '李晓明', '张丽萍', '刘志强', '陈思远', '杨文博', '赵海燕', '黄宏斌', '周立新', '吴春生', '徐晓东', '孙玉兰', '郭振宇', '马慧敏'];
const LECTURER_TITLES = ['省委党校教授', '省行政学院副教授', '省社会科学院研究员', '省委政策研究室处长', '省大数据局高级工程师', '山西大学教授', '省司法厅法治督察处处长'];

/** A recorded chapter: a video lesson or a courseware PDF, `seconds` long at the demo's rate. */
export type DemoChapter = { title: string; kind: 'video' | 'pdf'; seconds: number; file: string; pages?: number; points: string[] };
/** A live lesson: when it starts relative to the seed, how long it lasts, and what its stream and replay show. */
export type DemoLive = { title: string; startOffsetMs: number; seconds: number; stream: string; replay: string | null; mediaSeconds: number; points: string[] };
export type DemoCourse = {
  title: string;
  category: string;
  color: string;
  cover: string;
  lecturer: string;
  lecturerTitle: string;
  hours: number;
  /** What the course teaches, in three sentences, and two questions on them to think over. */
  points: string[];
  questions: string[];
  chapters: DemoChapter[];
  live: DemoLive | null;
  subject: Subject;
};

const MINUTE = 60_000;
const DAY = 86_400_000;
/**
 * The demo's live lessons, each with its own HLS playlist under video/live/: a finished one whose
 * replay is as long as the lesson (watching the replay completes it), one on the air and one upcoming,
 * both a real 90-minute session whose stream is a few minutes of the lecture (the player ends there).
 */
const LIVE_SESSION_SECONDS = 90 * 60;
const LIVE_LESSONS: Record<string, Omit<DemoLive, 'points'>> = {
  党的二十大报告辅导: { title: '直播辅导：深入学习领会党的二十大精神', startOffsetMs: -30 * DAY, seconds: 150, stream: 'video/live/replay/index.m3u8', replay: 'video/live/replay/index.m3u8', mediaSeconds: 150 },
  新质生产力的理论与实践: { title: '直播讲座：因地制宜发展新质生产力', startOffsetMs: -20 * MINUTE, seconds: LIVE_SESSION_SECONDS, stream: 'video/live/on-air/index.m3u8', replay: null, mediaSeconds: 120 },
  人工智能在政府治理中的应用: { title: '直播讲座：生成式人工智能与政务服务', startOffsetMs: 3 * DAY, seconds: LIVE_SESSION_SECONDS, stream: 'video/live/upcoming/index.m3u8', replay: null, mediaSeconds: 60 },
};

/** Hours by number of recorded chapters, cycled through the courses (0.5 学时 courses are one short video). */
const HOURS_BY_CHAPTERS: Record<number, number[]> = { 1: [0.5, 1, 0.5], 2: [1, 1.5, 2, 3], 3: [1.5, 2, 2.5, 3] };
const pad = (n: number) => String(n).padStart(2, '0');
const rotate = <T>(xs: readonly T[], from: number, n: number) => Array.from({ length: n }, (_, k) => xs[(from + k) % xs.length]!);

function course(title: string, outline: string[], points: string[], category: string, color: string, i: number): DemoCourse {
  const subject = DEMO_SUBJECTS[category]!;
  const liveSpec = LIVE_LESSONS[title];
  const liveRecordedHours = liveSpec ? (liveSpec.replay ? 3 - liveSpec.seconds / DEMO_SECONDS_PER_HOUR : 1) : 0;
  const hoursChoices = HOURS_BY_CHAPTERS[outline.length]!;
  const recordedHours = liveSpec ? liveRecordedHours : hoursChoices[i % hoursChoices.length]!;
  const seconds = (recordedHours * DEMO_SECONDS_PER_HOUR) / outline.length;
  // Every third course with two or more chapters has its second chapter as courseware to read.
  const pdfAt = outline.length >= 2 && i % 3 === 1 ? 1 : -1;
  const chapters = outline.map((name, s): DemoChapter => {
    // The chapter's own point first, then the course's others.
    const chapterPoints = rotate(points, s, points.length);
    const title = `第${s + 1}讲 ${name}`;
    if (s === pdfAt) return { title: `${title}（文字课件）`, kind: 'pdf', seconds, file: `pdf/course-${pad(i + 1)}.pdf`, pages: 3, points: chapterPoints };
    return { title, kind: 'video', seconds, file: `video/course-${pad(i + 1)}-${s + 1}.mp4`, points: chapterPoints };
  });
  const live = liveSpec ? { ...liveSpec, title: `第${outline.length + 1}讲 ${liveSpec.title}`, points } : null;
  const liveHours = live ? (live.replay ? live.seconds / DEMO_SECONDS_PER_HOUR : live.seconds / 60 / LIVE_MINUTES_PER_HOUR) : 0;
  return {
    title,
    category,
    color,
    cover: `covers/course-${pad(i + 1)}.webp`,
    lecturer: LECTURERS[i % LECTURERS.length]!,
    lecturerTitle: LECTURER_TITLES[(i * 3) % LECTURER_TITLES.length]!,
    hours: recordedHours + liveHours,
    points,
    questions: [`结合本职工作，谈谈你对“${points[0]}”的理解。`, `在“${points[1]}”方面，你所在的单位还有哪些可以改进的地方？`],
    chapters,
    live,
    subject,
  };
}

/** Every course in seeding order. */
export const DEMO_COURSES: DemoCourse[] = DEMO_CATEGORIES.flatMap((top) =>
  top.children.flatMap((child) => (DEMO_COURSE_OUTLINES[child] ?? []).map(([title, outline, points]) => ({ title, outline, points, category: child, color: top.color }))),
).map((c, i) => course(c.title, c.outline, c.points, c.category, c.color, i));

/** How a course's time is counted, said in its description. */
export function timeNote(c: DemoCourse): string {
  const recorded = c.chapters.reduce((s, ch) => s + ch.seconds, 0);
  const minutes = (seconds: number) => (seconds < 60 ? `${seconds}秒` : seconds % 60 ? `${Math.floor(seconds / 60)}分${seconds % 60}秒` : `${seconds / 60}分钟`);
  const parts = [`演示课程的视频和课件按每学时${DEMO_SECONDS_PER_HOUR / 60}分钟制作（正式课程每学时${LIVE_MINUTES_PER_HOUR}分钟），本课程录播部分共${minutes(recorded)}`];
  if (c.live?.replay) parts.push(`直播一场${minutes(c.live.seconds)}（同样按每学时${DEMO_SECONDS_PER_HOUR / 60}分钟），错过直播可看回放，回放同样计时`);
  else if (c.live) parts.push(`直播一场${c.live.seconds / 60}分钟，按每${LIVE_MINUTES_PER_HOUR}分钟1学时计`);
  return `${parts.join('；')}，合计${c.hours}学时。`;
}
