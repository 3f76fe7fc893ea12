import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
const [src, out, h] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
const data = await p.evaluate(async ([d, hh]) => { const i = new Image(); await new Promise((r) => { i.onload = r; i.src = 'data:image/png;base64,' + d; }); const c = document.createElement('canvas'); c.width = i.width; c.height = Math.min(hh, i.height); c.getContext('2d').drawImage(i, 0, 0); return c.toDataURL('image/png').split(',')[1]; }, [readFileSync(src).toString('base64'), Number(h)]);
writeFileSync(out, Buffer.from(data, 'base64')); await b.close();
