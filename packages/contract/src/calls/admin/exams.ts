/**
 * The administration area's exams section, for the training administrator: the
 * question banks (browse, search, add, edit, retire; correcting an answer re-grades), exams with a
 * fixed paper (draft, edit, preview, publish), and each exam's results (list and export from one
 * query). Every change is audited with before and after; every edit names the version it edited.
 *
 * A question some attempt holds is never changed under that attempt: an edit of it retires it and
 * creates its next version (the attempts keep theirs). Only 更正答案 changes a used question in place,
 * on purpose: it re-grades the submitted attempts that hold it.
 *
 * A published exam with attempts accepts no change that alters a result: only its close time, later.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery, type AdminRole } from '../../call.ts';
import { idParam, versionField } from '../../rules/numbers.ts';

const A = '/v1/admin/exams';
const TRAINING: readonly AdminRole[] = ['training'];

export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'fill'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = { single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题' };

export const EXAMS_MSG = {
  questionMissing: '试题不存在',
  examMissing: '考试不存在',
  retired: '该试题已停用，不能修改',
  retiredOnPaper: (n: number) => `试卷中有${n}道已停用的试题，请替换后再发布`,
  retiredPick: '不能选用已停用的试题',
  unknownQuestion: '试卷中有不存在的试题',
  noQuestions: '试卷至少需要一道试题',
  passOverTotal: (total: number) => `及格分不能高于试卷总分（${total}分）`,
  endBeforeStart: '结束时间须晚于开始时间',
  durationOverWindow: '考试时长不能超过开放时间段',
  alreadyPublished: '该考试已发布',
  lockedByAttempts: (fields: string) => `该考试已有考生作答，不能再修改影响成绩的内容（${fields}）；只能把结束时间延后`,
  endOnlyLater: '该考试已有考生作答，结束时间只能延后',
  installMissing: '所属专题不存在',
  classMissing: '所属班级不存在',
  classNotOfTopic: '所选班级不属于所选专题',
  notPublished: '该考试尚未发布',
  unpublishAttempted: (n: number) => `该考试已有${n}人次作答，不能撤回发布`,
  noRules: '随机抽题至少需要一条抽题规则',
  rulesWithQuestions: '随机抽题的考试不设固定试题，请清空试卷或改为固定试卷',
  notEnough: (what: string, n: number, have: number) => `${what}需抽${n}题，但在用的只有${have}题`,
  answerUnchanged: '更正后的答案与原答案相同',
} as const;

const id = idParam;
const version = versionField(1);
const text = (what: string, max: number) => z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(max, `${what}不能超过${max}个字`);
const LETTERS = 'ABCDEFGH';

/** A question as the administrator writes it: options for choice questions, answer keys, T/F or accepted texts. */
const questionShape = z.object({
  bank: text('题库', 30),
  type: z.enum(QUESTION_TYPES, { error: '题型只能是单选题、多选题、判断题或填空题' }),
  stem: text('题干', 1000),
  options: z.array(z.string().trim().max(300, '选项不能超过300个字'), { error: '选项格式不正确' }).max(8, '选项最多8个').default([]),
  answer: z.array(z.string().trim().max(100, '答案不能超过100个字'), { error: '答案格式不正确' }).max(8, '答案最多8项'),
  explanation: z.string().trim().max(1000, '解析不能超过1000个字').default(''),
});

