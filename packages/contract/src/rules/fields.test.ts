import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { changePasswordForm, firstMessage, imageCaptcha, imageCaptchaForSms, loginPassword, newPassword, personDetails, phone, POSITION_LEVELS, smsCode } from './fields.ts';

const msg = (schema: { safeParse(v: unknown): unknown }, v: unknown) =>
  firstMessage(schema.safeParse(v) as Parameters<typeof firstMessage>[0]);

describe('SPEC.md section 5 validation rules', () => {
  it('phone must be entered and be 11 digits', () => {
    expect(msg(phone, undefined)).toBe('请输入手机号');
    expect(msg(phone, '')).toBe('请输入手机号');
    expect(msg(phone, '1380000000')).toBe('手机号码为11位数字');
    expect(msg(phone, '138000000011')).toBe('手机号码为11位数字');
    expect(msg(phone, '1380000000a')).toBe('手机号码为11位数字');
    expect(msg(phone, '13800000001')).toBeNull();
  });

  it('SMS request needs the image captcha with its own message', () => {
    expect(msg(imageCaptchaForSms, '')).toBe('请输入图形验证码！');
    expect(msg(imageCaptchaForSms, 'ab12')).toBeNull();
  });

  it('password login needs password and captcha, within the maximum lengths', () => {
    expect(msg(loginPassword, '')).toBe('请输入密码');
    expect(msg(loginPassword, 'x'.repeat(26))).not.toBeNull();
    expect(msg(loginPassword, 'x'.repeat(25))).toBeNull();
    expect(msg(imageCaptcha, '')).toBe('请输入验证码');
    expect(msg(imageCaptcha, '1234567')).not.toBeNull();
  });

  it('SMS login needs the code, at most 6', () => {
    expect(msg(smsCode, '')).toBe('请输入手机验证码');
    expect(msg(smsCode, '1234567')).not.toBeNull();
    expect(msg(smsCode, '123456')).toBeNull();
  });

  it('a new password needs 8+ characters with a letter, a digit and one of $@!%*#?&,.', () => {
    expect(msg(newPassword, '')).toBe('请输入新密码');
    for (const bad of ['Ab1$', 'abcdefgh', 'abcd1234', 'abcd$$$$', '12345678$', 'Abcd 123$', 'Abcd1234^']) {
      expect(msg(newPassword, bad), bad).toBe(MSG.passwordRule);
    }
    for (const good of ['Study@2026', 'abc123,.', 'A1!aaaaa', 'Teach@2026']) expect(msg(newPassword, good), good).toBeNull();
  });

  it('change password: code obtained and entered, confirmation given and equal', () => {
    const ok = { smsSessionId: 's1', smsCode: '123456', password: 'Study@2027', confirm: 'Study@2027' };
    expect(changePasswordForm.safeParse(ok).success).toBe(true);
    expect(msg(changePasswordForm, { ...ok, smsSessionId: '' })).toBe('请获取手机验证码');
    expect(msg(changePasswordForm, { ...ok, smsCode: '' })).toBe('请输入手机验证码');
    expect(msg(changePasswordForm, { ...ok, password: '' })).toBe('请输入新密码');
    expect(msg(changePasswordForm, { ...ok, confirm: '' })).toBe('请确认新密码');
    expect(msg(changePasswordForm, { ...ok, confirm: 'Study@2028' })).toBe('两次密码输入不一致');
  });
});

describe("a person's details (updatePerson)", () => {
  it('refuses a bad name, nation, gender or position level with a Chinese message', () => {
    const ok = { personName: '张伟', gender: 0, nationName: '汉族', positionLevelId: 3 };
    expect(firstMessage(personDetails.safeParse(ok))).toBeNull();
    expect(firstMessage(personDetails.safeParse({ ...ok, personName: '' }))).toBe('请输入姓名');
    expect(firstMessage(personDetails.safeParse({ ...ok, personName: '张' }))).toBe('姓名只能包含汉字、字母和间隔号，至少2个字');
    expect(firstMessage(personDetails.safeParse({ ...ok, personName: '<b>张伟</b>' }))).toBe('姓名只能包含汉字、字母和间隔号，至少2个字');
    expect(firstMessage(personDetails.safeParse({ ...ok, nationName: '汉' }))).toBe('民族应为“××族”，如汉族');
    expect(firstMessage(personDetails.safeParse({ ...ok, gender: 2 }))).toBe('性别不正确');
    expect(firstMessage(personDetails.safeParse({ ...ok, positionLevelId: 9 }))).toBe('职级不正确');
    expect(POSITION_LEVELS[ok.positionLevelId - 1]).toBe('四级主任科员');
  });
});
