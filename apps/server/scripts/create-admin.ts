/**
 * `npm run admin:create -w @portal/server -- <手机号> <姓名> <密码>`: the college's first system
 * administrator; the rest are given their roles in the administration area. The person is
 * created when nobody has the number (with the password given), or is an existing person who is given
 * the 系统管理员 role (their password is then set to the one given). Audited as adminGrant.
 */
import path from 'node:path';
import { userInfo } from 'node:os';
import { PASSWORD_PATTERN, MSG } from '@portal/contract';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { refuseWhileServing } from '../src/modules/ops/localServer.ts';
import { makePlatform } from '../src/modules/platform/service.ts';
import { createSystemAdmin } from '../src/modules/admin/bootstrap.ts';

const [mobile, name, password] = process.argv.slice(2);
if (!mobile || !name || !password) {
  console.error('usage: npm run admin:create -w @portal/server -- <手机号> <姓名> <密码>');
  process.exit(2);
}
if (!/^\d{11}$/.test(mobile)) {
  console.error(MSG.phoneFormat);
  process.exit(2);
}
if (!PASSWORD_PATTERN.test(password)) {
  console.error(MSG.passwordRule);
  process.exit(2);
}
const config = loadConfig();
try {
  await refuseWhileServing(config, '');
} catch {
  console.error(`服务器正在内嵌数据库（${config.DATA_DIR}）上运行：请先停止服务器，再运行此命令`);
  process.exit(1);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
try {
  const r = await createSystemAdmin(database.db, makePlatform(database.db), { mobile, name, password, from: `command:${userInfo().username}` });
  console.log(`${r.created ? '已创建' : '已有此人'}：${r.personName}（${mobile}），已授予系统管理员角色。请在 /admin 以密码和短信验证码登录。`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
