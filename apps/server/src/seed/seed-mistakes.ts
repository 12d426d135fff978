/**
 * The demo learner's practice: 张伟 (13800000001) has practised over the past weeks, so
 * 练习记录 lists real tests and the 错题本 holds the questions of the bank he missed; one 错题重练 took
 * a question he had since answered right twice out of the book (已移出). Graded by the exam module's
 * rule and recorded by the book's own functions, as the portal would have. Runs after the exams seed.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { persons, practiceTests, questions, type PaperEntry } from '../db/schema/index.ts';
import { gradePaper } from '../modules/exam/grade.ts';
import { recordPractice } from '../modules/mistakes/book.ts';

type Row = typeof questions.$inferSelect;

const DAY = 86_400_000;

const NEAR_MISSES: Record<string, string> = { 人民: '群众', 监察委员会: '纪律检查委员会', 新时代: '新阶段', 法治: '民主' };

/** A wrong answer a learner might well give: the neighbouring option, the other truth value, a near miss. */
const wrongOf = (q: Row): string[] => {
  if (q.type === 'judge') return [q.answer[0] === 'T' ? 'F' : 'T'];
  if (q.type === 'fill') return [NEAR_MISSES[q.answer[0]!] ?? '不记得了'];
  if (q.type === 'multiple') return q.answer.slice(0, -1);
  return [String.fromCharCode(65 + ((q.answer[0]!.charCodeAt(0) - 64) % q.options.length))];
};

/** The practice tests: when (days ago), kind, and each question by the start of its stem, answered right or wrong. */
const TESTS: { daysAgo: number; kind: 'random' | 'mistakes'; answers: [string, boolean][] }[] = [
  {
    daysAgo: 21,
    kind: 'random',
    answers: [
      ['在党的历史上实现了伟大转折', true],
      ['《中国共产党纪律处分条例》规定的党的纪律', false],
      ['遵义会议是在1936年召开的', false],
      ['中国共产党第二十次全国代表大会', true],
      ['党的十八大以来，全党先后开展的党内集中教育', false],
      ['中国共产党的根本宗旨', true],
      ['毛泽东同志概括的党的三大优良作风', true],
      ['打响武装反抗国民党反动派第一枪', true],
      ['党的十九大作出重大政治判断', true],
      ['开启改革开放和社会主义现代化建设新时期', true],
    ],
  },
  {
    daysAgo: 12,
    kind: 'random',
    answers: [
      ['公民认为行政行为侵犯其合法权益的', false],
      ['每年的12月4日是', true],
      ['根据宪法，下列属于我国公民基本权利的是', false],
      ['行政机关可以不受时效限制', true],
      ['《监察法》规定，各级', false],
      ['我国的根本大法是', true],
      ['下列属于《行政处罚法》规定的行政处罚种类的是', false],
      ['全国人民代表大会常务委员会有权解释宪法', true],
      ['行政机关拟作出较大数额罚款等行政处罚决定时', true],
      ['《中华人民共和国民法典》自何时起施行', true],
    ],
  },
  {
    daysAgo: 6,
    kind: 'random',
    answers: [
      ['下列属于我国基本政治制度的是', false],
      ['基层社会治理的“枫桥经验”发源于哪个省', true],
      ['“五位一体”总体布局中', true],
      ['民族区域自治制度是我国的根本政治制度', false],
      ['“放管服”改革中的“服”指的是', true],
      ['遵义会议是在1936年召开的', true],
      ['《中国共产党纪律处分条例》规定的党的纪律', false],
      ['每年的12月4日是', true],
      ['新发展理念是指', true],
      ['党的十九届四中全会专题研究的是', true],
    ],
  },
  {
    daysAgo: 2,
    kind: 'mistakes',
    answers: [
      ['遵义会议是在1936年召开的', true],
      ['公民认为行政行为侵犯其合法权益的', true],
      ['党的十八大以来，全党先后开展的党内集中教育', false],
      ['根据宪法，下列属于我国公民基本权利的是', true],
      ['下列属于《行政处罚法》规定的行政处罚种类的是', true],
    ],
  },
];

export async function seedMistakes(db: Tx) {
  const [learner] = await db.select({ personId: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
  const bank = await db.select().from(questions);
  const byStem = (start: string) => {
    const q = bank.find((x) => x.stem.startsWith(start));
    if (!q) throw new Error(`demo seed: no question starts with ${start}`);
    return q;
  };
  const now = Date.now();
  for (const test of TESTS) {
    const asked = test.answers.map(([stem, right]) => ({ q: byStem(stem), right }));
    const paper: PaperEntry[] = asked.map(({ q }) => ({ questionId: q.id, type: q.type, score: 1, optionKeys: q.options.map((_, i) => String.fromCharCode(65 + i)) }));
    const answers = asked.map(({ q, right }) => ({ questionId: q.id, answer: right ? q.answer.slice(0, q.type === 'fill' ? 1 : undefined) : wrongOf(q) }));
    const graded = gradePaper(paper, new Map(asked.map(({ q }) => [q.id, q])), new Map(answers.map((a) => [a.questionId, a.answer])), false);
    const submittedAt = new Date(now - test.daysAgo * DAY + 9.5 * 3_600_000 - (now % DAY));
    await db.insert(practiceTests).values({
      personId: learner!.personId,
      kind: test.kind,
      startedAt: new Date(submittedAt.getTime() - 8 * 60_000),
      submittedAt,
      paper,
      answers,
      score: graded.score,
      correctCount: graded.correctCount,
    });
    await recordPractice(
      db,
      learner!.personId,
      test.kind,
      asked.map(({ q }, i) => ({ questionId: q.id, bank: q.bank, type: q.type, given: answers[i]!.answer, right: graded.earned.get(q.id) === 1 })),
      submittedAt,
    );
  }
}
