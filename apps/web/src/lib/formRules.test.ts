import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { changePasswordForm, imageCaptchaForSms, loginPassword, newPassword, phone, smsCode } from '@portal/contract';
import { MSG } from '@portal/contract/base';
import { rulesOf, zodFormRule, zodMessage, zodRule } from './formRules.ts';
import { adminContent } from '@portal/contract';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const validator = (rule as { validator: Validator }).validator;
  return validator({}, value).then(
    () => null,
    (e: Error) => e.message,
  );
}

async function checkForm(rule: ReturnType<typeof zodFormRule>, values: Record<string, unknown>): Promise<string | null> {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const made = (rule as (f: FormInstance) => { validator: Validator })(form);
  return made.validator({}, undefined).then(
    () => null,
    (e: Error) => e.message,
  );
}

describe('zod → antd rule adapter', () => {
  it('shows the section 5 messages of the field schemas', async () => {
    expect(await check(zodRule(phone), undefined)).toBe(MSG.phoneRequired);
    expect(await check(zodRule(phone), '')).toBe(MSG.phoneRequired);
    expect(await check(zodRule(phone), '1380000')).toBe(MSG.phoneFormat);
    expect(await check(zodRule(phone), '1380000000a')).toBe(MSG.phoneFormat);
    expect(await check(zodRule(phone), '13800000001')).toBeNull();
    expect(await check(zodRule(loginPassword), '')).toBe(MSG.passwordRequired);
    expect(await check(zodRule(imageCaptchaForSms), '')).toBe(MSG.imageCaptchaRequiredForSms);
    expect(await check(zodRule(smsCode), undefined)).toBe(MSG.smsCodeRequired);
    expect(await check(zodRule(newPassword), 'abcdefgh')).toBe(MSG.passwordRule);
    expect(await check(zodRule(newPassword), 'Abc@2026x')).toBeNull();
  });

  it('zodMessage answers the first message or null', () => {
    expect(zodMessage(phone, '')).toBe(MSG.phoneRequired);
    expect(zodMessage(phone, '13800000001')).toBeNull();
  });

  it('checks cross-field rules of a whole-form schema per field', async () => {
    const values = { smsSessionId: '', smsCode: '', password: 'Abc@2026x', confirm: 'Abc@2026y' };
    expect(await checkForm(zodFormRule(changePasswordForm, 'smsSessionId'), values)).toBe(MSG.smsCodeNotObtained);
    expect(await checkForm(zodFormRule(changePasswordForm, 'smsCode'), values)).toBe(MSG.smsCodeRequired);
    expect(await checkForm(zodFormRule(changePasswordForm, 'confirm'), values)).toBe(MSG.passwordsDiffer);
    expect(await checkForm(zodFormRule(changePasswordForm, 'password'), values)).toBeNull();
    expect(await checkForm(zodFormRule(changePasswordForm, 'confirm'), { ...values, confirm: '' })).toBe(MSG.confirmPasswordRequired);
    expect(await checkForm(zodFormRule(changePasswordForm, 'password'), { ...values, password: '' })).toBe(MSG.newPasswordRequired);
  });

  it('checks the confirmation while other fields are still untouched (undefined)', async () => {
    const values = { smsCode: undefined, password: 'Abc@2026x', confirm: 'Abc@2026y' };
    expect(await checkForm(zodFormRule(changePasswordForm, 'confirm'), values)).toBe(MSG.passwordsDiffer);
    expect(await checkForm(zodFormRule(changePasswordForm, 'smsCode'), values)).toBe(MSG.smsCodeRequired);
  });

  it('merges values kept outside the form (the SMS session id)', async () => {
    const rule = zodFormRule(changePasswordForm, 'smsSessionId', () => ({ smsSessionId: 'abc123' }));
    expect(await checkForm(rule, { smsCode: '123456', password: 'Abc@2026x', confirm: 'Abc@2026x' })).toBeNull();
  });
});

describe('rulesOf', () => {
  const notice = adminContent.contentFields.notice;
  it('marks a field the schema refuses empty as required, with the schema message', async () => {
    const [required, own] = rulesOf(notice, 'title');
    expect(required).toMatchObject({ required: true, message: '请输入标题' });
    expect(await check(own!, 'x'.repeat(101))).toBe('标题不能超过100个字符');
    expect(await check(own!, '关于培训的通知')).toBeNull();
  });
  it('leaves an optional field unmarked', async () => {
    const rules = rulesOf(notice, 'source');
    expect(rules).toHaveLength(1);
    expect(await check(rules[0]!, 'x'.repeat(51))).toBe('发布单位不能超过50个字符');
  });
  it('refuses a field the schema lacks', () => {
    expect(() => rulesOf(notice, 'nothing')).toThrow();
  });
});
