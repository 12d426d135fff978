import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--allow-file-access-from-files'] });
const p = await b.newPage({ viewport: { width: 1020, height: 720 } });
p.on('console', (m) => console.log(m.text()));
await p.goto('file:///tmp/certnotes-view.html#' + (process.argv[2] ?? '1'));
await p.waitForFunction(() => document.title === 'done', null, { timeout: 20000 });
await p.screenshot({ path: '/tmp/certnotes-cert.png' });
await b.close();
