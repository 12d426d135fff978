/**
 * Question banks: every type the exams grade (single and multiple choice, true/false, fill in the
 * blank), keyed by bank and stem. Options are stored in their given order, keyed A, B, C… by
 * position; answers as the exam module keeps them (option keys, T/F, or the accepted texts).
 */
import { sql } from 'drizzle-orm';
import { QUESTION_TYPE_VALUES } from '../../db/schema/exam.ts';
import { arr, countsOf, firstOf, rowsOf, ZERO } from './engine.ts';
import type { Kind } from './kind.ts';

const SHEET = '试题';
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const C = { bank: '题库', type: '题型', stem: '题干', answer: '答案', explanation: '解析' } as const;
const optionColumn = (l: string) => `选项${l}`;
const TYPES: Record<string, (typeof QUESTION_TYPE_VALUES)[number]> = { 单选题: 'single', 多选题: 'multiple', 判断题: 'judge', 填空题: 'fill' };
const JUDGE: Record<string, 'T' | 'F'> = { 对: 'T', 正确: 'T', '√': 'T', T: 'T', 错: 'F', 错误: 'F', '×': 'F', F: 'F' };

interface QuestionRow {
  row: number;
  bank: string;
  type: string;
  stem: string;
  options: string[];
  answer: string[];
  explanation: string;
}

