import { useTranslation } from 'react-i18next';
import { Two2NFType } from '../../../../schemas/codes';
import { deviceId } from '../../../lib/device-id';
import { replyOf } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import {
  useResendCreateUserMutation,
  useVerifyCreateUserMutation,
  useVerifyReliableDeviceMutation,
  useVerifyTwoFactorMutation,
} from '../api';
import type { AuthView } from '../auth-view';
import { useApplyLoginReply, type FlowHandlers } from '../use-apply-login-reply';
import { CodeStep } from './code-step';

type StepOf<N extends AuthView['name']> = Extract<AuthView, { name: N }>;
const nameOf = ({ userName, countryId }: { userName: string; countryId?: number }) => ({
  userName,
  ...(countryId ? { countryId } : {}),
});

/** Second factor (POST /Auth/VerifyOTPTwo2NF): an emailed code, or the authenticator's code or a recovery code. */
export function TwoFactorStep({ view, flow }: { view: StepOf<'two-factor'>; flow: FlowHandlers }) {
  const { t } = useTranslation();
  const [verify] = useVerifyTwoFactorMutation();
  const apply = useApplyLoginReply(flow);
  const byApp = view.two2NFType === Two2NFType.AuthenticatorApp;
  return (
    <CodeStep
      intro={byApp ? t('auth.twoFactorAppIntro') : t('auth.twoFactorEmailIntro')}
      emptyKey="type_otp_we_send"
      allowRecovery={byApp}
      onSubmit={async (otp) => {
        const result = await verify({
          two2NFType: view.two2NFType,
          otp,
          tokenTwo2NFLogin: view.tokenTwo2NFLogin,
        });
        return apply(replyOf(result), nameOf(view));
      }}
    />
  );
}

/** Sign-in from a new device (POST /Auth/VerifyOTPReliableDevice); resending repeats the login request. */
export function StrangeDeviceStep({ view, flow }: { view: StepOf<'strange-device'>; flow: FlowHandlers }) {
  const { t } = useTranslation();
  const [verify] = useVerifyReliableDeviceMutation();
  const apply = useApplyLoginReply(flow);
  return (
    <CodeStep
      intro={t('auth.strangeDeviceIntro')}
      emptyKey="type_otp_we_send"
      onSubmit={async (otp) => {
        const result = await verify({ ...nameOf(view), otp, deviceToken: deviceId() });
        return apply(replyOf(result), nameOf(view));
      }}
    />
  );
}

/** A never-activated account: the code the login just sent (Users/VerifyCreateUserWithOTP), with resend. */
export function NotActiveStep({ view, flow }: { view: StepOf<'not-active'>; flow: FlowHandlers }) {
  const { t } = useTranslation();
  const [verify] = useVerifyCreateUserMutation();
  const [resend] = useResendCreateUserMutation();
  const apply = useApplyLoginReply(flow);
  const userId = view.userId;
  return (
    <CodeStep
      intro={t('warning_verify_account')}
      emptyKey="plz_enter_OTP"
      onSubmit={async (otp) => {
        if (userId === null) return 'something_went_wrong';
        return apply(replyOf(await verify({ otp, userId })), nameOf(view));
      }}
      onResend={async () => {
        if (userId === null) return false;
        const reply = replyOf(await resend({ emailPhone: view.userName, userId }));
        showToast(
          reply?.isSuccess ? t('otp_send_msg') : (reply?.message ?? t('something_went_wrong')),
          reply?.isSuccess ? 'success' : 'error',
        );
        return !!reply?.isSuccess;
      }}
    />
  );
}
