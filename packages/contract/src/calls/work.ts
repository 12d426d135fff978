/**
 * Homework (作业/心得体会) and practice reports (实践报告) (PRODUCT.md: Work, Practice; SPEC.md section 7:
 * studentLearn works add / find / update / delete, the work-file and photo uploads; teacher work
 * examine, workExport, practice audit).
 *
 * An assignment (作业) belongs to a class (the class's teachers review it) and, for its label, to a
 * course of the class plan or to the class's install. Its kind is homework or practice: a practice
 * report is the same mechanics with a template (time, place, what was done, outcome, photos).
 *
 * A learner has at most one submission per assignment, with these states:
 *   draft → submitted → passed | returned → (edited, still returned) → submitted (resubmitted) → …
 * For a practice report the same states read 待审核 (submitted), 已通过 (passed), 已驳回 (returned).
 * A submitted work is read-only until it is returned. Every submission is kept as a numbered
 * version (1, 2, …) with its text, attachments and the review it got.
 *
 * Text: Markdown source with raw HTML disabled. The server keeps the source (control characters
 * dropped, line ends normalised) and answers beside it `html`, rendered by the server from it with
 * raw HTML escaped and only http(s)/mailto links kept: safe to insert as it is. Word count:
 * `wordCount` (wordCount.ts), the same on both sides.
 *
 * Drafts: `updateWork` saves (autosave and the explicit save alike). The client sends the revision of
 * the draft it started from (0 before the first save); the server saves only when that is still the
 * draft's revision and answers the new one, so an old autosave (a slow request, another tab) never
 * overwrites a newer draft: it is refused with the message WORK_MSG.stale (res false; the client
 * recognises that message) and the client reloads the draft, keeping its local copy.
 * Sending the same content again with an old revision (a retry of a save the server did make)
 * answers the current revision instead of a refusal.
 *
 * Deadlines: due date, and an optional cut-off after it. Submitted by the due date: on time; after it
 * and until the cut-off (or at any time when there is none): accepted and marked late; after the
 * cut-off: refused. A returned work may be resubmitted at any time (the teacher asked for it); it
 * keeps the late mark of its first submission.
 *
 * Attachments: uploaded first (uploadWorkFile, uploadPhoto), each answered with an id, then named in
 * the draft's `attachmentIds`; the type is decided by the file's content, not its name, and files
 * are stored under generated names, outside the public uploads. They are read through
 * downloadWorkFile by their learner and the teachers of the assignment's class only.
 */
import { z } from 'zod';
import { defineCall, pageOf, pageQuery } from '../call.ts';
import { INT_MAX, intParam } from '../rules/numbers.ts';
import { idParam, keywordParam } from './content.ts';

const SL = '/video_learning/education/studentLearn';
const T = '/video_learning/education/teacher';
const instant = z.string().describe('ISO 8601 date-time');

// ---- constants both sides show --------------------------------------------------------------

