import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import { admin } from './admin';
import {
  authHeaders,
  BOOK,
  choose,
  completeProfile,
  doctorOffering,
  firstSymptom,
  freeSlotIds,
  pickSlot,
  step,
} from './booking-support';
import {
  activateProductCode,
  mintProductCodes,
  promotionProductId,
  referralSummary,
  registerInvited,
} from './promotions-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * Gifts and referral rewards in a real browser against the real server on songhong: a gift code's
 * free consultation pays a booking; a friend invited by link signs up, books and completes a paid
 * consultation, and both wallets receive the tenant's reward, once, with its reason.
 */

test('vi: an activated gift code pays a hospital visit at booking; the product shows as used', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lang = 'vi';
  const text = BOOK[lang];
  const user = await signedIn(page, 'songhong', uniqueEmail('gift'));
  await completeProfile(page.request, 'songhong', user, 'Phạm Minh Tú');
  const [code] = mintProductCodes('songhong', promotionProductId('songhong', 'consultation'));
  await activateProductCode(page.request, 'songhong', user, code!);

  const doctor = await doctorOffering(page.request, 'songhong', [0], 3);
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: text.bookFor(text.service[0]!) }).click();
  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Phạm Minh Tú\)/ }));
  const symptoms = step(page, lang, 'symptoms');
  await choose(firstSymptom(symptoms));
  await symptoms.getByRole('button', { name: text.continue }).click();
  const price = step(page, lang, 'price');
  await choose(price.getByRole('checkbox', { name: /^Dùng quà tặng/ }));
  await expect(price.getByText('Quà tặng trả cho lần khám này')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await price.getByRole('button', { name: text.continue }).click();
  await expect(step(page, lang, 'payment').getByRole('radio')).toHaveCount(1);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: text.pay[2] }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.booked })).toBeVisible();

  await gotoReady(page, portal('songhong', '/me/promotion-products'));
  await expect(page.getByText('Đã sử dụng').first()).toBeVisible();
});

test('en: a friend invited by link books and completes a paid consultation; both wallets get the reward once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const inviter = await signedIn(page, 'songhong', uniqueEmail('inviter'));
  const { referralCode } = await referralSummary(page.request, 'songhong', inviter);

  // The friend signs up through the link's code, then books a hospital visit paid at the visit.
  const friendEmail = uniqueEmail('invited');
  const friendDevice = randomUUID();
  await registerInvited(page.request, 'songhong', friendEmail, referralCode, friendDevice);
  const login = await page.request.post(portal('songkhoe', '/api/v1/Auth/Login'), {
    headers: { CompanyCode: 'songhong', unique: friendDevice },
    data: { userName: friendEmail, password: 'Abc@1234', deviceType: 0, deviceTokenWeb: '' },
  });
  const friend = { ...((await login.json()).data as Record<string, unknown>), cookie: friendDevice };
  const patientId = await completeProfile(page.request, 'songhong', friend, 'Hoàng Lan');
  const doctor = await doctorOffering(page.request, 'songhong', [0], 4);
  const [slotId] = await freeSlotIds(page.request, 'songhong', doctor.doctorId);
  const made = await page.request.post(portal('songkhoe', '/api/v1/Appointments/MakeAppointment'), {
    headers: authHeaders('songhong', friend),
    data: {
      doctorId: doctor.doctorId,
      slotId,
      serviceTypeId: 0,
      patientId,
      symptomIds: [],
      symptomsUnknown: true,
      paymentMethod: 0,
    },
  });
  const booked = await made.json();
  expect(booked.isSuccess, booked.codeMessageRespond).toBe(true);

  // The doctor's side completes it (the operator command): the cash payment is taken, the reward paid.
  const args = ['appointments', 'complete', 'songhong', String(booked.data.appointmentId)];
  const done = admin(...args, '--note', 'Khám định kỳ', '--diagnosis', 'Bình thường');
  expect(done.code, done.output).toBe(0);
  // Completing again changes nothing (the reward is paid once).
  admin(...args, '--note', 'Khám định kỳ', '--diagnosis', 'Bình thường');

  const reward = 50_000;
  const friendBalance = await page.request.get(
    portal('songkhoe', '/api/v1/WalletBalances/GetAllWalletBalances'),
    {
      headers: authHeaders('songhong', friend),
    },
  );
  expect((await friendBalance.json()).data.balance).toBe(reward);

  // The inviter sees the reward on the refer page and in the wallet history, with its reason.
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await gotoReady(page, portal('songhong', '/refer-and-earn'));
  await expect(page.getByTestId('referral-invited')).toHaveText('1');
  await expect(page.getByTestId('referral-earned')).toContainText(/50[.,]000/);
  await gotoReady(page, portal('songhong', '/me/wallet-history'));
  await expect(
    page.getByText('Reward for a friend you invited completing their first paid consultation'),
  ).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});
