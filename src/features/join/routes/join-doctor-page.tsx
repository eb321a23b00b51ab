import { JoinPage } from '../components/join-page';

/** /join-as-doctor: a doctor applies to join; an operator approves the request. */
export function Component() {
  return <JoinPage formId="join-doctor" titleKey="join.doctorTitle" introKey="join.doctorIntro" />;
}
