import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const base = 'http://127.0.0.1:3457';
const email = `p${Date.now()}@example.test`;
const password = 'Selah-test-Pass-42!';
const post = (url: string, body: unknown, token?: string) =>
  fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
await post('/api/auth/register', { firstName: 'Pro', lastName: 'File', email, password });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.goto(base + '/favicon.svg');
await page.evaluate(async (b) => {
  const r = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
  const s = await r.json();
  localStorage.setItem('auth-storage', JSON.stringify({ state: s, version: 1 }));
}, { email, password });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(base + '/dashboard');
await page.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop');
writeFileSync('/tmp/h-fw/dash.cpuprofile', JSON.stringify(profile));
await browser.close();
