// The link of a lead assessor's (verifier's) invitation (/invitation/verifier?token=…).
import { InvitationPage } from './invitation';

export default function VerifierInvitationPage() {
  return <InvitationPage kind="verifier" />;
}
