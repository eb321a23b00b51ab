import type { ReactNode } from 'react';
import { page } from '../../../components/ui.css';
import { useStoredUser } from '../../../lib/use-stored-user';
import { isCareUser } from '../../../lib/user-storage';

/**
 * The care pages' own guard on top of the signed-in route guard: a patient who opens /care reads
 * why there is nothing for them (the API answers 403 care_forbidden as well).
 */
export function CareGate({
  title,
  notForYou,
  children,
}: {
  title: string;
  notForYou: string;
  children: ReactNode;
}) {
  const user = useStoredUser();
  if (!isCareUser(user)) {
    return (
      <div className={page}>
        <h1>{title}</h1>
        <p role="status">{notForYou}</p>
      </div>
    );
  }
  return <>{children}</>;
}
