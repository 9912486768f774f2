import { create } from 'zustand';

/** Who is signed in. Filled by the sign-in flow; tokens stay in memory only. */
interface SessionState {
  signedIn: boolean;
  firstName: string;
  lastName: string;
}

export const useSession = create<SessionState>(() => ({ signedIn: false, firstName: '', lastName: '' }));
