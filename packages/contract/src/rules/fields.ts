/**
 * The validation rules of SPEC.md section 5, as zod schemas carrying the exact Chinese messages.
 * The login and password forms and the server's request schemas are built from these same pieces.
 */
import '../zodSetup.ts';
import { z } from 'zod';
import { CAPTCHA_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH, SMS_CODE_MAX_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';

/** A required text field: missing, wrong type and empty all say `required`. */
export function requiredText(required: string, max: number, tooLong = `不能超过${max}个字符`) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong);
}

export const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_LENGTH}}$`);
export const phone = requiredText(MSG.phoneRequired, PHONE_LENGTH, MSG.phoneFormat).regex(PHONE_PATTERN, MSG.phoneFormat);

/** Password on login: required, at most 25 characters (the rule is checked when a password is set). */
export const loginPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, `密码不能超过${PASSWORD_MAX_LENGTH}个字符`);

export const PASSWORD_SYMBOLS = '$@!%*#?&,.';
/** At least 8 of letters, digits and $@!%*#?&,. with at least one of each kind; at most 25. */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)(?=.*[$@!%*#?&,.])[A-Za-z\\d$@!%*#?&,.]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);
export const newPassword = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, MSG.newPasswordRequired)
  .regex(PASSWORD_PATTERN, MSG.passwordRule);

export const imageCaptcha = requiredText(MSG.captchaRequired, CAPTCHA_MAX_LENGTH);
export const imageCaptchaForSms = requiredText(MSG.imageCaptchaRequiredForSms, CAPTCHA_MAX_LENGTH);
export const smsCode = requiredText(MSG.smsCodeRequired, SMS_CODE_MAX_LENGTH);
/** A captcha or SMS session id handed out by the server; a missing one means the code was never requested. */
export const codeSessionId = (required: string) => requiredText(required, 64);

/** The change-password form: SMS code obtained and entered, new password rule, confirmation equal. */
export const changePasswordForm = z
  .object({
    smsSessionId: codeSessionId(MSG.smsCodeNotObtained),
    smsCode,
    password: newPassword,
    confirm: z.string({ error: MSG.confirmPasswordRequired }).min(1, MSG.confirmPasswordRequired),
  })
  .refine((f) => f.password === f.confirm, { path: ['confirm'], message: MSG.passwordsDiffer });

/** First message of a failed parse, for a form field or a toast. */
export function firstMessage(result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.badRequest);
}

/** 职级 (position levels) by id, 1-based: a person's positionLevelName is the name of their id. */
export const POSITION_LEVELS = ['试用期人员', '一级科员', '四级主任科员', '二级主任科员', '四级调研员', '二级调研员', '一级巡视员', '其他人员'] as const;

/** A person's name: Chinese characters or letters (with the middle dot of minority and foreign names), 2 to 20. */
export const personName = requiredText('请输入姓名', 20, '姓名不能超过20个字符').regex(/^[\u4e00-\u9fa5A-Za-z·•]{2,20}$/u, '姓名只能包含汉字、字母和间隔号，至少2个字');
/** 民族, e.g. 汉族, 蒙古族. */
export const nationName = requiredText('请输入民族', 10, '民族不能超过10个字符').regex(/^[\u4e00-\u9fa5]{1,9}族$/u, '民族应为“××族”，如汉族');
/** SPEC.md section 2: 0 is male, otherwise female (1). */
export const gender = z.coerce.number({ error: '请选择性别' }).int('性别不正确').min(0, '性别不正确').max(1, '性别不正确');
export const positionLevelId = z.coerce
  .number({ error: '请选择职级' })
  .int('职级不正确')
  .min(1, '职级不正确')
  .max(POSITION_LEVELS.length, '职级不正确');
/** The details of a person a class manager may change (updatePerson); the mobile number, the login name, is not among them. */
export const personDetails = z.object({ personName, gender, nationName, positionLevelId });
