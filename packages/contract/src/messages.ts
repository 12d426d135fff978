import { collegeTime } from './calendar.ts';

/** Every user-facing message both sides share: SPEC.md sections 5 and 8, and the server's refusals. */
export const MSG = {
  phoneRequired: '请输入手机号',
  phoneFormat: '手机号码为11位数字',
  imageCaptchaRequiredForSms: '请输入图形验证码！',
  passwordRequired: '请输入密码',
  captchaRequired: '请输入验证码',
  smsCodeRequired: '请输入手机验证码',
  smsCodeNotObtained: '请获取手机验证码',
  newPasswordRequired: '请输入新密码',
  confirmPasswordRequired: '请确认新密码',
  passwordsDiffer: '两次密码输入不一致',
  passwordRule: '密码至少需要8位，同时包含字母、数字和特殊符号($@$!%*#?&,.)',

  sessionExpired: '登录状态过期！请重新登录！',
  requestFailed: '请求失败！',
  networkOffline: '请检查您的网络！',
  uploadFailed: '上传失败！',
  loginSucceeded: '登录成功！',
  loggedOut: '已退出登录！',
  passwordChanged: '密码修改成功！',
  noPermission: '您没有该模块的操作权限',
  phoneNotRegistered:
    '该手机号在系统中不存在，请联系本单位培训联络员在培训管理系统中核实手机号码',

  captchaWrong: '图形验证码错误，请重新输入',
  captchaExpired: '图形验证码已失效，请刷新后重新输入',
  badCredentials: '手机号或密码错误',
  smsCodeWrong: '手机验证码错误',
  smsCodeExpired: '手机验证码已失效，请重新获取',
  smsTooSoon: '验证码发送过于频繁，请稍后再试',
  smsDailyCap: '今日验证码发送次数已达上限，请明天再试',
  rateLimited: '操作过于频繁，请稍后再试',
  accountDisabled: '账号已停用，请联系本单位培训联络员',
  mobileMismatch: '手机号与当前登录账号不一致',
  passwordNotSynced: '新密码与账号当前密码不一致，请先完成修改密码',
  notLoggedIn: '请先登录',
  operatorDisabled: '未配置运维令牌（OPERATOR_TOKEN），此调用不可用',
  operatorTokenWrong: '运维令牌无效',
  wechatExpired: '二维码已过期，请刷新',
  wechatRefresh: '二维码已失效，点击刷新',
  wechatLoadFailed: '二维码加载失败，请点击刷新',
  noPersonAfterLogin: '未能获取登录信息，请重新登录',
  wechatFailed: '微信账号未绑定学员，请使用手机号登录',
  wechatNotBound: '该微信尚未绑定账号，请输入手机号和短信验证码完成绑定',
  wechatBoundToOther: '该账号已绑定其他微信，请联系本单位培训联络员',
  wechatTakenByOther: '该微信已绑定其他账号',
  wechatCodeInvalid: '微信登录凭证无效，请重新进入小程序后再试',
  wechatWaiting: '请使用微信扫一扫登录',
  wechatScanned: '扫描成功，请在手机上确认登录',
  wechatConfirmed: '登录成功',
  avatarType: '头像只能是 JPG、PNG、GIF 或 WEBP 图片',
  avatarTooLarge: '头像图片不能超过2MB',
  avatarMissing: '请选择头像图片',
  avatarUploaded: '头像上传成功',
  notEligibleForAcademy: '您不符合登录全国干部网络学院的条件',
  linkExpired: '链接已失效，请重新打开',
  aiTicketInvalid: '票据无效、已过期或已使用，请从门户重新进入AI助学',
  badRequest: '请求参数不正确',
  illegalCharacter: '输入包含非法字符',
  bodyTooDeep: '请求内容嵌套层级过深',
  uploadIncomplete: '上传的文件不完整或格式不正确，请重新上传',
  notFound: '请求的资源不存在',
  serverError: '服务器繁忙，请稍后再试',
  /** Two changes of one record at the same moment: the other was saved first, this one was not. */
  conflict: '该记录刚被他人同时修改，本次操作未保存，请刷新后查看',
  serviceUnavailable: '服务暂时不可用，请稍后再试',
} as const;

/** "账号已锁定" names the moment the lock ends so the learner knows when to come back. */
export function accountLockedMessage(until: Date): string {
  return `登录失败次数过多，账号已锁定至 ${collegeTime(until)}，请稍后再试`;
}

/** A request body over the size limit: names the limit, so the refusal says what was refused. */
export function bodyTooLargeMessage(maxBytes: number): string {
  const size = maxBytes % (1024 * 1024) === 0 ? `${maxBytes / (1024 * 1024)}MB` : `${Math.ceil(maxBytes / 1024)}KB`;
  return `请求内容过大（不能超过${size}）`;
}
