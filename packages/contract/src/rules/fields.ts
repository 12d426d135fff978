/**
 * The validation rules of SPEC.md section 5, as zod schemas carrying the exact Chinese messages.
 * The login and password forms and the server's request schemas are built from these same pieces.
 */
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
