// The link of a regulator's invitation e-mail (/invitation/regulator?token=…).
import { InvitationPage } from './invitation';

export default function RegulatorInvitationPage() {
  return <InvitationPage kind="regulator" />;
}
