import { JoinPage } from '../components/join-page';

/** /join-as-hospital: a hospital applies to join; an operator approves the request. */
export function Component() {
  return <JoinPage formId="join-hospital" titleKey="join.hospitalTitle" introKey="join.hospitalIntro" />;
}