/** The rules the import applies, said the same way (answers as the exam module keeps them). */
function checkQuestion(q: z.infer<typeof questionShape>, ctx: z.RefinementCtx) {
  const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (q.type === 'single' || q.type === 'multiple') {
    if (q.options.length < 2) return bad('options', `${QUESTION_TYPE_LABELS[q.type]}至少需要A、B两个选项`);
    if (q.options.some((o) => o === '')) return bad('options', '选项内容不能为空');
    if (new Set(q.options).size !== q.options.length) return bad('options', '选项内容有重复');
    const valid = LETTERS.slice(0, q.options.length);
    const keys = q.answer.map((k) => k.toUpperCase());
    if (keys.some((k) => k.length !== 1 || !valid.includes(k))) return bad('answer', `答案应为选项字母 ${valid} 中的${q.type === 'single' ? '一个' : '若干个'}`);
    if (new Set(keys).size !== keys.length) return bad('answer', '答案中的选项字母有重复');
    if (q.type === 'single' && keys.length !== 1) return bad('answer', '单选题的答案只能是一个选项');
    if (q.type === 'multiple' && keys.length < 2) return bad('answer', '多选题的答案至少两个选项');
  } else {
    if (q.options.length > 0) return bad('options', `${QUESTION_TYPE_LABELS[q.type]}不填选项`);
    if (q.type === 'judge' && (q.answer.length !== 1 || !['T', 'F'].includes(q.answer[0]!.toUpperCase()))) return bad('answer', '判断题的答案应为 对 或 错');
    if (q.type === 'fill' && (q.answer.length === 0 || q.answer.some((a) => a === ''))) return bad('answer', '填空题须填写正确答案');
  }
}
/** Keys upper case and sorted; fill texts as given, each once. */
const normalised = <Q extends z.infer<typeof questionShape>>(q: Q): Q => ({
  ...q,
  answer: q.type === 'fill' ? [...new Set(q.answer)] : [...new Set(q.answer.map((k) => k.toUpperCase()))].sort(),
});
export const questionInput = questionShape.superRefine(checkQuestion).transform(normalised);
export type QuestionInput = z.infer<typeof questionInput>;