export const questionsKind: Kind<{ rows: QuestionRow[] }> = {
  kind: 'questions',
  title: '试题',
  sheets: [
    {
      name: SHEET,
      columns: [
        { header: C.bank, required: true, note: '题库（科目）名称，如 党史党建、法律法规；随机组卷按题库抽题。', width: 12 },
        { header: C.type, required: true, note: '单选题、多选题、判断题 或 填空题。', width: 8 },
        { header: C.stem, required: true, note: '题干；填空题用连续的下划线（如 ____）表示填空处。同一题库内题干唯一，重复导入以题库和题干识别同一题。', width: 50 },
        ...LETTERS.map((l) => ({ header: optionColumn(l), note: `单选题、多选题的选项${l}；至少填写A、B两项，中间不能空项。判断题、填空题不填。`, width: 20 })),
        { header: C.answer, required: true, note: '单选题填一个字母，如 B；多选题填两个及以上字母，如 ABD；判断题填 对 或 错；填空题填正确答案，多个可接受的答案用“|”分隔，如 监察委员会|监委。', width: 16 },
        { header: C.explanation, note: '答案解析，交卷后按考试设置显示。', width: 40 },
      ],
      example: [
        { [C.bank]: '党史党建', [C.type]: '单选题', [C.stem]: '党的二十届三中全会审议通过的决定，主题是进一步全面深化改革、推进什么？', 选项A: '中国式现代化', 选项B: '国家治理现代化', 选项C: '新型工业化', 选项D: '城乡一体化', [C.answer]: 'A', [C.explanation]: '全会审议通过《中共中央关于进一步全面深化改革、推进中国式现代化的决定》。' },
        { [C.bank]: '党史党建', [C.type]: '多选题', [C.stem]: '新时代党的建设总要求中，要以党的政治建设为统领，全面推进党的哪些建设？', 选项A: '思想建设', 选项B: '组织建设', 选项C: '作风建设', 选项D: '纪律建设', 选项E: '经济建设', [C.answer]: 'ABCD', [C.explanation]: '全面推进党的政治建设、思想建设、组织建设、作风建设、纪律建设，把制度建设贯穿其中；经济建设不属于党的建设。' },
        { [C.bank]: '法律法规', [C.type]: '判断题', [C.stem]: '《中华人民共和国监察法》规定，监察机关依法独立行使监察权，不受行政机关、社会团体和个人的干涉。', [C.answer]: '对', [C.explanation]: '见《监察法》第四条。' },
        { [C.bank]: '法律法规', [C.type]: '填空题', [C.stem]: '《行政复议法》规定，申请人可以自知道或者应当知道该行政行为之日起____日内提出行政复议申请。', [C.answer]: '六十|60', [C.explanation]: '法律规定的申请期限超过六十日的除外。' },
      ],
    },
  ],
  instructions: ['已有的题目（题库、题干相同）按本表更新题型、选项、答案和解析；已经交卷的试卷按交卷时的评分保存，不受影响。'],

  async check(c) {
    const rows: QuestionRow[] = [];
    const seen = new Map<string, number>();
    for await (const r of c.each(SHEET)) {
      const x = c.cells(SHEET, r);
      const bank = x.text(C.bank, { required: true, max: 30 });
      const type = x.choice(C.type, TYPES, { required: true });
      const stem = x.text(C.stem, { required: true, max: 1000 });
      const explanation = x.text(C.explanation, { max: 2000 });
      const given = LETTERS.map((l) => x.raw(optionColumn(l)));
      const last = given.findLastIndex((o) => o !== '');
      const options = given.slice(0, last + 1);
      const rawAnswer = x.raw(C.answer);
      if (bank && stem) firstOf(seen, `${bank}\u0000${stem}`, x, C.stem, '该题库的这道题');
      let answer: string[] | null = null;
      if (!rawAnswer) x.bad(C.answer, '答案不能为空');
      else if (type === 'single' || type === 'multiple') {
        const gap = options.findIndex((o) => o === '');
        if (options.length < 2) x.bad(optionColumn('B'), `${type === 'single' ? '单选题' : '多选题'}至少需要A、B两个选项`);
        else if (gap >= 0) x.bad(optionColumn(LETTERS[gap]!), `选项${LETTERS[gap]}为空，选项须连续填写`);
        else if (new Set(options).size !== options.length) x.bad(C.answer, '选项内容有重复');
        else {
          const keys = [...rawAnswer.toUpperCase().replace(/[\s,，、]/g, '')];
          const valid = LETTERS.slice(0, options.length) as readonly string[];
          if (keys.some((k) => !valid.includes(k))) x.bad(C.answer, `答案“${rawAnswer}”不正确，应为选项字母 ${valid.join('')} 中的${type === 'single' ? '一个' : '若干个'}`);
          else if (new Set(keys).size !== keys.length) x.bad(C.answer, '答案中的选项字母有重复');
          else if (type === 'single' && keys.length !== 1) x.bad(C.answer, '单选题的答案只能是一个选项');
          else if (type === 'multiple' && keys.length < 2) x.bad(C.answer, '多选题的答案至少两个选项');
          else answer = [...keys].sort();
        }
      } else if (type) {
        if (options.length) x.bad(optionColumn(LETTERS[options.findIndex((o) => o !== '')]!), `${type === 'judge' ? '判断题' : '填空题'}不填选项`);
        if (type === 'judge') {
          const v = JUDGE[rawAnswer.toUpperCase()] ?? JUDGE[rawAnswer];
          if (!v) x.bad(C.answer, `判断题的答案“${rawAnswer}”不正确，应为 对 或 错`);
          else answer = [v];
        } else {
          if (stem && !/_{2,}|（\s*）|\(\s*\)/.test(stem)) x.bad(C.stem, '填空题的题干须用下划线（如 ____）标出填空处');
          const texts = rawAnswer.split(/[|｜]/).map((s) => s.trim()).filter(Boolean);
          if (texts.length === 0) x.bad(C.answer, '填空题须填写正确答案');
          else answer = [...new Set(texts)];
        }
      }
      if (bank && type && stem && explanation !== null && answer && !c.isBad(SHEET, r.row)) rows.push({ row: r.row, bank, type, stem, options: type === 'single' || type === 'multiple' ? options : [], answer, explanation });
    }
    return { rows };
  },

  async write(tx, plan, c) {
    const rows = plan.rows.filter((q) => !c.isBad(SHEET, q.row));
    if (!rows.length) return ZERO;
    const given = sql`unnest(${arr(rows.map((q) => q.bank), 'text')}, ${arr(rows.map((q) => q.type), 'text')}, ${arr(rows.map((q) => q.stem), 'text')},
                             ${arr(rows.map((q) => JSON.stringify(q.options)), 'jsonb')}, ${arr(rows.map((q) => JSON.stringify(q.answer)), 'jsonb')}, ${arr(rows.map((q) => q.explanation), 'text')})
                      as g(bank, type, stem, options, answer, explanation)`;
    // No unique key on questions (the exam module's own tests and seeds make banks freely): update by (bank, stem), then insert the rest, under the import's lock.
    const updated = await rowsOf<{ inserted: boolean }>(
      tx,
      sql`update questions q set type = g.type, options = g.options, answer = g.answer, explanation = g.explanation from ${given}
          where q.bank = g.bank and q.stem = g.stem and (q.type, q.options, q.answer, q.explanation) is distinct from (g.type, g.options, g.answer, g.explanation)
          returning false as inserted`,
    );
    const inserted = await rowsOf<{ inserted: boolean }>(
      tx,
      sql`insert into questions (bank, type, stem, options, answer, explanation)
          select g.bank, g.type, g.stem, g.options, g.answer, g.explanation from ${given}
          where not exists (select 1 from questions q where q.bank = g.bank and q.stem = g.stem)
          returning true as inserted`,
    );
    return countsOf([...updated, ...inserted], rows.length);
  },
};
