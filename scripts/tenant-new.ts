import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run tenant:new -- <code> ["Tên tiếng Việt"] ["English name"]`: scaffolds tenants/<code>/
 * with a minimal tenant.json (every other key takes its default), a logo and an icon. The server
 * picks it up at the next start; open http://<code>.localhost:8080.
 */
const [code, nameVi, nameEn] = process.argv.slice(2);
if (!code || !/^[a-z][a-z0-9]{1,29}$/.test(code)) {
  console.error(
    'Usage: npm run tenant:new -- <code> ["Tên"] ["Name"]   (code: 2-30 lower-case letters/digits, starting with a letter)',
  );
  process.exit(2);
}
const folder = path.join('tenants', code);
if (existsSync(folder)) {
  console.error(`${folder} already exists`);
  process.exit(1);
}
mkdirSync(folder, { recursive: true });
const vi = nameVi ?? code;
const en = nameEn ?? vi;
const config = {
  $schema: '../../schemas/tenant.schema.json',
  code,
  name: { vi, en },
  description: { vi: `Cổng đặt lịch khám của ${vi}.`, en: `The booking portal of ${en}.` },
  theme: { base: 'classic', overrides: {} },
};
writeFileSync(path.join(folder, 'tenant.json'), `${JSON.stringify(config, null, 2)}\n`);
const initial = (vi.trim()[0] ?? code[0]!).toUpperCase().replace(/[<>&"']/g, '');
const template = readFileSync(path.join('tenants', 'songkhoe', 'icon.svg'), 'utf8');
writeFileSync(path.join(folder, 'icon.svg'), template);
writeFileSync(
  path.join(folder, 'logo.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48" viewBox="0 0 180 48" role="img" aria-label="${en.replace(/[<>&"']/g, '')}"><rect x="2" y="6" width="36" height="36" rx="9" fill="#0b5cad"/><text x="20" y="31" text-anchor="middle" font-family="Arial, sans-serif" font-size="18" font-weight="700" fill="#ffffff">${initial}</text><text x="46" y="31" font-family="Arial, sans-serif" font-size="17" font-weight="700" fill="#0b5cad">${vi.replace(/[<>&"']/g, '')}</text></svg>\n`,
);
console.log(`Created ${folder}/ (tenant.json, logo.svg, icon.svg).`);
console.log(
  `Edit ${folder}/tenant.json (see schemas/tenant.schema.json), restart, then open http://${code}.localhost:8080`,
);