export const adminQuestion = z.object({
  id: z.number().int(),
  bank: z.string(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(z.string()),
  answer: z.array(z.string()),
  explanation: z.string(),
  version: z.number().int(),
  retiredAt: z.string().nullable().describe('ISO 8601 date-time; null while in use'),
  /** The version this one replaced (an edit of a question some attempt held). */
  replacesId: z.number().int().nullable(),
  /** Submitted and open attempts that hold it. */
  attemptCount: z.number().int(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

export const questionFilter = z.object({
  bank: z.string().trim().max(30, '题库不能超过30个字').optional().transform((v) => v || undefined),
  type: z.enum(QUESTION_TYPES, { error: '题型不正确' }).optional(),
  text: z.string().trim().max(40, '题干关键词不能超过40个字').optional().transform((v) => v || undefined),
  status: z.enum(['active', 'retired', 'all'], { error: '状态只能是在用、已停用或全部' }).optional(),
});

export const adminExamQuestionList = defineCall({
  name: 'adminExamQuestionList',
  method: 'GET',
  path: `${A}/questions`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'The question banks: by bank, type, words of the stem and status (in use by default), newest first; each with how many attempts hold it.',
  query: pageQuery.extend(questionFilter.shape),
  data: pageOf(adminQuestion),
});

export const adminExamOptions = defineCall({
  name: 'adminExamOptions',
  method: 'GET',
  path: `${A}/options`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: "What the section's forms choose from: the banks (with their questions in use) and the topics (installs) and classes an exam may belong to.",
  data: z.object({
    banks: z.array(z.object({ bank: z.string(), count: z.number().int() })),
    installs: z.array(z.object({ id: z.number().int(), title: z.string() })),
    classes: z.array(z.object({ id: z.number().int(), name: z.string(), installId: z.number().int().nullable() })),
  }),
});

export const adminExamQuestionCreate = defineCall({
  name: 'adminExamQuestionCreate',
  method: 'POST',
  path: `${A}/questions/create`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'Adds a question to a bank (a new bank by naming it).',
  body: questionInput,
  data: adminQuestion,
});

export const adminExamQuestionUpdate = defineCall({
  name: 'adminExamQuestionUpdate',
  method: 'POST',
  path: `${A}/questions/update`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary:
    'Edits a question, naming the version edited (stale: 409). One no attempt holds changes in place; one an attempt holds is retired and its next version created (answered, with replacesId), and the papers of exams nobody has sat yet take the new version.',
  body: questionShape.extend({ id: id('试题编号'), version }).superRefine(checkQuestion).transform(normalised),
  data: adminQuestion,
});

export const adminExamQuestionRetire = defineCall({
  name: 'adminExamQuestionRetire',
  method: 'POST',
  path: `${A}/questions/retire`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'Retires a question: never drawn nor chosen again; papers and attempts that hold it keep it.',
  body: z.object({ id: id('试题编号'), version }),
  data: adminQuestion,
});

export const adminExamQuestionCorrect = defineCall({
  name: 'adminExamQuestionCorrect',
  method: 'POST',
  path: `${A}/questions/correct`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary:
    "更正答案: corrects the answer of this very version and re-grades every submitted attempt that holds it (score and pass; a pass that completes a topic issues its certificate through the learning core; a pass that became a fail revokes the certificate of that topic that no longer rests on a pass); each changed attempt is audited and its learner told in 我的消息. Answers how many were re-graded, changed and revoked.",
  body: z.object({ id: id('试题编号'), version, answer: z.array(z.string().trim().max(100, '答案不能超过100个字')).min(1, '请填写更正后的答案').max(8, '答案最多8项') }),
  data: z.object({
    question: adminQuestion,
    regraded: z.number().int(),
    changed: z.number().int(),
    /** Certificates revoked because the pass they rested on became a fail. */
    revoked: z.number().int(),
  }),
});

/** An exam's settings as the form sends them (a fixed paper). Times are ISO 8601. */
export const examInput = z.object({
  title: text('考试名称', 60),
  installId: id('所属专题').nullable().default(null),
  /** A class's exam: only its members may take it (PRODUCT.md: a class has its own plan and courses). */
  classId: id('所属班级').nullable().default(null),
  startAt: z.iso.datetime({ offset: true, error: '开始时间格式不正确' }),
  endAt: z.iso.datetime({ offset: true, error: '结束时间格式不正确' }),
  durationMinutes: z.number({ error: '考试时长必须是数字' }).int('考试时长必须是整数').min(1, '考试时长至少1分钟').max(600, '考试时长最多600分钟'),
  passScore: z.number({ error: '及格分必须是数字' }).int('及格分必须是整数').min(0, '及格分不能小于0').max(1000, '及格分最多1000分'),
  attemptsAllowed: z.number({ error: '考试次数必须是数字' }).int('考试次数必须是整数').min(1, '考试次数至少1次').max(20, '考试次数最多20次'),
  decidesCompletion: z.boolean({ error: '是否计入结业须为是或否' }),
  review: z.enum(['never', 'afterSubmit', 'afterEnd'], { error: '答案公布方式不正确' }).default('afterEnd'),
  partialCredit: z.boolean().default(false),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  /** fixed: the questions below; random: each attempt draws by the rules. */
  selection: z.enum(['fixed', 'random'], { error: '组卷方式只能是固定试卷或随机抽题' }).default('fixed'),
  randomRules: z
    .array(
      z.object({
        bank: z.string().trim().max(30, '题库不能超过30个字').nullable().default(null),
        type: z.enum(QUESTION_TYPES, { error: '题型不正确' }),
        count: z.number({ error: '抽题数量必须是数字' }).int('抽题数量必须是整数').min(1, '每条规则至少抽1题').max(100, '每条规则最多抽100题'),
        score: z.number({ error: '分值必须是数字' }).min(0.5, '每题分值至少0.5分').max(100, '每题分值最多100分').multipleOf(0.5, '分值须为0.5的整数倍'),
      }),
    )
    .max(20, '抽题规则最多20条')
    // Each rule draws on its own: two rules that could draw the same question are one rule.
    .refine(
      (rs) => rs.every((r, i) => rs.every((o, j) => j === i || o.type !== r.type || (o.bank !== r.bank && o.bank !== null && r.bank !== null))),
      '同一题型的抽题规则不能重复或重叠（同一题库、或“全部题库”与某一题库）',
    )
    .default([]),
  questions: z
    .array(z.object({ questionId: id('试题编号'), score: z.number({ error: '分值必须是数字' }).min(0.5, '每题分值至少0.5分').max(100, '每题分值最多100分').multipleOf(0.5, '分值须为0.5的整数倍') }))
    .max(200, '试卷最多200道试题')
    .refine((qs) => new Set(qs.map((q) => q.questionId)).size === qs.length, '同一道试题不能重复加入试卷'),
});
export type ExamInput = z.infer<typeof examInput>;

export const examStatus = z.enum(['draft', 'published']);

export const adminExamItem = z.object({
  id: z.number().int(),
  title: z.string(),
  installId: z.number().int().nullable(),
  installTitle: z.string(),
  classId: z.number().int().nullable(),
  classTitle: z.string(),
  status: examStatus,
  selection: z.enum(['fixed', 'random']),
  startAt: z.string(),
  endAt: z.string(),
  durationMinutes: z.number().int(),
  passScore: z.number().int(),
  totalScore: z.number(),
  questionCount: z.number().int(),
  attemptCount: z.number().int(),
  decidesCompletion: z.boolean(),
  version: z.number().int(),
});
export type AdminExamItem = z.infer<typeof adminExamItem>;

export const adminExamDetail = adminExamItem.extend({
  attemptsAllowed: z.number().int(),
  review: z.enum(['never', 'afterSubmit', 'afterEnd']),
  partialCredit: z.boolean(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  randomRules: z.array(z.object({ bank: z.string().nullable(), type: z.enum(QUESTION_TYPES), count: z.number().int(), score: z.number(), available: z.number().int().describe('questions in use the rule draws from') })),
  /** The paper in order, each question in full (the preview hides the answers). */
  questions: z.array(z.object({ score: z.number(), question: adminQuestion })),
});
export type AdminExamDetail = z.infer<typeof adminExamDetail>;

export const examFilter = z.object({
  title: z.string().trim().max(40, '考试名称不能超过40个字').optional().transform((v) => v || undefined),
  status: examStatus.optional().or(z.literal('').transform(() => undefined)),
});

export const adminExamList = defineCall({
  name: 'adminExamList',
  method: 'GET',
  path: `${A}/papers`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'Exams, newest first, by words of the title and status; each with its paper size, total and attempts.',
  query: pageQuery.extend(examFilter.shape),
  data: pageOf(adminExamItem),
});

export const adminExamGet = defineCall({
  name: 'adminExamGet',
  method: 'GET',
  path: `${A}/papers/one`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'One exam with its settings and its paper (questions in full, for the editor and the preview).',
  query: z.object({ id: id('考试编号') }),
  data: adminExamDetail,
});

export const adminExamCreate = defineCall({
  name: 'adminExamCreate',
  method: 'POST',
  path: `${A}/papers/create`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'Creates an exam as a draft (learners see it once published), with its fixed paper.',
  body: examInput,
  data: adminExamDetail,
});

export const adminExamUpdate = defineCall({
  name: 'adminExamUpdate',
  method: 'POST',
  path: `${A}/papers/update`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary:
    'Edits an exam, naming the version edited (stale: 409). Once anybody has started it, every change that alters a result is refused (paper, points, pass mark, duration, attempts, grading, topic, completion, opening): only the close time, later.',
  body: examInput.extend({ id: id('考试编号'), version }),
  data: adminExamDetail,
});

export const adminExamPublish = defineCall({
  name: 'adminExamPublish',
  method: 'POST',
  path: `${A}/papers/publish`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'Publishes a draft: learners see it (and, if it counts, it becomes part of completing its topic). Refused without questions or with retired ones.',
  body: z.object({ id: id('考试编号'), version }),
  data: adminExamDetail,
});

export const adminExamUnpublish = defineCall({
  name: 'adminExamUnpublish',
  method: 'POST',
  path: `${A}/papers/unpublish`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'Takes a published exam nobody has started back to a draft (learners no longer see it; it no longer counts for its topic). Refused once it has an attempt.',
  body: z.object({ id: id('考试编号'), version }),
  data: adminExamDetail,
});

export const resultFilter = z.object({
  examId: id('考试编号'),
  person: z.string().trim().max(40, '考生不能超过40个字').optional().transform((v) => v || undefined),
  passed: z.enum(['true', 'false'], { error: '是否及格只能是是或否' }).optional().or(z.literal('').transform(() => undefined)),
});

export const adminExamResult = z.object({
  attemptId: z.number().int(),
  personId: z.number().int(),
  personName: z.string(),
  personNo: z.string(),
  attemptNo: z.number().int(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  submitMode: z.enum(['manual', 'deadline', 'leaveLimit']).nullable(),
  score: z.number().nullable(),
  totalScore: z.number(),
  passed: z.boolean().nullable(),
  leaveCount: z.number().int(),
});
export type AdminExamResult = z.infer<typeof adminExamResult>;

export const adminExamResults = defineCall({
  name: 'adminExamResults',
  method: 'GET',
  path: `${A}/results`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: "One exam's attempts, newest first, by person (name, mobile or person number) and pass; with score and leave count.",
  query: pageQuery.extend(resultFilter.shape),
  data: pageOf(adminExamResult),
});

export const adminExamResultsExport = defineCall({
  name: 'adminExamResultsExport',
  method: 'GET',
  path: `${A}/results/export`,
  envelope: 'uc',
  auth: 'admin',
  roles: TRAINING,
  summary: 'The same filter as adminExamResults, every matching attempt as an .xlsx file.',
  query: resultFilter,
  data: z.unknown(),
  binary: true,
});
