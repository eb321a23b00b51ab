import { expect, test, type Request } from '@playwright/test';
import { portal, storedUser } from './portal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

test('every API request carries the seven headers of the spec', async ({ page }) => {
  await page.goto(portal('songhong'));
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), storedUser);
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/') && request.resourceType() !== 'image')
      requests.push(request);
  });
  await page.goto(portal('songhong', '/doctor-list'));
  await expect(page.getByRole('navigation', { name: /Phân trang/ })).toBeVisible();

  expect(requests.length).toBeGreaterThanOrEqual(2);
  for (const request of requests) {
    const headers = await request.allHeaders();
    const where = `${request.method()} ${request.url()}`;
    expect(headers['authorization'], where).toBe(`Bearer ${storedUser.token}`);
    expect(headers['content-type'], where).toContain('application/json');
    expect(headers['accept'], where).toContain('application/json');
    expect(headers['x-accept-language'], where).toBe('vi');
    expect(headers['x-timezone-offset'], where).toMatch(/^-?\d+$/);
    expect(headers['unique'], where).toMatch(UUID);
    expect(headers['companycode'], where).toBe('songhong');
  }
  const deviceId = await page.evaluate(() => localStorage.getItem('device_id'));
  expect((await requests[0]!.allHeaders())['unique']).toBe(deviceId);
});
