import type { LanguageCode } from '../../../schemas/tenant.schema';
import { messageFor } from '../../lib/messages';
import type { SignInReply } from './sign-in';

/** The envelope of a login-like reply: isSuccess, the step code (or null) and its message. */
export function signInEnvelope(reply: SignInReply, lang: LanguageCode) {
  return {
    isSuccess: true,
    codeMessageRespond: reply.code,
    message: messageFor(reply.code ?? 'user_signin_success', lang),
    data: reply.data,
    errors: null,
  };
}