export const WORK_KINDS = ['homework', 'practice'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
export const WORK_KIND_LABELS: Record<WorkKind, string> = { homework: '作业', practice: '实践报告' };

/** A submission's state; `none`: the learner has not started (no draft saved). */
export const WORK_STATES = ['none', 'draft', 'submitted', 'passed', 'returned'] as const;
export type WorkState = (typeof WORK_STATES)[number];
export const WORK_STATE_LABELS: Record<WorkState, string> = { none: '未开始', draft: '草稿', submitted: '已提交待批阅', passed: '已通过', returned: '已退回修改' };
export const PRACTICE_STATE_LABELS: Record<WorkState, string> = { none: '未开始', draft: '草稿', submitted: '待审核', passed: '已通过', returned: '已驳回' };
export const workStateLabel = (kind: WorkKind, state: WorkState) => (kind === 'practice' ? PRACTICE_STATE_LABELS : WORK_STATE_LABELS)[state];

/** The teacher's filter of one assignment's submissions: `missing` are members with nothing submitted yet (no draft counts). */
export const REVIEW_FILTERS = ['pending', 'passed', 'returned', 'missing'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = { pending: '待批阅', passed: '已通过', returned: '已退回', missing: '未提交' };
export const PRACTICE_FILTER_LABELS: Record<ReviewFilter, string> = { pending: '待审核', passed: '已通过', returned: '已驳回', missing: '未提交' };

import { PHOTO_NAMES, WORK_FILE_NAMES, WORK_FILE_TYPES } from '../workFiles.ts';

export { PHOTO_ACCEPT, PHOTO_NAMES, PHOTO_TYPES, WORK_FILE_ACCEPT, WORK_FILE_FORMATS, WORK_FILE_NAMES, WORK_FILE_TYPES, workFileTypeOfName, type WorkFileType } from '../workFiles.ts';

export const WORK_LIMITS = {
  /** Characters of the Markdown source. */
  textMax: 20_000,
  fileMaxBytes: 10 * 1024 * 1024,
  /** All attachments of one submission together. */
  submissionMaxBytes: 30 * 1024 * 1024,
  filesMax: 10,
  photoMaxBytes: 5 * 1024 * 1024,
  photosMax: 9,
  commentMax: 1000,
  scoreMax: 100,
  /** Practice template fields (characters). */
  placeMax: 100,
  timeMax: 50,
  practiceTextMax: 5000,
} as const;

export const WORK_MSG = {
  fileTooLarge: '单个附件不能超过10MB',
  photoTooLarge: '单张照片不能超过5MB',
  fileMissing: '请选择要上传的文件',
  /** A file of a type not accepted (by its name; by its content when it has no name). */
  fileType: `仅支持上传${WORK_FILE_NAMES}文件（10MB以内）`,
  /** A file whose content is not what its name says (a renamed picture, a program called .docx). */
  fileMismatch: `文件内容与扩展名不符，仅支持上传${WORK_FILE_NAMES}文件（10MB以内）`,
  photoType: `仅支持上传${PHOTO_NAMES}图片（5MB以内）`,
  photoMismatch: `照片内容与扩展名不符，仅支持上传${PHOTO_NAMES}图片（5MB以内）`,
  tooManyPhotos: '每份实践报告最多上传9张照片',
  submissionTooLarge: '附件合计不能超过30MB',
  attachmentsNotAllowed: '本作业不需要上传附件',
  fileNotFound: '附件不存在或无权查看',
  workNotFound: '作业不存在或您不在该作业的班级中',
  notYourWork: '只能查看和修改本人的作业',
  readOnly: '作业已提交，批阅退回前不能修改',
  passedReadOnly: '作业已通过，不能再修改',
  stale: '草稿已在其他窗口或设备上更新，本次保存未覆盖较新的内容',
  pastCutoff: '已超过截止时间，不能再提交',
  notDraft: '只能删除从未提交过的草稿',
  nothingToDelete: '没有可删除的草稿',
  textRequired: '请填写正文',
  practiceFieldsRequired: '请填写实践时间、地点、实践内容和取得成效',
  notPending: '该作业已被批阅或已撤回，请刷新后查看',
  /** Another teacher of the class reviewed it first (two teachers at once): theirs stands. */
  reviewedByOther: '该作业已由其他老师批阅，请刷新后查看',
  /** A review from the review queue holds it for its undo window: that review becomes final unless undone. */
  heldInQueue: '该作业已在批阅中心批阅，正处于可撤销的等待期内，本次批阅未保存，请稍后刷新查看',
  versionChanged: '学员已提交新的版本，请刷新后批阅',
  scoreRequired: '通过时请填写成绩',
  scoreRange: '成绩为0至100分',
  commentRequired: '退回修改时请填写评语',
  rejectCommentRequired: '驳回时请填写驳回理由',
  notPractice: '该记录不是实践报告',
  notHomework: '该记录不是作业',
  submissionNotFound: '提交记录不存在或不属于本班级',
  extensionPast: '延期截止时间须晚于现在',
  extensionTooLong: '延期不能超过截止时间后180天',
  notMember: '所选学员不在本班级',
  extended: '已为该学员延期',
  saved: '草稿已保存',
  submitted: '作业已提交',
  examined: '批阅已保存',
  audited: '审核已保存',
} as const;

/** The attachments an assignment takes: its own number, within the portal's limit for any assignment. */
export const filesAllowed = (maxFiles: number) => Math.min(maxFiles, WORK_LIMITS.filesMax);

/** Refusals that name numbers. */
export const tooManyFiles = (max: number) => `本作业最多可上传${max}个附件`;
export const tooFewWords = (min: number, n: number) => `正文不少于${min}字，当前${n}字`;
export const tooManyWords = (max: number, n: number) => `正文不能超过${max}字，当前${n}字`;

// ---- shared shapes ---------------------------------------------------------------------------

const workId = idParam('作业编号');
const submissionId = idParam('提交记录编号');
const fileId = idParam('附件编号');
const classId = idParam('班级编号');
const trueFalse = z.enum(['true', 'false'], { error: '筛选条件不正确' });

/** An assignment as the lists show it. */
export const workItem = z.object({
  id: z.number().int(),
  kind: z.enum(WORK_KINDS),
  classId: z.number().int(),
  className: z.string(),
  title: z.string(),
  /** The course of the class plan or the topic (install) it belongs to; '' when neither. */
  courseTitle: z.string(),
  installTitle: z.string(),
  dueAt: instant,
  /** Late work is accepted until then; null: late work is accepted at any time. */
  cutoffAt: instant.nullable(),
  /** 0: no limit. */
  minWords: z.number().int(),
  maxWords: z.number().int(),
  /** The attachments this assignment takes (filesAllowed); 0: none (practice reports take photos whatever this says). */
  maxFiles: z.number().int(),
});
export type WorkItem = z.infer<typeof workItem>;

export const workFile = z.object({
  id: z.number().int(),
  /** The name the learner's file had (shown, never used for storage). */
  name: z.string(),
  type: z.enum(WORK_FILE_TYPES),
  size: z.number().int(),
  /** file: a work-file upload; photo: a practice photo. */
  kind: z.enum(['file', 'photo']),
  uploadedAt: instant,
  /** The downloadWorkFile address of this file (add &download=true to save instead of view). */
  url: z.string(),
});
export type WorkFile = z.infer<typeof workFile>;

/** The practice report template; every field may be empty in a draft and is required to submit. */
export const practiceFields = z.object({
  /** When the practice took place, as the learner writes it (2026年10月12日至14日). */
  time: z.string({ error: '实践时间必须是文字' }).trim().max(WORK_LIMITS.timeMax, `实践时间不能超过${WORK_LIMITS.timeMax}个字`).default(''),
  place: z.string({ error: '实践地点必须是文字' }).trim().max(WORK_LIMITS.placeMax, `实践地点不能超过${WORK_LIMITS.placeMax}个字`).default(''),
  /** What was done (Markdown, as the homework text). */
  done: z.string({ error: '实践内容必须是文字' }).max(WORK_LIMITS.practiceTextMax, `实践内容不能超过${WORK_LIMITS.practiceTextMax}个字`).default(''),
  /** The outcome (Markdown). */
  outcome: z.string({ error: '取得成效必须是文字' }).max(WORK_LIMITS.practiceTextMax, `取得成效不能超过${WORK_LIMITS.practiceTextMax}个字`).default(''),
});
export type PracticeFields = z.infer<typeof practiceFields>;

/** The review a version got (null fields until reviewed). */
const review = {
  /** 0-100, one decimal; null for practice reports and for a return without a score. */
  score: z.number().nullable(),
  comment: z.string(),
  examinedBy: z.string().nullable(),
  examinedAt: instant.nullable(),
};

/** Text answered with its safe rendering. */
const rendered = { text: z.string(), html: z.string() };

export const practiceView = z.object({
  time: z.string(),
  place: z.string(),
  done: z.string(),
  doneHtml: z.string(),
  outcome: z.string(),
  outcomeHtml: z.string(),
});

/** One submitted version, as history and review show it. */
export const workVersion = z.object({
  version: z.number().int(),
  submittedAt: instant,
  late: z.boolean(),
  ...rendered,
  practice: practiceView.nullable(),
  wordCount: z.number().int(),
  attachments: z.array(workFile),
  /** The outcome of this version: submitted (awaiting review), passed or returned. */
  state: z.enum(['submitted', 'passed', 'returned']),
  ...review,
});
export type WorkVersion = z.infer<typeof workVersion>;

/** My submission of an assignment: the current draft or the state it is in. */
export const mySubmission = z.object({
  id: z.number().int(),
  state: z.enum(WORK_STATES),
  /** The draft's revision: send it back with the next save. */
  revision: z.number().int(),
  /** Versions submitted so far (0: never submitted). */
  version: z.number().int(),
  ...rendered,
  practice: practiceView.nullable(),
  wordCount: z.number().int(),
  attachments: z.array(workFile),
  /** Set on the first submission when it came after the due date. */
  late: z.boolean(),
  savedAt: instant,
  submittedAt: instant.nullable(),
  ...review,
  /** Whether the learner may change it now (a draft, or a returned work). */
  editable: z.boolean(),
});
export type MySubmission = z.infer<typeof mySubmission>;

/** What the deadline allows now (for me: an extension the teacher granted me counts). */
export const deadlineState = z.object({
  /** Past the due date (a submission now is late). */
  overdue: z.boolean(),
  /** Past the cut-off: a first submission is refused. */
  closed: z.boolean(),
  /** An extension granted to me: until then my work is on time and accepted; null when none. */
  extensionUntil: instant.nullable(),
});

// ---- learner: my works ------------------------------------------------------------------------

export const myWorkItem = workItem.extend({
  state: z.enum(WORK_STATES),
  score: z.number().nullable(),
  late: z.boolean(),
  submittedAt: instant.nullable(),
  examinedAt: instant.nullable(),
  ...deadlineState.shape,
});
export type MyWorkItem = z.infer<typeof myWorkItem>;

export const findWorkByPage = defineCall({
  name: 'findWorkByPage',
  method: 'POST',
  path: `${SL}/findWorkByPage`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'myhomework: the assignments of my classes with my state and score, those needing my action first (open drafts and returned works, then not started by due date), then the rest by due date, newest first; of one kind and one state when given.',
  query: pageQuery.extend({
    kind: z.enum(WORK_KINDS, { error: '作业类型不正确' }).optional(),
    state: z.enum(WORK_STATES, { error: '作业状态不正确' }).optional(),
  }),
  data: pageOf(myWorkItem),
});

export const workDetail = z.object({
  work: workItem.extend({
    /** The requirement (Markdown source) and its safe rendering. */
    requirement: z.string(),
    requirementHtml: z.string(),
    ...deadlineState.shape,
  }),
  /** null: not started (no draft saved yet). */
  submission: mySubmission.nullable(),
});
export type WorkDetail = z.infer<typeof workDetail>;

export const findWorkById = defineCall({
  name: 'findWorkById',
  method: 'POST',
  path: `${SL}/findWorkById`,
  envelope: 'vl',
  auth: 'required',
  summary: 'myhomework1 to myhomework4: one assignment of my classes (requirement, limits, deadlines) and my submission (draft or state, text, attachments, score and comment).',
  query: z.object({ workId }),
  data: workDetail,
});

export const findWorkVersions = defineCall({
  name: 'findWorkVersions',
  method: 'POST',
  path: `${SL}/findWorkVersions`,
  envelope: 'vl',
  auth: 'required',
  summary: 'myhomework5: every version I submitted of one assignment, newest first, each with its date, text, attachments and review.',
  query: z.object({ workId }),
  data: z.array(workVersion),
});

/** What a save or a submission sends: the whole draft. */
export const draftBody = z.object({
  workId,
  /** The revision the client's text is based on (0 before the first save). */
  revision: intParam('草稿版本', 0, INT_MAX, { tooSmall: '草稿版本不正确', tooLarge: '草稿版本不正确' }),
  text: z.string({ error: '正文必须是文字' }).max(WORK_LIMITS.textMax, `正文不能超过${WORK_LIMITS.textMax}个字符`).default(''),
  /** Practice reports only (ignored for homework). */
  practice: practiceFields.optional(),
  /** Files and photos uploaded by me for this assignment, in the order to show them. */
  attachmentIds: z.array(fileId).max(WORK_LIMITS.filesMax + WORK_LIMITS.photosMax, '附件数量过多').default([]),
});
export type DraftBody = z.infer<typeof draftBody>;

export const savedDraft = z.object({
  submissionId: z.number().int(),
  revision: z.number().int(),
  savedAt: instant,
  wordCount: z.number().int(),
});

export const updateWork = defineCall({
  name: 'updateWork',
  method: 'POST',
  path: `${SL}/updateWork`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Saves my draft of an assignment (autosave and the explicit save; the first save creates it): only when `revision` is still the draft\'s (else refused with 草稿已在其他窗口或设备上更新…), answering the new revision. Refused once submitted until returned.',
  body: draftBody,
  data: savedDraft,
});

export const addWork = defineCall({
  name: 'addWork',
  method: 'POST',
  path: `${SL}/addWork`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Submits my work: saves the draft sent (same revision rule as updateWork) and hands it in as a new version, checked against the word limits, the practice template and the deadlines (late until the cut-off, refused after; a returned work may always be resubmitted). Read-only until returned.',
  body: draftBody,
  data: mySubmission,
});

export const deleteWork = defineCall({
  name: 'deleteWork',
  method: 'POST',
  path: `${SL}/deleteWork`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Deletes my draft of an assignment that I have never submitted (a submitted work and its versions are kept).',
  body: z.object({ workId }),
  data: z.object({ workId: z.number().int() }),
});

export const uploadWorkFile = defineCall({
  name: 'uploadWorkFile',
  method: 'POST',
  path: `${SL}/uploadWorkFile`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'Work-file upload: one attachment for my draft of `workId` in the multipart field file (PDF, doc/docx, xls/xlsx, JPG or PNG by content, at most 10 MB; at most 10 files and 30 MB per submission). Stored under a generated name; name it in the next save.',
  query: z.object({ workId }),
  upload: { field: 'file', maxBytes: WORK_LIMITS.fileMaxBytes, tooLarge: WORK_MSG.fileTooLarge },
  data: workFile,
});

export const uploadPhoto = defineCall({
  name: 'uploadPhoto',
  method: 'POST',
  path: `${SL}/uploadPhoto`,
  envelope: 'vl',
  auth: 'required',
  summary: 'Photo upload: one photo of my practice report for `workId` in the multipart field photo (JPG or PNG by content, at most 5 MB; at most 9 photos per report).',
  query: z.object({ workId }),
  upload: { field: 'photo', maxBytes: WORK_LIMITS.photoMaxBytes, tooLarge: WORK_MSG.photoTooLarge },
  data: workFile,
});

export const downloadWorkFile = defineCall({
  name: 'downloadWorkFile',
  method: 'GET',
  path: `${SL}/downloadWorkFile`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary:
    "One attachment, to its learner or (once handed in) a teacher of the assignment's class only; 404 to anybody else. Sent as the file with its type, Content-Disposition inline for PDF and images (attachment for Word and Excel, and for any with download=true). Authorised by the login token header like every call, so a page fetches it as a blob (as api/download.ts does) and shows images and PDFs from the blob (PDF with pdf.js, as studypdf).",
  query: z.object({ fileId, download: trueFalse.default('false') }),
  data: z.null(),
});

// ---- teacher: review ------------------------------------------------------------------------------

export const classWorkItem = workItem.extend({
  members: z.number().int(),
  /** Submitted and awaiting review. */
  pending: z.number().int(),
  /** Reviewed: passed + returned (a returned one counts here until resubmitted). */
  reviewed: z.number().int(),
  passed: z.number().int(),
  returned: z.number().int(),
  /** Members with nothing submitted yet. */
  missing: z.number().int(),
  late: z.number().int(),
});
export type ClassWorkItem = z.infer<typeof classWorkItem>;

export const findClassWork = defineCall({
  name: 'findClassWork',
  method: 'POST',
  path: `${T}/findClassWork`,
  envelope: 'vl',
  auth: 'required',
  summary: 'work (and practice): the assignments of my class, of one kind (homework by default), latest due first, with pending / reviewed / missing / late counts.',
  query: z.object({ classId, kind: z.enum(WORK_KINDS, { error: '作业类型不正确' }).default('homework') }),
  data: z.array(classWorkItem),
});

/** The filter of one assignment's submissions: the screen and its export take the same one. */
export const submissionFilter = z.object({
  classId,
  workId,
  state: z.enum(REVIEW_FILTERS, { error: '批阅状态不正确' }).optional(),
  late: trueFalse.optional(),
  /** Name, number or unit. */
  keyword: keywordParam,
});
export type SubmissionFilter = z.infer<typeof submissionFilter>;

/** One member's row of an assignment (or of the class's practice reports). */
export const submissionRow = z.object({
  /** null: nothing submitted (missing). */
  submissionId: z.number().int().nullable(),
  workId: z.number().int(),
  workTitle: z.string(),
  personId: z.number().int(),
  personNo: z.string(),
  personName: z.string(),
  organName: z.string(),
  /** none / draft are shown as 未提交 (the teacher does not see drafts). */
  state: z.enum(WORK_STATES),
  version: z.number().int(),
  wordCount: z.number().int(),
  attachmentCount: z.number().int(),
  late: z.boolean(),
  submittedAt: instant.nullable(),
  score: z.number().nullable(),
  examinedBy: z.string().nullable(),
  examinedAt: instant.nullable(),
  /** An extension granted to this member (grantWorkExtension); null when none. */
  extensionUntil: instant.nullable(),
});
export type SubmissionRow = z.infer<typeof submissionRow>;

export const findWorkSubmissionByPage = defineCall({
  name: 'findWorkSubmissionByPage',
  method: 'POST',
  path: `${T}/findWorkSubmissionByPage`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'work1: the members of my class against one assignment: awaiting review first (oldest submission first), then returned, passed, and those with nothing submitted; filtered by state, late and a name / number / unit, paged. With the assignment and its counts.',
  query: pageQuery.extend(submissionFilter.shape),
  data: pageOf(submissionRow).extend({ work: classWorkItem }),
});

export const workExport = defineCall({
  name: 'workExport',
  method: 'GET',
  path: `${T}/workExport`,
  envelope: 'raw',
  auth: 'required',
  binary: true,
  summary: 'The submissions of one assignment with the same filter as an Excel workbook (xlsx), every row, in the order and columns of the screen.',
  query: submissionFilter,
  data: z.null(),
});

/** One change between two texts: equal, inserted in the newer, deleted from the older. */
export const diffPart = z.object({ op: z.enum(['equal', 'insert', 'delete']), text: z.string() });
export type DiffPart = z.infer<typeof diffPart>;

export const submissionDetail = z.object({
  work: workItem.extend({ requirement: z.string(), requirementHtml: z.string() }),
  submissionId: z.number().int(),
  personId: z.number().int(),
  personNo: z.string(),
  personName: z.string(),
  organName: z.string(),
  state: z.enum(WORK_STATES),
  /** The version under review (the last submitted), with its text and attachments. */
  current: workVersion,
  /** Every submitted version, newest first (current is the first). */
  versions: z.array(workVersion),
  /**
   * The changes from the previous version to the current one, computed on the server (sentence by
   * sentence, and within a changed sentence character by character; the practice fields joined in
   * template order with their headings); null for a first version.
   */
  diff: z.array(diffPart).nullable(),
  /** The next submission of the same assignment awaiting review after this one (in list order), wrapping round; null when none. */
  nextPendingId: z.number().int().nullable(),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

export const findWorkSubmission = defineCall({
  name: 'findWorkSubmission',
  method: 'POST',
  path: `${T}/findWorkSubmission`,
  envelope: 'vl',
  auth: 'required',
  summary: 'work2 and practice1: one submission of my class: the text and attachments of its last version, the changes since the version before, every version, and the next one awaiting review.',
  query: z.object({ classId, submissionId }),
  data: submissionDetail,
});

export const reviewResult = z.object({
  submissionId: z.number().int(),
  state: z.enum(WORK_STATES),
  version: z.number().int(),
  ...review,
  nextPendingId: z.number().int().nullable(),
});

const comment = z.string({ error: '评语必须是文字' }).trim().max(WORK_LIMITS.commentMax, `评语不能超过${WORK_LIMITS.commentMax}个字`).default('');
/** The version the teacher read: a review of an older one is refused. */
const reviewedVersion = intParam('版本号', 1, 100000, { tooSmall: '版本号不正确', tooLarge: '版本号不正确' });

export const examineWork = defineCall({
  name: 'examineWork',
  method: 'POST',
  path: `${T}/examineWork`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'work examine: pass (with a score) or return for revision (with a comment) the version I read of a homework of my class awaiting review; once only (a second teacher is told it was reviewed). The learner gets a message.',
  body: z.object({
    classId,
    submissionId,
    version: reviewedVersion,
    decision: z.enum(['pass', 'return'], { error: '请选择通过或退回修改' }),
    score: z.number({ error: '成绩必须是数字' }).min(0, WORK_MSG.scoreRange).max(WORK_LIMITS.scoreMax, WORK_MSG.scoreRange).nullable().default(null),
    comment,
  }),
  data: reviewResult,
});

export const findPracticeByPage = defineCall({
  name: 'findPracticeByPage',
  method: 'POST',
  path: `${T}/findPracticeByPage`,
  envelope: 'vl',
  auth: 'required',
  summary:
    'practice: the practice reports of my class (of every practice assignment, or one), pending audit first (oldest first), then rejected, approved, and members with nothing submitted when asked for (state=missing, with workId); filtered, paged.',
  query: pageQuery.extend({
    classId,
    workId: workId.optional(),
    state: z.enum(REVIEW_FILTERS, { error: '审核状态不正确' }).optional(),
    late: trueFalse.optional(),
    keyword: keywordParam,
  }),
  data: pageOf(submissionRow),
});

export const auditPractice = defineCall({
  name: 'auditPractice',
  method: 'POST',
  path: `${T}/auditPractice`,
  envelope: 'vl',
  auth: 'required',
  summary: 'practice audit: approve, or reject with a reason, the version I read of a practice report of my class awaiting audit; once only. The learner gets a message.',
  body: z.object({
    classId,
    submissionId,
    version: reviewedVersion,
    decision: z.enum(['approve', 'reject'], { error: '请选择通过或驳回' }),
    comment,
  }),
  data: reviewResult,
});

export const grantWorkExtension = defineCall({
  name: 'grantWorkExtension',
  method: 'POST',
  path: `${T}/grantWorkExtension`,
  envelope: 'vl',
  auth: 'required',
  summary:
    "Grants one member of my class a later deadline for an assignment (Moodle's extension): until then their work is on time and accepted, whatever the due date and cut-off; granting again replaces it. At most 180 days past the cut-off (or due date). The learner gets a message.",
  body: z.object({
    classId,
    workId,
    personId: idParam('学员编号'),
    until: z.iso.datetime({ offset: true, error: '延期截止时间格式不正确' }),
    reason: z.string({ error: '延期原因必须是文字' }).trim().max(200, '延期原因不能超过200个字').default(''),
  }),
  data: z.object({ workId: z.number().int(), personId: z.number().int(), extensionUntil: instant }),
});

export const findWorkPending = defineCall({
  name: 'findWorkPending',
  method: 'POST',
  path: `${T}/findWorkPending`,
  envelope: 'vl',
  auth: 'required',
  summary: 'teacherinfo: per class of mine, how many homework submissions and practice reports await my review.',
  data: z.array(z.object({ classId: z.number().int(), className: z.string(), homework: z.number().int(), practice: z.number().int() })),
});
