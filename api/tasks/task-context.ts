// What an action's hooks (a process's `apply` and `check`, domain/process-definition.ts) may know about the task: its account,
// the reporting clock, the company register and who may be given a task.
import type { AppDeps } from '../deps';
import type { CurrentUser } from '../auth/current-user';
import type { TaskContext } from '../../processes';
import { companyRegister } from '../companies';
import { candidates } from '../routes/tasks-assignment';
import type { TaskRow } from './task-access';

export async function taskContext(deps: AppDeps, user: CurrentUser, task: TaskRow): Promise<TaskContext> {
  const account =
    task.account_id === null
      ? null
      : await deps
          .db('accounts')
          .where({ id: task.account_id })
          .first('id', 'name', 'registration_number', 'competent_authority');
  return {
    userId: user.userId,
    account: account
      ? {
          id: account.id,
          name: account.name,
          registrationNumber: account.registration_number,
          competentAuthority: account.competent_authority,
        }
      : null,
    now: deps.config.reporting.now(),
    companyExists: async (registrationNumber) => !!(await companyRegister(deps.db).lookup(registrationNumber)),
    isCandidate: async (userId, taskType) => (await candidates(deps.db, task, taskType)).some((c) => c.id === userId),
  };
}
